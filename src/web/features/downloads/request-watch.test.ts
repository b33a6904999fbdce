import { describe, expect, it } from 'vitest';
import type { RequestStage, VideoRequest } from '../../../common/downloads.ts';
import { endsIn } from './request-ends.ts';
import { finishedSince, firstTelling, waitingIds } from './request-watch.ts';

const request = (id: number, stage: RequestStage) => ({ id, stage }) as VideoRequest;

describe('requested files refreshed while signed in', () => {
  it('a file seen being made and found ready or failed at the next look is told; cancelled or still waiting is not', () => {
    const before = [
      request(1, 'transcoding'),
      request(2, 'downloading'),
      request(3, 'transcoding'),
      request(4, 'transcoding'),
      request(5, 'ready'),
    ];
    const after = [
      request(1, 'download_now'),
      request(2, 'failed'),
      request(3, 'cancelled'),
      request(4, 'transcoding'),
      request(5, 'ready'),
    ];
    expect(finishedSince(waitingIds(before), after)).toEqual([
      { id: 1, outcome: 'completed' },
      { id: 2, outcome: 'failed' },
    ]);
  });

  it('the first look tells nothing: a file ready before the page opened is old news', () => {
    expect(finishedSince(null, [request(1, 'download_now'), request(2, 'failed')])).toEqual([]);
  });

  it('an end is told once, whether the message or the list brings it first', () => {
    expect(firstTelling(41)).toBe(true);
    expect(firstTelling(41)).toBe(false);
    expect(firstTelling(42)).toBe(true);
  });
});

describe('the end of a file being prepared, from the requested files', () => {
  const listed = (id: number, stage: RequestStage, url: string | null = null) => ({ id, project_id: 7, stage, url }) as VideoRequest;

  it('a waiting file the list shows ready or failed ends as its message would have said; others are left waiting', () => {
    const list = [
      listed(1, 'download_now', 'https://files/1.mp4'),
      listed(2, 'failed'),
      listed(3, 'transcoding'),
      listed(4, 'ready', 'https://files/4.mp4'),
    ];
    expect(endsIn([1, 2, 3], list)).toEqual([
      { type: 'completed', request_id: 1, project_id: '7', url: 'https://files/1.mp4' },
      { type: 'failed', request_id: 2, project_id: '7' },
    ]);
    expect(endsIn([5], list)).toEqual([]);
  });
});
