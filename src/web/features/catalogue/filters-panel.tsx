import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { useParams, useSearchParams } from 'react-router';
import { VIDEO_SORTS } from '../../../common/catalogue-values.ts';
import { LOCALE_NAMES, LOCALES } from '../../../common/locales.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { SelectField, TextField } from '../../ui/field.tsx';
import { useFilterChoices } from './reference-queries.ts';

/** Filters of the video list and search page; every choice is a URL parameter, so it can be shared. */
export function FiltersPanel({ fixed }: { fixed: string | null }) {
  const { t } = useTranslation();
  // Open beside the results on wide screens; folded above them on phones, where they would push the videos off screen.
  // Folded, the fields are not rendered at all: a phone's first paint does not wait for them nor for their choices.
  const [open, setOpen] = useState(() => typeof window === 'undefined' || window.matchMedia('(min-width: 901px)').matches);

  return (
    <aside className={`filters${open ? '' : ' filters--closed'}`} aria-label={t('catalogue.filters.title')} data-testid="filters">
      <button type="button" className="filters__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <h2 className="filters__title">{t('catalogue.filters.title')}</h2>
        <span aria-hidden>{open ? '−' : '+'}</span>
      </button>
      {open ? <FilterFields fixed={fixed} /> : null}
    </aside>
  );
}

/** The fields of the open panel. */
function FilterFields({ fixed }: { fixed: string | null }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const [params, setParams] = useSearchParams();
  const choices = useFilterChoices(locale);
  const set = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true, state: { keepScroll: true } });
  };
  const minutes = (name: string) => {
    const seconds = params.get(name);
    return seconds ? String(Math.round(Number(seconds) / 60)) : '';
  };
  const setMinutes = (name: string, value: string) => set(name, value === '' ? null : String(Math.max(0, Math.round(Number(value) * 60))));
  const active = [...params.keys()].some((key) => key !== 'search' && key !== 'with_international_mix');

  return (
    <>
      {fixed !== 'category' ? (
        <SelectField
          label={t('catalogue.filters.category')}
          placeholder={t('catalogue.filters.any')}
          value={params.get('category') ?? ''}
          onChange={(event) => set('category', event.target.value)}
          options={choices.categories.map((c) => ({ value: c.slug, label: c.name }))}
          data-testid="filter-category"
        />
      ) : null}
      {fixed !== 'region' ? (
        <SelectField
          label={t('catalogue.filters.region')}
          placeholder={t('catalogue.filters.any')}
          value={params.get('region') ?? ''}
          onChange={(event) => set('region', event.target.value)}
          options={choices.regions.map((r) => ({ value: r.slug, label: r.name }))}
        />
      ) : null}
      {fixed !== 'country' ? (
        <SelectField
          label={t('catalogue.filters.country')}
          placeholder={t('catalogue.filters.any')}
          value={params.get('country') ?? ''}
          onChange={(event) => set('country', event.target.value)}
          options={choices.countries.map((c) => ({ value: c.code, label: c.name }))}
        />
      ) : null}
      <SelectField
        label={t('catalogue.filters.language')}
        placeholder={t('catalogue.filters.any')}
        value={params.get('language') ?? ''}
        onChange={(event) => set('language', event.target.value)}
        options={LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code] }))}
        data-testid="filter-language"
      />
      <div className="filters__pair">
        <TextField
          label={t('catalogue.filters.minMinutes')}
          type="number"
          min={0}
          inputMode="numeric"
          value={minutes('min_duration')}
          onChange={(event) => setMinutes('min_duration', event.target.value)}
        />
        <TextField
          label={t('catalogue.filters.maxMinutes')}
          type="number"
          min={0}
          inputMode="numeric"
          value={minutes('max_duration')}
          onChange={(event) => setMinutes('max_duration', event.target.value)}
        />
      </div>
      <div className="filters__pair filters__pair--dates">
        <TextField
          label={t('catalogue.filters.from')}
          type="date"
          value={params.get('date_from') ?? ''}
          onChange={(event) => set('date_from', event.target.value)}
        />
        <TextField
          label={t('catalogue.filters.to')}
          type="date"
          value={params.get('date_to') ?? ''}
          onChange={(event) => set('date_to', event.target.value)}
        />
      </div>
      <Checkbox
        checked={params.get('free_access') === 'true'}
        onCheckedChange={(checked) => set('free_access', checked ? 'true' : null)}
        label={t('catalogue.filters.freeOnly')}
        testId="filter-free"
      />
      <SelectField
        label={t('catalogue.filters.sort')}
        value={params.get('sort') ?? ''}
        onChange={(event) => set('sort', event.target.value)}
        options={VIDEO_SORTS.filter((sort) => sort !== 'relevance' || params.get('search')).map((sort) => ({
          value: sort === 'newest' ? '' : sort,
          label: t(`catalogue.sort.${sort}`),
        }))}
      />
      {active ? (
        <Button
          variant="ghost"
          size="small"
          onClick={() => {
            const next = new URLSearchParams();
            for (const keep of ['search', 'with_international_mix']) {
              const value = params.get(keep);
              if (value) next.set(keep, value);
            }
            setParams(next, { replace: true });
          }}
        >
          {t('catalogue.filters.reset')}
        </Button>
      ) : null}
    </>
  );
}
