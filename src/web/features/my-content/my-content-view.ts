import { QUALITY_LABELS, type Container, type LogoPosition, type Quality, type VideoFormat } from '../../../common/catalogue-values.ts';
import type { MyContentEntities, VideoRequest } from '../../../common/downloads.ts';
import type { TranscodingMessage, UserNotificationMessage } from '../../../common/realtime.ts';
import { isWaiting } from '../downloads/request-watch.ts';

/** A file that can be fetched now: its signed link is in the answer. */
export const downloadLink = (request: Pick<VideoRequest, 'stage' | 'url'>) =>
  (request.stage === 'download_now' || request.stage === 'ready') && request.url ? request.url : null;

/** What a requested file and an operation both say of their file. */
export type RenditionFields = { quality: Quality; file_type: Container; video_format: VideoFormat; brand_position: LogoPosition | null };

/** A rendition's parts as the page shows them: "1080p", "MP4", its format, the logo's place when branded. */
export function renditionParts(rendition: RenditionFields) {
  return {
    quality: QUALITY_LABELS[rendition.quality],
    container: rendition.file_type.toUpperCase(),
    format: rendition.video_format,
    logo: rendition.video_format === 'branded' ? rendition.brand_position : null,
  };
}

/**
 * A progress message applied to the requested files the page holds: the new list, or null when the
 * request is not in it (made in another tab, say), so the list must be fetched again. At 100 % the
 * file is rendered and being stored, which the server calls downloading.
 */
export function withProgress(requests: VideoRequest[], message: Extract<TranscodingMessage, { type: 'progress' }>): VideoRequest[] | null {
  if (!requests.some((request) => request.id === message.request_id)) return null;
  const progress = Math.round(message.percent);
  return requests.map((request) =>
    request.id === message.request_id && isWaiting(request.stage)
      ? { ...request, progress, stage: progress >= 100 ? 'downloading' : 'transcoding' }
      : request,
  );
}

/** The page after the last one loaded, or undefined when all are there. */
export const nextPage = (last: Pick<MyContentEntities, 'page' | 'per_page' | 'count'>) =>
  last.page * last.per_page < last.count ? last.page + 1 : undefined;

/**
 * The notification that carries the CSV report's link (sent by the report job). The key is matched
 * in both the places it has lived, so the page keeps working whichever the server sends.
 */
const REPORT_READY_KEYS = new Set(['downloads.reportReady', 'myContent.reportReady']);
export const reportLinkOf = (message: UserNotificationMessage) =>
  'key' in message && REPORT_READY_KEYS.has(message.key) && message.link ? message.link : null;

const moments = new Map<string, Intl.DateTimeFormat>();
/** A day and time in the reader's language and time zone ("12 Nov 2026, 14:05"). */
export function formatMoment(iso: string, locale: string, timeZone: string): string {
  const key = `${locale}|${timeZone}`;
  let format = moments.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    });
    moments.set(key, format);
  }
  return format.format(new Date(iso));
}

/** "45 %" in the reader's language (Arabic digits and sign in Arabic). */
export const formatPercent = (percent: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
