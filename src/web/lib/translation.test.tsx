import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../../scripts/catalogues.ts';
import { Trans } from '../ui/trans.tsx';
import { i18n, setCatalogue, startTranslations, useTranslation } from './translation.ts';

function Say({ id, count }: { id: string; count?: number }) {
  const { t } = useTranslation();
  return <span>{t(id, count === undefined ? {} : { count })}</span>;
}

describe('translations', () => {
  it('says a dotted key in the language in use, with its values, and the key itself when there is no text', () => {
    setCatalogue('en', { a: { greeting: 'Hello, {{name}} of {{place.city}}!', bare: 'Hi {{missing}}' } });
    expect(i18n.t('a.greeting', { name: 'Rita', place: { city: 'Leeds' } })).toBe('Hello, Rita of Leeds!');
    expect(i18n.t('a.bare')).toBe('Hi ');
    expect(i18n.t('a.nothing')).toBe('a.nothing');
    expect(i18n.t('a.nothing', { defaultValue: 'Plan {{n}}', n: 2 })).toBe('Plan 2');
    expect(i18n.t('a')).toBe('a');
    expect(i18n.exists('a.greeting')).toBe(true);
    expect(i18n.exists('a.nothing')).toBe(false);
  });

  it('picks plural forms by the locale: a zero form for 0 where there is one, six forms in Arabic', () => {
    const en = readCatalogue('en');
    setCatalogue('en', en);
    expect(i18n.t('savedCards.title')).toBe('Saved cards');
    setCatalogue('en', { n: { videos_one: '{{count}} video', videos_other: '{{count}} videos' } });
    expect([0, 1, 2].map((count) => i18n.t('n.videos', { count }))).toEqual(['0 videos', '1 video', '2 videos']);
    setCatalogue('ar', {
      n: { v_zero: 'zero', v_one: 'one', v_two: 'two', v_few: 'few {{count}}', v_many: 'many {{count}}', v_other: 'other {{count}}' },
    });
    expect([0, 1, 2, 3, 11, 100].map((count) => i18n.t('n.v', { count }))).toEqual(['zero', 'one', 'two', 'few 3', 'many 11', 'other 100']);
  });

  it('renders a component in the language in use, and parts of a text as the elements given', () => {
    setCatalogue('en', {
      x: { hi: 'Hi', terms: 'I accept <terms>the terms</terms> and <privacy>the policy</privacy>.', card: '<card/>, {{date}}' },
    });
    expect(renderToStaticMarkup(<Say id="x.hi" />)).toBe('<span>Hi</span>');
    expect(renderToStaticMarkup(<Trans i18nKey="x.terms" components={{ terms: <a href="/t" />, privacy: <a href="/p" /> }} />)).toBe(
      'I accept <a href="/t">the terms</a> and <a href="/p">the policy</a>.',
    );
    expect(renderToStaticMarkup(<Trans i18nKey="x.card" values={{ date: '12/2030' }} components={{ card: <b>Visa</b> }} />)).toBe(
      '<b>Visa</b>, 12/2030',
    );
  });

  it('loads a language once however many ask, and the last language asked for is the one in use', async () => {
    const asked: string[] = [];
    let release = () => undefined as void;
    const slow = new Promise<void>((done) => (release = done));
    const loading = startTranslations('es', async (locale) => {
      asked.push(locale);
      if (locale === 'es') await slow;
      return { hello: locale };
    });
    const again = i18n.changeLanguage('es');
    const russian = i18n.changeLanguage('ru');
    await russian;
    release();
    await Promise.all([loading, again]);
    expect(asked).toEqual(['es', 'ru']);
    expect(i18n.language).toBe('ru');
    expect(i18n.t('hello')).toBe('ru');
    await i18n.changeLanguage('es');
    expect(asked).toEqual(['es', 'ru']);
    expect(i18n.t('hello')).toBe('es');
  });
});
