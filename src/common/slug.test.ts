import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

describe('slug rule (spec: content §5)', () => {
  it('lower-cases and turns spaces into single hyphens', () => {
    expect(slugify('Floods Hit  Northern Italy')).toBe('floods-hit-northern-italy');
  });

  it('transliterates Cyrillic and strips Latin accents', () => {
    expect(slugify('Выборы в Москве')).toBe('vybory-v-moskve');
    expect(slugify('Щёлково, май')).toBe('shchelkovo-may');
    expect(slugify('Elecciones en España: votación')).toBe('elecciones-en-espana-votacion');
  });

  it('keeps Arabic letters', () => {
    expect(slugify('قمة الرياض 2026')).toBe('قمة-الرياض-2026');
  });

  it('collapses repeated hyphens and trims the leading (and trailing) hyphen', () => {
    expect(slugify('--Breaking -- news!!')).toBe('breaking-news');
    expect(slugify('  ¿Qué pasa?')).toBe('que-pasa');
  });

  it('drops characters of other scripts and symbols', () => {
    expect(slugify('Tokyo 東京 ★ summit')).toBe('tokyo-summit');
    expect(slugify('')).toBe('');
  });
});
