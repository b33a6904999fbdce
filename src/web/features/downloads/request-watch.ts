import type { RequestStage, VideoRequest } from '../../../common/downloads.ts';

/** Still being made: it can be cancelled, and its charge is given back (spec: accounts §4 "Video request"). */
export const isWaiting = (stage: RequestStage) => stage === 'transcoding' || stage === 'downloading';

/** The ids of the requests still being made. */
export const waitingIds = (requests: readonly VideoRequest[]): Set<number> =>
  new Set(requests.filter((request) => isWaiting(request.stage)).map((request) => request.id));

type Finished = { id: number; outcome: 'completed' | 'failed' };

/**
 * The requests that were being made at the last look and are finished now (spec: accounts §4 "Video
 * request": pending becomes completed on a transcoding message or when a refreshed list shows it),
 * as completed (the file can be fetched) or failed. None at the first look: nothing was seen waiting.
 */
export function finishedSince(waiting: ReadonlySet<number> | null, requests: readonly VideoRequest[]): Finished[] {
  if (!waiting) return [];
  return requests.flatMap((request): Finished[] => {
    if (!waiting.has(request.id)) return [];
    if (request.stage === 'download_now' || request.stage === 'ready') return [{ id: request.id, outcome: 'completed' }];
    if (request.stage === 'failed') return [{ id: request.id, outcome: 'failed' }];
    return [];
  });
}

/** Requests whose end this tab has told: the transcoding message and the refreshed list say it once between them. */
const told = new Set<number>();

/** True the first time a request's end is to be told, false after. */
export function firstTelling(id: number): boolean {
  if (told.has(id)) return false;
  told.add(id);
  return true;
}
