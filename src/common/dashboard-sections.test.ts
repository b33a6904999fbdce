import { describe, expect, it } from 'vitest';
import type { Banner, VideoProjectSummary } from './catalogue.ts';
import { withoutRepeats } from './dashboard-sections.ts';

const story = (n: number) => ({ id: n, project_id: `NR-${n}`, project_slug: `story-${n}` }) as VideoProjectSummary;
const banner = (extid: string | null) => ({ video_project_extid: extid }) as Banner;

describe('dashboard sections show each story once', () => {
  it('leaves the hero stories out of picks and latest, and the picks out of latest', () => {
    const { hotbox, feed } = withoutRepeats([banner('NR-1'), banner(null)], [story(1), story(2)], [story(1), story(2), story(3)]);
    expect(hotbox.map((video) => video.id)).toEqual([2]);
    expect(feed.map((video) => video.id)).toEqual([3]);
  });

  it('keeps the feed at its page size when more were fetched', () => {
    const { feed } = withoutRepeats([banner('NR-1')], [], [story(1), story(2), story(3), story(4)], 2);
    expect(feed.map((video) => video.id)).toEqual([2, 3]);
  });
});
