/** Spec (content: "errors show after the field loses focus; blur delay 150 ms"). */
export const BLUR_DELAY_MS = 150;

/**
 * A field's blur handler run 150 ms after the blur: a click that moved the focus (to a suggestion, a
 * "show password" toggle, the submit button) lands before the field's error shows and moves the form.
 */
export function delayedBlur<E>(handler: ((event: E) => unknown) | undefined): ((event: E) => void) | undefined {
  if (!handler) return undefined;
  return (event: E) => {
    setTimeout(() => void handler(event), BLUR_DELAY_MS);
  };
}
