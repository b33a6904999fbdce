import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import { listedProject, tsQuery } from './filters.ts';
import { videoProjects } from './schema.ts';
import type { CatalogueContext } from './search.ts';

const p = videoProjects;

/** Words shorter than this are left as typed: a short word has too few trigrams to say what was meant. */
const MIN_WORD_LETTERS = 4;
/** At most this many words of a text are looked at (a search text holds a few). */
const MAX_WORDS = 8;
/** The titles, nearest first, whose words are the candidates for one typed word. */
const NEAREST_TITLES = 10;
/** Nearest titles further than this (word distance, as suggestions use) hold nothing like the word. */
const MAX_WORD_DISTANCE = 0.7;
/** A word is replaced only by one at least this similar (pg_trgm `similarity`, 0 to 1). */
const MIN_SIMILARITY = 0.4;

/** A word: letters (with Arabic and other combining marks) and digits. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const EDGE_PUNCTUATION = /^[^\p{L}\p{M}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu;
const remembered = <V>(ctx: CatalogueContext, key: string, load: () => Promise<V>) => (ctx.memo ? ctx.memo(key, load) : load());

/**
 * The text with each word the catalogue does not know replaced by the closest word of a title
 * ("eartquake" → "earthquake"), or null when no word was replaced (issue 28 "Discovery": search
 * forgives typos as suggestions do). A word is known when the search itself matches it anywhere
 * (title, keywords, story, any language, as a prefix), so a correctly spelled word that only a story
 * holds is kept. Replacements come from titles, through the same GiST trigram index as suggestions:
 * the closest titles by word similarity, then the most similar word in them. Called only when the
 * typed text found nothing, so the common search pays nothing for it.
 */
export async function correctedText(ctx: CatalogueContext, text: string): Promise<string | null> {
  const words = [...new Set(text.match(WORD) ?? [])].filter((word) => [...word].length >= MIN_WORD_LETTERS).slice(0, MAX_WORDS);
  const replacements = new Map<string, string>();
  for (const word of words) {
    const closest = await remembered(ctx, `correction:${word.toLowerCase()}`, () => closestKnownWord(ctx, word));
    if (closest) replacements.set(word, matchCase(word, closest));
  }
  if (replacements.size === 0) return null;
  return text.replace(WORD, (word) => replacements.get(word) ?? word);
}

/** The closest title word to a word the catalogue does not know; null for a known word or when nothing is close. */
async function closestKnownWord(ctx: CatalogueContext, word: string): Promise<string | null> {
  // The query goes as a value, as the search sends it: the planner then knows the word is rare and
  // asks the text index, rather than reading the table for a first match that is not there.
  const [built] = await ctx.db.select({ query: sql<string>`(${tsQuery(word)})::text` }).from(sql`(values (1)) as one (x)`);
  const [known] = await ctx.db
    .select({ one: sql`1` })
    .from(p)
    .where(sql`${listedProject} and ${p.searchVector} @@ ${built?.query ?? ''}::tsquery`)
    .limit(1);
  if (known) return null;
  // The title words are split on spaces here (a locale-independent split) and trimmed of
  // punctuation below; pg_trgm ignores punctuation, so "earthquake," is as similar as "earthquake".
  const result: unknown = await ctx.db.execute(sql`
    select candidate, similarity(${word}, candidate) as score
    from (
      select ${p.title} as title from ${p}
      where ${listedProject}
      order by ${word} <<-> ${p.title}
      limit ${NEAREST_TITLES}
    ) as nearest
    cross join lateral regexp_split_to_table(nearest.title, '\\s+') as candidate
    where ${word} <<-> nearest.title < ${MAX_WORD_DISTANCE}
    order by score desc, candidate
    limit 1`);
  const [best] = rowsOf<{ candidate: string; score: number }>(result);
  if (!best || Number(best.score) < MIN_SIMILARITY) return null;
  const candidate = best.candidate.replace(EDGE_PUNCTUATION, '').toLocaleLowerCase();
  // The word itself is the closest (a title holds it, though the search drops it, as "about"): as typed.
  return candidate && candidate !== word.toLocaleLowerCase() ? candidate : null;
}

/** "Eartquake" → "Earthquake": a capital where the reader typed one. */
function matchCase(typed: string, found: string): string {
  const first = typed.charAt(0);
  return first !== first.toLocaleLowerCase() ? found.charAt(0).toLocaleUpperCase() + found.slice(1) : found;
}
