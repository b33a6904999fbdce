/**
 * The dot of a radio item (a Radix RadioGroup.Item), shown by CSS while the item is checked
 * (styles/global.css). Not Radix's Indicator: that mounts through Presence, whose getComputedStyle
 * made the browser work out the style of the whole new page inside React's commit, as one long
 * task (140 ms of a video page's first load at Lighthouse's mobile CPU; docs/performance.md).
 */
export function RadioDot() {
  return <span className="radio__dot" aria-hidden="true" />;
}
