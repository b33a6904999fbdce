import { Upload } from 'tus-js-client';
import { INGEST_UPLOAD_PATH, UPLOAD_CHUNK_BYTES } from '../../../../common/newsroom-ingest.ts';

/** An upload this browser began and did not finish, as tus keeps it in localStorage. */
export type PreviousUpload = Awaited<ReturnType<Upload['findPreviousUploads']>>[number];

/** Where one file's upload is, as its row shows it. */
export type UploadStatus = 'uploading' | 'paused' | 'offline' | 'error' | 'done';

export type UploadEntry = {
  key: string;
  name: string;
  size: number;
  sent: number;
  /** Bytes a second over the last few seconds; null until measured. */
  speed: number | null;
  status: UploadStatus;
  /** The story the master belongs to, once the server named it. */
  itemId: number | null;
  /** Whether this upload went on from bytes sent before (a reload or an earlier visit). */
  resumed: boolean;
  error: string | null;
};

/** After a dropped request tus asks where it stopped and goes on, waiting longer each time. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];
/** The window speed is measured over. */
const SPEED_WINDOW_MS = 3000;

/** The story id a tus answer names: `Upload-Item-Id`, or `item_id` in the metadata a HEAD returns. */
function itemIdOf(header: (name: string) => string | undefined): number | null {
  const direct = Number(header('Upload-Item-Id'));
  if (Number.isInteger(direct) && direct > 0) return direct;
  const metadata = header('Upload-Metadata') ?? '';
  const encoded = metadata
    .split(',')
    .map((pair) => pair.trim().split(' '))
    .find(([key]) => key === 'item_id')?.[1];
  const decoded = encoded ? Number(atob(encoded)) : NaN;
  return Number.isInteger(decoded) && decoded > 0 ? decoded : null;
}

/**
 * The uploads of this page: each file a tus upload (tus-js-client), sent in chunks so that no
 * request outlasts the server's timeout, its URL kept in localStorage by the file's fingerprint so
 * that the same file picked again after a reload goes on where it stopped. A dropped connection is
 * retried; while the browser is offline the upload waits and goes on when it is back.
 */
export class UploadQueue {
  private entries: UploadEntry[] = [];
  private uploads = new Map<string, Upload>();
  private samples = new Map<string, { at: number; sent: number }[]>();
  private listeners = new Set<() => void>();
  private sequence = 0;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  snapshot = () => this.entries;

  private change(key: string, patch: Partial<UploadEntry>) {
    this.entries = this.entries.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry));
    this.listeners.forEach((listener) => listener());
  }

  /** Uploads picked earlier on this browser that did not finish (tus's fingerprints in localStorage). */
  static async unfinished(): Promise<PreviousUpload[]> {
    const probe = new Upload(new Blob([]), { endpoint: INGEST_UPLOAD_PATH });
    return probe.findPreviousUploads().catch(() => []);
  }

  add(files: File[]) {
    for (const file of files) {
      const key = `${(this.sequence += 1)}-${file.name}`;
      this.entries = [
        ...this.entries,
        { key, name: file.name, size: file.size, sent: 0, speed: null, status: 'uploading', itemId: null, resumed: false, error: null },
      ];
      const upload = new Upload(file, {
        endpoint: INGEST_UPLOAD_PATH,
        chunkSize: UPLOAD_CHUNK_BYTES,
        retryDelays: RETRY_DELAYS,
        metadata: { filename: file.name, filetype: file.type },
        removeFingerprintOnSuccess: true,
        onProgress: (sent, total) => this.progress(key, sent, total),
        onAfterResponse: (_request, response) => {
          const itemId = itemIdOf((name) => response.getHeader(name));
          if (itemId && this.entries.find((entry) => entry.key === key)?.itemId !== itemId) this.change(key, { itemId });
        },
        onSuccess: () => this.change(key, { status: 'done', sent: file.size, speed: null, error: null }),
        onError: (error) => this.failed(key, error),
      });
      this.uploads.set(key, upload);
      this.listeners.forEach((listener) => listener());
      void upload.findPreviousUploads().then((previous) => {
        const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (last) {
          upload.resumeFromPreviousUpload(last);
          this.change(key, { resumed: true });
        }
        upload.start();
      });
    }
  }

  private progress(key: string, sent: number, total: number) {
    const now = performance.now();
    const samples = [...(this.samples.get(key) ?? []), { at: now, sent }].filter((sample) => now - sample.at <= SPEED_WINDOW_MS);
    this.samples.set(key, samples);
    const first = samples[0];
    const speed = first && now - first.at > 250 ? ((sent - first.sent) * 1000) / (now - first.at) : null;
    this.change(key, { sent: Math.min(sent, total), speed, status: 'uploading', error: null });
  }

  private failed(key: string, error: Error) {
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      // tus does not retry while offline: go on by ourselves as soon as the browser is back.
      this.change(key, { status: 'offline', speed: null });
      window.addEventListener('online', () => this.resume(key), { once: true });
      return;
    }
    this.change(key, { status: 'error', speed: null, error: error.message });
  }

  pause(key: string) {
    void this.uploads.get(key)?.abort();
    this.samples.delete(key);
    this.change(key, { status: 'paused', speed: null });
  }

  resume(key: string) {
    const entry = this.entries.find((candidate) => candidate.key === key);
    if (!entry || entry.status === 'done') return;
    this.change(key, { status: 'uploading', error: null });
    this.uploads.get(key)?.start();
  }

  /** Leaving the page stops sending; the fingerprints stay, so the uploads go on when their files are picked again. */
  stopAll() {
    for (const upload of this.uploads.values()) void upload.abort();
  }
}
