import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { VideoRequest } from '../../../common/downloads.ts';
import type { TranscodingMessage } from '../../../common/realtime.ts';
import { myContentApi, REQUESTED_FILES_KEY } from '../my-content/api.ts';
import { finishedSince } from './request-watch.ts';
import { transcodingEvents } from './transcoding-events.ts';

/**
 * While a file being prepared is on screen, the requested files are looked at this often, so its
 * end shows even when its message never came (the connection was down, or it dropped the message).
 */
export const WAITING_REFRESH_MS = 10_000;

type End = Extract<TranscodingMessage, { type: 'completed' | 'failed' }>;

/** The waiting requests the list shows finished, each as the message that would have told it. */
export function endsIn(waiting: readonly number[], requests: readonly VideoRequest[]): End[] {
  const byId = new Map(requests.map((request) => [request.id, request]));
  return finishedSince(new Set(waiting), requests).map(({ id, outcome }): End => {
    const project_id = String(byId.get(id)?.project_id);
    return outcome === 'completed'
      ? { type: 'completed', request_id: id, project_id, url: byId.get(id)?.url ?? null }
      : { type: 'failed', request_id: id, project_id };
  });
}

/**
 * The transcoding messages of the requests a view shows being prepared (the video page's download,
 * the basket's files): those the tab's subscription passes on, and the end of each `waiting`
 * request that a look at the requested files finds, every 10 s while one waits. A handler may so
 * hear an end twice: it acts on the first.
 */
export function useTranscodingMessages(waiting: readonly number[], onMessage: (message: TranscodingMessage) => void) {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => transcodingEvents.listen((message) => handler.current(message)), []);

  const watching = waiting.length > 0;
  const requests = useQuery({
    queryKey: REQUESTED_FILES_KEY,
    queryFn: ({ signal }) => myContentApi.requestedFiles(signal),
    enabled: watching,
    refetchInterval: watching ? WAITING_REFRESH_MS : false,
  });
  const list = requests.data?.video_requests;
  const waitingKey = waiting.join(',');
  useEffect(() => {
    if (!list || waitingKey === '') return;
    for (const end of endsIn(waitingKey.split(',').map(Number), list)) handler.current(end);
  }, [list, waitingKey]);
}
