/**
 * The catalogue sections (src/web/i18n/sections.ts) the first render of a screen the shell answers
 * says: the browser's router loads them with the screen's code, and the server's shell preloads
 * them beside it (src/server/web/first-answers.ts), rather than one round trip after it.
 */
export const SCREEN_SECTIONS = {
  video: ['download', 'video', 'planDetails'],
} as const;
