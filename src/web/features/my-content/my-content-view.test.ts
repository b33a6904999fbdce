import { describe, expect, it } from 'vitest';
import type { VideoRequest } from '../../../common/downloads.ts';
import { isWaiting } from '../downloads/request-watch.ts';
import { downloadLink, formatPercent, nextPage, renditionParts, reportLinkOf, withProgress } from './my-content-view.ts';

const request = (overrides: Partial<VideoRequest> = {}): VideoRequest => ({
  id: 1,
  project_id: 7,
  project_slug: 'floods',
  title: 'Floods',
  quality: 'hd',
  file_type: 'mp4',
  video_format: 'clean',
  brand_position: null,
  stage: 'transcoding',
  progress: 10,
  url: null,
  withdrawn: false,
  error: null,
  delivery: null,
  delivery_error: null,
  created_at: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

describe('my content view', () => {
  it('cancels only files still in the making and links only files that can be fetched', () => {
    expect(isWaiting('transcoding')).toBe(true);
    expect(isWaiting('downloading')).toBe(true);
    expect(isWaiting('download_now')).toBe(false);
    expect(isWaiting('failed')).toBe(false);
    expect(downloadLink(request({ stage: 'download_now', url: '/files/a' }))).toBe('/files/a');
    expect(downloadLink(request({ stage: 'ready', url: '/files/a' }))).toBe('/files/a');
    expect(downloadLink(request({ stage: 'failed', url: '/files/a' }))).toBeNull();
    expect(downloadLink(request({ stage: 'ready', url: null }))).toBeNull();
  });

  it('names the logo only for branded files', () => {
    expect(renditionParts({ quality: 'full_hd', file_type: 'mxf', video_format: 'branded', brand_position: 'top_left' })).toEqual({
      quality: '1080p',
      container: 'MXF',
      format: 'branded',
      logo: 'top_left',
    });
    expect(renditionParts({ quality: 'sd', file_type: 'mp4', video_format: 'clean', brand_position: 'bottom_right' }).logo).toBeNull();
  });

  it('moves the bar of a known request and asks for the list for an unknown one', () => {
    const list = [request({ id: 1 }), request({ id: 2, stage: 'ready', progress: 100 })];
    const moved = withProgress(list, { type: 'progress', request_id: 1, project_id: '7', percent: 42.4 });
    expect(moved?.[0]).toMatchObject({ progress: 42, stage: 'transcoding' });
    expect(moved?.[1]).toBe(list[1]);
    expect(withProgress(list, { type: 'progress', request_id: 1, project_id: '7', percent: 100 })?.[0]?.stage).toBe('downloading');
    expect(withProgress(list, { type: 'progress', request_id: 9, project_id: '7', percent: 5 })).toBeNull();
  });

  it('pages 12 at a time until the count is reached', () => {
    expect(nextPage({ page: 1, per_page: 12, count: 13 })).toBe(2);
    expect(nextPage({ page: 2, per_page: 12, count: 24 })).toBeUndefined();
    expect(nextPage({ page: 1, per_page: 12, count: 0 })).toBeUndefined();
  });

  it('takes the report link only from the report notification', () => {
    expect(reportLinkOf({ type: 'success', key: 'downloads.reportReady', link: '/files/r.csv' })).toBe('/files/r.csv');
    expect(reportLinkOf({ type: 'success', key: 'myContent.reportReady', link: '/files/r.csv' })).toBe('/files/r.csv');
    expect(reportLinkOf({ type: 'success', key: 'other.thing', link: '/files/x' })).toBeNull();
    expect(reportLinkOf({ type: 'success', key: 'downloads.reportReady' })).toBeNull();
  });

  it('writes whole percentages', () => {
    expect(formatPercent(45, 'en')).toBe('45%');
    expect(formatPercent(42.6, 'en')).toBe('43%');
  });
});
