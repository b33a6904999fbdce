import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { VideoRequestList } from '../../../common/downloads.ts';
import type { TranscodingMessage } from '../../../common/realtime.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { transcodingEvents } from '../downloads/transcoding-events.ts';
import { MY_CONTENT_KEY, REQUESTED_FILES_KEY } from './api.ts';
import { withProgress } from './my-content-view.ts';

/**
 * One transcoding message applied to the cached answers (spec: content §4 "Requested videos"): a
 * percentage moves the bar in place; a file done or failed has the list fetched again, and the
 * downloaded items with it (a failed file is not one of them); an upload's news, the list only.
 */
export function applyTranscodingMessage(client: QueryClient, message: TranscodingMessage) {
  if (message.type === 'progress') {
    const held = client.getQueryData<VideoRequestList>(REQUESTED_FILES_KEY);
    const next = held ? withProgress(held.video_requests, message) : null;
    if (next) client.setQueryData<VideoRequestList>(REQUESTED_FILES_KEY, { video_requests: next });
    // A request this page has not seen (made in another tab): a new downloaded item too.
    else void client.invalidateQueries({ queryKey: MY_CONTENT_KEY });
    return;
  }
  void client.invalidateQueries({ queryKey: message.type === 'delivery' ? REQUESTED_FILES_KEY : MY_CONTENT_KEY });
}

/**
 * Follows the user's transcoding messages as the tab's one subscription (downloads-live.tsx) passes
 * them on; returns the unsubscribe.
 */
export function followRequestedFiles(client: QueryClient): () => void {
  return transcodingEvents.listen((message) => applyTranscodingMessage(client, message));
}

type Following = { client: QueryClient; userId: number; users: number; stop: () => void };
/** The tab's one subscription, however many parts of the app follow the requested files. */
let following: Following | null = null;

function follow(client: QueryClient, userId: number): () => void {
  if (!following || following.client !== client || following.userId !== userId)
    following = { client, userId, users: 0, stop: followRequestedFiles(client) };
  const entry = following;
  entry.users += 1;
  return () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    entry.stop();
    if (following === entry) following = null;
  };
}

/**
 * Keeps the requested files (REQUESTED_FILES_KEY) current from the transcoding channel while the
 * calling component is mounted and someone is signed in. Safe to use in several places at once
 * (my content, and app-wide): they share one subscription.
 */
export function useRequestedFilesLive() {
  const client = useQueryClient();
  const userId = useSignedInUserId();
  useEffect(() => (userId === null ? undefined : follow(client, userId)), [client, userId]);
}
