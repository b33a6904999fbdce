import { Suspense, useId } from 'react';
import { lazyRetry } from '../lib/lazy-retry.ts';
import './storyboard.css';

/** What the bar says, in the words of the page that shows it (a story's, a recording's). */
export type StoryboardTexts = {
  /** The slider's name. */
  label: string;
  /** How to use it: shown below the bar, or only read out (`compact`); the bar's description either way. */
  hint: string;
  /** The slider's value read out: "0:07 of 0:10". */
  at: (time: string, total: string) => string;
  /** A time on the bar as the page writes lengths (m:ss). */
  time: (seconds: number) => string;
};

/** The scrub bar's code comes with the first storyboard shown, not with the page. */
const StoryboardScrubber = lazyRetry(() => import('./storyboard-scrubber.tsx'));

/**
 * A storyboard's place (issue 28, "Previews you can scrub"), its size fixed before its code and its
 * VTT arrive: nothing moves when they do. `overlay` lays it along the foot of the picture above it
 * (the parent is positioned); `compact` keeps the hint for screen readers only, where the picture is
 * a card's and the words would cover it.
 */
export function Storyboard({
  url,
  texts,
  overlay = false,
  compact = false,
}: {
  url: string;
  texts: StoryboardTexts;
  overlay?: boolean;
  compact?: boolean;
}) {
  const hintId = useId();
  const classes = ['storyboard', overlay ? 'storyboard--overlay' : '', compact ? 'storyboard--compact' : ''].filter(Boolean).join(' ');
  return (
    <div className={classes} data-testid="storyboard">
      <Suspense fallback={<div className="storyboard__track" dir="ltr" />}>
        <StoryboardScrubber url={url} describedBy={hintId} texts={texts} />
      </Suspense>
      {/* Below the bar: the tile that shows above it covers the picture, not these words. */}
      <span className="storyboard__hint" id={hintId}>
        {texts.hint}
      </span>
    </div>
  );
}
