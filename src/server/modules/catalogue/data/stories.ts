import type { LocalizedText } from './categories.ts';
import { CONFLICT_STORIES } from './stories-conflicts.ts';
import { CRIME_STORIES } from './stories-crime.ts';
import { CULTURE_STORIES } from './stories-culture.ts';
import { DISASTER_STORIES } from './stories-disasters.ts';
import { ECONOMY_STORIES } from './stories-economy.ts';
import { ENVIRONMENT_STORIES } from './stories-environment.ts';
import { HEALTH_STORIES } from './stories-health.ts';
import { POLITICS_STORIES } from './stories-politics.ts';
import { SCIENCE_STORIES } from './stories-science.ts';
import { SOCIETY_STORIES } from './stories-society.ts';
import { SPORT_STORIES } from './stories-sport.ts';
import { WORLD_STORIES } from './stories-world.ts';

/**
 * A demo story that can be datelined anywhere. Texts are original and fictional: no real private
 * persons, quotes come from generic roles. Each language is written as its own desk would write it,
 * so the Russian headlines use the "City: ..." form, which keeps the city name in the nominative.
 *
 * Placeholders, filled by generate.ts:
 * - `{city}`: the dateline city in the text's language;
 * - `{date}`: the dateline date, spelled out in the text's language;
 * - `{language}`: the language spoken on camera in the dateline country, in the text's language
 *   (used in soundbite lines: "SOUNDBITE ({language}) Resident: ...").
 */
export type StoryTemplate = {
  /** A CATEGORIES slug. */
  category: string;
  /** TAGS slugs (1–3). */
  tags: readonly string[];
  title: LocalizedText;
  /** Two to four sentences. */
  story: LocalizedText;
  /** Five to nine shotlist lines. */
  shots: readonly LocalizedText[];
};

export const STORY_PLACEHOLDERS = ['{city}', '{date}', '{language}'] as const;

export const STORIES: readonly StoryTemplate[] = [
  ...POLITICS_STORIES,
  ...SOCIETY_STORIES,
  ...CULTURE_STORIES,
  ...ECONOMY_STORIES,
  ...WORLD_STORIES,
  ...CONFLICT_STORIES,
  ...DISASTER_STORIES,
  ...ENVIRONMENT_STORIES,
  ...SCIENCE_STORIES,
  ...HEALTH_STORIES,
  ...SPORT_STORIES,
  ...CRIME_STORIES,
];
