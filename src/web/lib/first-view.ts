import type { QueryClient } from '@tanstack/react-query';
import { FIRST_ANSWERS_ID } from '../../common/first-answers.ts';
import type { Locale } from '../../common/locales.ts';

/** The screen a page opens on: its locale and its route's parameters. */
export type FirstView = { locale: Locale; params: Record<string, string> };

/** Puts in the cache what a screen's first render reads, from the answers its shell carries. */
export type FirstViewQueries = (client: QueryClient, view: FirstView) => Promise<unknown>;

/** Whether this page's shell carries answers (a visitor's cold dashboard, catalogue or video page). */
export function shellCarriesAnswers(): boolean {
  return document.getElementById(FIRST_ANSWERS_ID) !== null;
}
