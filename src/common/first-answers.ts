/**
 * First answers: the HTML shell of a screen can carry the answers to the GET calls the screen makes
 * first (src/server/web/first-answers.ts), so a cold page needs no round trip before its content.
 * The browser's API client takes each one once, by the call's URL (src/web/lib/first-answers.ts).
 */
export type FirstAnswer = { status: number; body: unknown };
export type FirstAnswers = Record<string, FirstAnswer>;

/** The id of the `<script type="application/json">` element that carries them. */
export const FIRST_ANSWERS_ID = 'first-answers';

/** One key per call, whatever the order of its query parameters: path and sorted query. */
export function answerKey(url: string): string {
  const parsed = new URL(url, 'http://key.invalid');
  const params = [...parsed.searchParams].sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  return `${parsed.pathname}?${new URLSearchParams(params).toString()}`;
}
