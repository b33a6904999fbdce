import { describe, expect, it } from 'vitest';
import { readCatalogue, textAt } from '../../../../scripts/catalogues.ts';
import { LOCALES } from '../../../common/locales.ts';
import { signInHref } from '../../lib/session.ts';
import { downloadState, FORMAT_KEYS, projectFormats, qualityRows, REASON_KEYS, type AvailableFormat } from './video-download.ts';

const hasKey = (locale: string, key: string): boolean => (textAt(readCatalogue(locale), key) ?? '').trim() !== '';

const file = (overrides: Partial<AvailableFormat>): AvailableFormat => ({
  format: 'clean',
  quality: 'full_hd',
  quality_label: '1080p',
  container: 'mp4',
  available: false,
  reason: 'licence_required',
  ...overrides,
});

describe('what the download button can do (spec: content §2 "Video page")', () => {
  it('sends visitors to sign-in whatever the formats call says', () => {
    expect(downloadState(false, undefined, 'clean')).toEqual({ kind: 'sign_in' });
    expect(downloadState(false, [file({ available: true, reason: null })], 'clean')).toEqual({ kind: 'sign_in' });
  });

  it('waits for the formats call, then gives its reason when nothing of the format may be downloaded', () => {
    expect(downloadState(true, undefined, 'clean')).toEqual({ kind: 'checking' });
    expect(downloadState(true, [file({ reason: 'embargoed' })], 'clean')).toEqual({ kind: 'blocked', reason: 'embargoed' });
    expect(downloadState(true, [file({ reason: 'subscribers_only', format: 'branded' })], 'branded')).toEqual({
      kind: 'blocked',
      reason: 'subscribers_only',
    });
    expect(downloadState(true, [file({ format: 'clean' })], 'credit')).toEqual({ kind: 'blocked', reason: 'no_files' });
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
