import { describe, expect, it } from 'vitest';
import { readCatalogue, textAt } from '../../../../scripts/catalogues.ts';
import { LOCALES } from '../../../common/locales.ts';
import { signInHref } from '../../lib/session.ts';
import {
  downloadState,
  formatSize,
  FORMAT_KEYS,
  projectFormats,
  qualityRows,
  REASON_KEYS,
  secondsLeft,
  timeLeft,
  type AvailableFormat,
} from './video-download.ts';

const hasKey = (locale: string, key: string): boolean => (textAt(readCatalogue(locale), key) ?? '').trim() !== '';

const file = (overrides: Partial<AvailableFormat>): AvailableFormat => ({
  format: 'clean',
  quality: 'full_hd',
  quality_label: '1080p',
  container: 'mp4',
  available: false,
  reason: 'licence_required',
  remedy: 'buy_licence',
  size_bytes: 120_000_000,
  size_estimated: true,
  ready: false,
  render_seconds: 60,
  ...overrides,
});

describe('sizes and time left as the panel says them (issue 28)', () => {
  it('writes sizes in KB, MB or GB with one decimal below ten', () => {
    expect(formatSize(48_400_000, 'en')).toEqual({ value: '48', unit: 'MB' });
    expect(formatSize(1_234_000_000, 'en')).toEqual({ value: '1.2', unit: 'GB' });
    expect(formatSize(900, 'en')).toEqual({ value: '0.9', unit: 'KB' });
    expect(formatSize(1_234_000_000, 'ru')).toEqual({ value: '1,2', unit: 'GB' });
  });

  it('counts time left from the progress once there is some, before that from the estimate', () => {
    const start = 1_000_000;
    expect(secondsLeft({ percent: 0, startedAt: start, estimate: 300 }, start + 60_000)).toBe(240);
    expect(secondsLeft({ percent: 0, startedAt: start, estimate: null }, start + 60_000)).toBeNull();
    // A quarter done in 60 s: three quarters, 180 s, are left.
    expect(secondsLeft({ percent: 25, startedAt: start, estimate: 30 }, start + 60_000)).toBe(180);
    expect(secondsLeft({ percent: 0, startedAt: start, estimate: 30 }, start + 60_000)).toBe(0);
    expect(timeLeft(180)).toEqual({ unit: 'minutes', count: 3 });
    expect(timeLeft(0)).toEqual({ unit: 'seconds', count: 5 });
    expect(timeLeft(42)).toEqual({ unit: 'seconds', count: 40 });
  });
});

describe('what the download button can do (spec: content §2 "Video page")', () => {
  it('sends visitors to sign-in whatever the formats call says', () => {
    expect(downloadState(false, undefined, 'clean')).toEqual({ kind: 'sign_in' });
    expect(downloadState(false, [file({ available: true, reason: null })], 'clean')).toEqual({ kind: 'sign_in' });
  });

  it('waits for the formats call, then gives its reason when nothing of the format may be downloaded', () => {
    expect(downloadState(true, undefined, 'clean')).toEqual({ kind: 'checking' });
    expect(downloadState(true, [file({ reason: 'embargoed', remedy: 'wait' })], 'clean')).toEqual({
      kind: 'blocked',
      reason: 'embargoed',
      remedy: 'wait',
    });
    expect(downloadState(true, [file({ reason: 'subscribers_only', remedy: 'see_plans', format: 'branded' })], 'branded')).toEqual({
      kind: 'blocked',
      reason: 'subscribers_only',
      remedy: 'see_plans',
    });
    expect(downloadState(true, [file({ format: 'clean' })], 'credit')).toEqual({ kind: 'blocked', reason: 'no_files', remedy: null });
    // A member over their monthly limit: blocked before the click, and told to ask their master.
    expect(downloadState(true, [file({ reason: 'personal_quota', remedy: 'ask_master' })], 'clean')).toEqual({
      kind: 'blocked',
      reason: 'personal_quota',
      remedy: 'ask_master',
    });
  });

  it('is ready when a file of the chosen format is available', () => {
    const files = [file({}), file({ quality: 'hd', quality_label: '720p', available: true, reason: null })];
    expect(downloadState(true, files, 'clean')).toEqual({ kind: 'ready' });
  });

  it('comes back to the page after signing in', () => {
    expect(signInHref('ar', '/ar/videos/floods-in-valencia?sort=oldest')).toBe(
      '/ar/signin?redirect=%2Far%2Fvideos%2Ffloods-in-valencia%3Fsort%3Doldest',
    );
  });
});

describe('the quality table', () => {
  it('lists the chosen format from 1080p down, one column per container', () => {
    const files = [
      file({ quality: 'sd', quality_label: '240p', container: 'mp4' }),
      file({ quality: 'full_hd', quality_label: '1080p', container: 'mxf' }),
      file({ quality: 'full_hd', quality_label: '1080p', container: 'mp4', available: true, reason: null }),
      file({ format: 'branded', quality: 'hd', quality_label: '720p' }),
    ];
    const rows = qualityRows(files, 'clean');
    expect(rows.map((row) => row.label)).toEqual(['1080p', '240p']);
    expect(rows[0]?.files.mp4?.available).toBe(true);
    expect(rows[0]?.files.mxf?.reason).toBe('licence_required');
    expect(rows[1]?.files.mxf).toBeNull();
    expect(qualityRows(files, 'credit')).toEqual([]);
  });

  it('offers the project formats once each, in the order clean, branded, credit', () => {
    expect(projectFormats(['credit', 'clean', 'credit'])).toEqual(['clean', 'credit']);
    expect(projectFormats([])).toEqual([]);
  });
});

describe('texts', () => {
  it.each(LOCALES)('%s names every reason and format', (locale) => {
    const keys = [...Object.values(REASON_KEYS), ...Object.values(FORMAT_KEYS).flatMap((keys) => [keys.name, keys.hint])];
    for (const key of keys) expect(hasKey(locale, key), `${locale} ${key}`).toBe(true);
  });
});
