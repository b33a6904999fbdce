import type { z } from 'zod';
import type { availableFormatSchema } from '../../../common/catalogue.ts';
import { type CONTAINERS, QUALITIES, VIDEO_FORMATS, type Quality, type VideoFormat } from '../../../common/catalogue-values.ts';

export type AvailableFormat = z.infer<typeof availableFormatSchema>;
type Container = (typeof CONTAINERS)[number];
/** Why a file cannot be downloaded; no_files when the project has none in the chosen format. */
export type BlockedReason = NonNullable<AvailableFormat['reason']> | 'no_files';

export const REASON_KEYS: Record<BlockedReason, string> = {
  login_required: 'video.reasons.login_required',
  licence_required: 'video.reasons.licence_required',
  subscribers_only: 'video.reasons.subscribers_only',
  balance_used_up: 'video.reasons.balance_used_up',
  embargoed: 'video.reasons.embargoed',
  daily_quota: 'video.reasons.daily_quota',
  personal_quota: 'video.reasons.personal_quota',
  logo_required: 'video.reasons.logo_required',
  no_files: 'video.reasons.no_files',
};

export const FORMAT_KEYS: Record<VideoFormat, { name: string; hint: string }> = {
  clean: { name: 'video.formats.clean', hint: 'video.formats.cleanHint' },
  branded: { name: 'video.formats.branded', hint: 'video.formats.brandedHint' },
  credit: { name: 'video.formats.credit', hint: 'video.formats.creditHint' },
};

/** The formats a project has, once each, in the spec's order (clean, branded, credit). */
export function projectFormats(formats: readonly VideoFormat[]): VideoFormat[] {
  return VIDEO_FORMATS.filter((format) => formats.includes(format));
}

/**
 * What the download button can do:
 * - sign_in: a visitor, who is sent to sign-in and back;
 * - checking: the formats call has not answered yet;
 * - blocked: no file of the chosen format may be downloaded, and why (the formats call's reason);
 * - ready: at least one file may be downloaded (after the restrictions are agreed to).
 */
export type DownloadState =
  | { kind: 'sign_in' }
  | { kind: 'checking' }
  | { kind: 'blocked'; reason: BlockedReason; remedy: AvailableFormat['remedy'] }
  | { kind: 'ready' };

export function downloadState(signedIn: boolean, formats: readonly AvailableFormat[] | undefined, chosen: VideoFormat): DownloadState {
  if (!signedIn) return { kind: 'sign_in' };
  if (!formats) return { kind: 'checking' };
  const files = formats.filter((file) => file.format === chosen);
  if (files.length === 0) return { kind: 'blocked', reason: 'no_files', remedy: null };
  if (files.some((file) => file.available)) return { kind: 'ready' };
  const blocked = files.find((file) => file.reason !== null);
  return { kind: 'blocked', reason: blocked?.reason ?? 'no_files', remedy: blocked?.remedy ?? null };
}

/** A row of the quality table: one quality, its file in each container (null when there is none). */
export type QualityRow = { quality: Quality; label: string; files: Record<Container, AvailableFormat | null> };

/** The chosen format's files as rows from 1080p down to 240p, with one column per container. */
export function qualityRows(formats: readonly AvailableFormat[], chosen: VideoFormat): QualityRow[] {
  const files = formats.filter((file) => file.format === chosen);
  return QUALITIES.flatMap((quality) => {
    const ofQuality = files.filter((file) => file.quality === quality);
    const first = ofQuality[0];
    if (!first) return [];
    const byContainer = (container: Container) => ofQuality.find((file) => file.container === container) ?? null;
    return [{ quality, label: first.quality_label, files: { mp4: byContainer('mp4'), mxf: byContainer('mxf') } }];
  });
}

/** A file's size as people read it: "48 MB", "1.2 GB" (in the page's language's digits). */
export function formatSize(bytes: number, locale: string): { value: string; unit: 'KB' | 'MB' | 'GB' } {
  const units = [
    ['GB', 1e9],
    ['MB', 1e6],
    ['KB', 1e3],
  ] as const;
  const [unit, size] = units.find(([, scale]) => bytes >= scale) ?? units[2];
  const amount = bytes / size;
  const value = new Intl.NumberFormat(locale, { maximumFractionDigits: amount < 10 ? 1 : 0 }).format(amount);
  return { value, unit };
}

/** How long is left, as whole minutes from a minute up, else seconds (at least 5: never "0 seconds"). */
export function timeLeft(seconds: number): { unit: 'minutes' | 'seconds'; count: number } {
  if (seconds >= 60) return { unit: 'minutes', count: Math.round(seconds / 60) };
  return { unit: 'seconds', count: Math.max(5, Math.round(seconds / 5) * 5) };
}

/**
 * Seconds left of a file being prepared: from the progress so far once there is some (the time it
 * took per percent), before that from the server's estimate less the time gone.
 */
export function secondsLeft(progress: { percent: number; startedAt: number; estimate: number | null }, now: number): number | null {
  const elapsed = Math.max(0, (now - progress.startedAt) / 1000);
  if (progress.percent >= 5 && progress.percent < 100) return (elapsed * (100 - progress.percent)) / progress.percent;
  if (progress.estimate === null) return null;
  return Math.max(0, progress.estimate - elapsed);
}
