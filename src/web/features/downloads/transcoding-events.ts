import type { TranscodingMessage } from '../../../common/realtime.ts';

type Listener = (message: TranscodingMessage) => void;
const listeners = new Set<Listener>();

/**
 * The transcoding messages of the tab's one subscription (downloads-live.tsx), passed on to the
 * parts that show them (the video page's download panel): one subscription, many listeners.
 */
export const transcodingEvents = {
  emit(message: TranscodingMessage) {
    for (const listener of listeners) listener(message);
  },
  listen(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Every query of my content starts with this key: a transcoding message refreshes them. */
export const MY_CONTENT_KEY = 'my-content';

/** Downloads the file of a signed link through a hidden frame, so the page stays (spec: content §4 Purchase success). */
export function downloadThroughFrame(url: string) {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.src = url;
  frame.dataset.testid = 'download-frame';
  document.body.append(frame);
  setTimeout(() => frame.remove(), 60_000);
}
