import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { cueAt, parseStoryboardVtt, type StoryboardCue } from '../../common/storyboard.ts';
import type { StoryboardTexts } from './storyboard.tsx';

/** The storyboard's cues, their sprite named by its full address (the VTT names it relative to itself). */
async function loadStoryboard(url: string, signal: AbortSignal): Promise<StoryboardCue[]> {
  const address = new URL(url, window.location.href).toString();
  const response = await fetch(address, { signal });
  if (!response.ok) throw new Error(`The storyboard answered ${response.status}`);
  return parseStoryboardVtt(await response.text(), address);
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The scrub bar of a storyboard (issue 28, "Previews you can scrub"): a story's on its video page, a
 * recording's on its card; loaded only by pages that show one. The bar stands for the whole master; pointing at it, or dragging along it, shows
 * the tile of that moment in a box of fixed size above the bar, with its time. It is a slider for
 * the keyboard: the arrows move a tile at a time, Page Up/Down a tenth, Home/End to the ends, and
 * the tile shows while it has the keyboard's focus. The bar runs left to right in every language,
 * as a player's timeline does. Nothing here takes space of its own: the box is laid over the
 * picture, so the page does not move when it shows.
 */
export default function StoryboardScrubber({
  url,
  describedBy,
  texts,
}: {
  url: string;
  describedBy: string;
  texts: Pick<StoryboardTexts, 'label' | 'at' | 'time'>;
}) {
  const storyboard = useQuery({
    queryKey: ['storyboard', url],
    queryFn: ({ signal }) => loadStoryboard(url, signal),
    // A storyboard's address changes when it is made again: what was read stays true.
    staleTime: Infinity,
  });
  const track = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState(0);
  const [pointed, setPointed] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [keyboard, setKeyboard] = useState(false);
  const cues = storyboard.data ?? [];
  const duration = cues.at(-1)?.end ?? 0;
  // Empty while the VTT loads (or failed): the same bar, not yet a control.
  if (cues.length === 0 || duration <= 0) return <div className="storyboard__track" dir="ltr" data-testid="storyboard-track" />;

  const step = cues[0] ? cues[0].end - cues[0].start : 1;
  const timeAt = (clientX: number) => {
    const box = track.current?.getBoundingClientRect();
    if (!box || box.width <= 0) return 0;
    return clamp((clientX - box.left) / box.width, 0, 1) * duration;
  };
  const shown = pointed ?? (dragging || keyboard ? value : null);
  const cue = shown === null ? null : cueAt(cues, shown);
  const total = texts.time(Math.round(duration));

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const time = timeAt(event.clientX);
    setPointed(time);
    if (dragging) setValue(time);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // The drag goes on outside the bar; the box follows until the button is let go.
    event.currentTarget.setPointerCapture(event.pointerId);
    setKeyboard(false);
    setDragging(true);
    setValue(timeAt(event.clientX));
  };
  const onPointerEnd = () => setDragging(false);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: value + step,
      ArrowUp: value + step,
      ArrowLeft: value - step,
      ArrowDown: value - step,
      PageUp: value + duration / 10,
      PageDown: value - duration / 10,
      Home: 0,
      End: duration,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setKeyboard(true);
    setPointed(null);
    // A step lands on the next tile's start, so each press shows a new picture.
    setValue(clamp(event.key.startsWith('Arrow') ? Math.round(next / step) * step : next, 0, duration));
  };

  return (
    <div
      ref={track}
      className="storyboard__track storyboard__track--ready"
      dir="ltr"
      role="slider"
      tabIndex={0}
      aria-label={texts.label}
      aria-describedby={describedBy}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(value)}
      aria-valuetext={texts.at(texts.time(Math.round(value)), total)}
      onPointerMove={onPointerMove}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onPointerLeave={() => setPointed(null)}
      onKeyDown={onKeyDown}
      onBlur={() => setKeyboard(false)}
      data-testid="storyboard-track"
      data-ready="true"
    >
      <div className="storyboard__fill" style={{ inlineSize: `${(value / duration) * 100}%` }} />
      {cue && shown !== null ? (
        <div
          className="storyboard__preview"
          style={{ '--at': String(shown / duration), '--tile-width': `${cue.w}px` } as CSSProperties}
          aria-hidden
          data-testid="storyboard-preview"
          data-time={shown.toFixed(2)}
        >
          <div
            className="storyboard__thumb"
            style={{
              inlineSize: cue.w,
              blockSize: cue.h,
              backgroundImage: `url("${cue.image}")`,
              backgroundPosition: `${-cue.x}px ${-cue.y}px`,
            }}
            data-testid="storyboard-thumb"
          />
          <span className="storyboard__time">{texts.time(Math.floor(shown))}</span>
        </div>
      ) : null}
    </div>
  );
}
