/**
 * The longest a demo story is listed at, and so the longest its download is (docs/decisions.md,
 * issue 28): the demo's generated footage is played to the story's listed length when a file is
 * rendered (downloads/demo-masters-seed.ts), and a render of three minutes stays a minute or two on
 * a small machine. The demo catalogue lists no story longer (data/generate.ts), and a demo story
 * stored longer before this rule is listed at it by the next seed of the demo's masters: a card,
 * a page or a download estimate never promises more than the file gives.
 */
export const DEMO_FILE_MAX_SECONDS = 180;
