import { useQuery } from '@tanstack/react-query';
import { useId, useState, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { VIDEO_FORMATS } from '../../../../common/catalogue-values.ts';
import { LOCALES, type Locale } from '../../../../common/locales.ts';
import { CONTENT_ACCESS, shotlistLineSchema, type ContentFields, type ShotlistLine } from '../../../../common/newsroom.ts';
import { RESTRICTION_CODES, RESTRICTION_NAMES, type RestrictionCode } from '../../../../common/restrictions.ts';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { SelectField, TextField } from '../../../ui/field.tsx';
import { CONTENT_KEYS, contentApi } from './api.ts';

type Change = (patch: Partial<ContentFields>) => void;
type Props = { fields: ContentFields; change: Change; disabled: boolean; errors: Record<string, string> };

function TextAreaField({ label, id, ...area }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  const generated = useId();
  const areaId = id ?? generated;
  return (
    <div className="field">
      <label htmlFor={areaId} className="field__label">
        {label}
      </label>
      <textarea id={areaId} className="field__control desk-describe__area" {...area} />
    </div>
  );
}

const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
const shotlistText = (lines: ShotlistLine[]) => lines.map((line) => `${line.timecode} ${line.text}`).join('\n');

/** A shotlist written one line a shot ("00:12 Wide of the square"); null when a line is not one. */
function parseShotlist(text: string): ShotlistLine[] | null {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const parsed = lines.map((line) => {
    const match = /^\s*(\S+)\s+(.+)$/.exec(line);
    const shot = match ? shotlistLineSchema.safeParse({ timecode: match[1], text: match[2]?.trim() }) : null;
    return shot?.success ? shot.data : null;
  });
  return parsed.every((line) => line !== null) ? parsed : null;
}

/** The words of one content language: headline, script and shotlist. */
function LanguageTexts({ locale, fields, change, disabled }: Props & { locale: Locale }) {
  const { t } = useTranslation();
  const text = fields.texts[locale] ?? { headline: '', script: '', shotlist: [] };
  const [shotlist, setShotlist] = useState(() => shotlistText(text.shotlist));
  const [shotlistBad, setShotlistBad] = useState(false);
  const update = (patch: Partial<typeof text>) => change({ texts: { ...fields.texts, [locale]: { ...text, ...patch } } });
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  return (
    <div className="desk-describe__language" lang={locale} dir={dir} data-testid={`texts-${locale}`}>
      <TextField
        label={t('deskContent.fields.headline')}
        name={`headline_${locale}`}
        value={text.headline}
        maxLength={200}
        disabled={disabled}
        onChange={(event) => update({ headline: event.target.value })}
      />
      <TextAreaField
        label={t('deskContent.fields.script')}
        name={`script_${locale}`}
        rows={6}
        value={text.script}
        disabled={disabled}
        onChange={(event) => update({ script: event.target.value })}
      />
      <TextAreaField
        label={t('deskContent.fields.shotlist')}
        name={`shotlist_${locale}`}
        rows={4}
        dir="ltr"
        value={shotlist}
        disabled={disabled}
        placeholder="00:04 …"
        aria-invalid={shotlistBad || undefined}
        onChange={(event) => {
          setShotlist(event.target.value);
          const lines = parseShotlist(event.target.value);
          setShotlistBad(lines === null);
          if (lines) update({ shotlist: lines });
        }}
      />
      {shotlistBad ? (
        <p className="field__error" role="alert">
          {t('deskContent.fields.shotlistHint')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The describe form (issue 24 "Describe"): the four content languages' words, then what the
 * catalogue needs: dateline, place, tags and category, source and credit, audio languages,
 * restrictions, access and price, formats, rights and 360. Every change goes to `change`.
 */
export function DescribeForm(props: Props) {
  const { fields, change, disabled, errors } = props;
  const { t, i18n } = useTranslation();
  const uiLocale = (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'en';
  const [tab, setTab] = useState<Locale>(fields.language);
  const countries = useQuery({
    queryKey: CONTENT_KEYS.countries,
    queryFn: ({ signal }) => contentApi.countries(signal),
    staleTime: Infinity,
  });
  const restriction = (code: RestrictionCode) => fields.restrictions.find((entry) => entry.code === code);
  const setRestriction = (code: RestrictionCode, on: boolean, extra: { until?: string; countries?: string[] } = {}) =>
    change({
      restrictions: on
        ? [...fields.restrictions.filter((entry) => entry.code !== code), { code, ...extra }]
        : fields.restrictions.filter((entry) => entry.code !== code),
    });
  const embargo = restriction('embargo');
  return (
    <div className="desk-describe" data-testid="describe-form">
      <fieldset className="desk-describe__group">
        <legend>{t('deskContent.groups.texts')}</legend>
        <SelectField
          label={t('deskContent.fields.language')}
          name="language"
          value={fields.language}
          disabled={disabled}
          options={LOCALES.map((locale) => ({ value: locale, label: t(`deskContent.languages.${locale}`) }))}
          onChange={(event) => change({ language: event.target.value as Locale })}
        />
        <div className="desk-describe__tabs" role="tablist" aria-label={t('deskContent.groups.texts')}>
          {LOCALES.map((locale) => (
            <button
              key={locale}
              type="button"
              role="tab"
              aria-selected={tab === locale}
              className="desk-describe__tab"
              onClick={() => setTab(locale)}
              data-testid={`tab-${locale}`}
            >
              {t(`deskContent.languages.${locale}`)}
              {fields.texts[locale]?.headline ? ' •' : ''}
            </button>
          ))}
        </div>
        <LanguageTexts key={tab} locale={tab} {...props} />
        {errors.texts ? <p className="field__error">{errors.texts}</p> : null}
      </fieldset>

      <fieldset className="desk-describe__group desk-describe__grid">
        <legend>{t('deskContent.groups.dateline')}</legend>
        <TextField
          label={t('deskContent.fields.datelinePlace')}
          name="dateline_place"
          value={fields.dateline_place}
          disabled={disabled}
          onChange={(event) => change({ dateline_place: event.target.value })}
        />
        <TextField
          label={t('deskContent.fields.datelineDate')}
          name="dateline_date"
          type="date"
          value={fields.dateline_date ?? ''}
          disabled={disabled}
          error={errors.dateline_date}
          onChange={(event) => change({ dateline_date: event.target.value || null })}
        />
        <SelectField
          label={t('deskContent.fields.country')}
          name="country_id"
          value={fields.country_id === null ? '' : String(fields.country_id)}
          placeholder={t('deskContent.fields.noCountry')}
          disabled={disabled}
          error={errors.country_id}
          options={(countries.data ?? []).map((country) => ({ value: String(country.id), label: country.name }))}
          onChange={(event) => {
            const country = countries.data?.find((entry) => String(entry.id) === event.target.value);
            change({ country_id: country?.id ?? null, region_id: null });
          }}
        />
        <TextField
          label={t('deskContent.fields.city')}
          name="city"
          value={fields.city}
          disabled={disabled}
          onChange={(event) => change({ city: event.target.value })}
        />
      </fieldset>

      <fieldset className="desk-describe__group desk-describe__grid">
        <legend>{t('deskContent.groups.classification')}</legend>
        <TextField
          label={t('deskContent.fields.tags')}
          hint={t('deskContent.fields.listHint')}
          name="tag_slugs"
          dir="ltr"
          defaultValue={fields.tag_slugs.join(', ')}
          disabled={disabled}
          onChange={(event) => change({ tag_slugs: list(event.target.value) })}
        />
        <TextField
          label={t('deskContent.fields.category')}
          name="category_slug"
          dir="ltr"
          value={fields.category_slug ?? ''}
          disabled={disabled}
          onChange={(event) => change({ category_slug: event.target.value.trim() || null })}
        />
        <TextField
          label={t('deskContent.fields.source')}
          name="source"
          value={fields.source}
          disabled={disabled}
          onChange={(event) => change({ source: event.target.value })}
        />
        <TextField
          label={t('deskContent.fields.credit')}
          name="credit"
          value={fields.credit}
          disabled={disabled}
          onChange={(event) => change({ credit: event.target.value })}
        />
        <TextField
          label={t('deskContent.fields.audioLanguages')}
          hint={t('deskContent.fields.audioHint')}
          name="audio_languages"
          dir="ltr"
          defaultValue={fields.audio_languages.join(', ')}
          disabled={disabled}
          onChange={(event) => change({ audio_languages: list(event.target.value.toLowerCase()) })}
        />
      </fieldset>

      <fieldset className="desk-describe__group">
        <legend>{t('deskContent.groups.restrictions')}</legend>
        <TextAreaField
          label={t('deskContent.fields.restrictionsText')}
          name="restrictions_text"
          rows={2}
          value={fields.restrictions_text}
          disabled={disabled}
          onChange={(event) => change({ restrictions_text: event.target.value })}
        />
        <div className="desk-describe__checks">
          {RESTRICTION_CODES.map((code) => (
            <Checkbox
              key={code}
              label={RESTRICTION_NAMES[code][uiLocale]}
              checked={restriction(code) !== undefined}
              disabled={disabled}
              onCheckedChange={(on) => setRestriction(code, on)}
              testId={`restriction-${code}`}
            />
          ))}
          <Checkbox
            label={t('deskContent.fields.clientOnly')}
            checked={fields.client_only}
            disabled={disabled}
            onCheckedChange={(on) => change({ client_only: on })}
          />
        </div>
        {embargo ? (
          <TextField
            label={t('deskContent.fields.embargoUntil')}
            name="embargo_until"
            type="datetime-local"
            value={embargo.until ? embargo.until.slice(0, 16) : ''}
            disabled={disabled}
            error={errors.restrictions}
            onChange={(event) =>
              setRestriction('embargo', true, event.target.value ? { until: new Date(event.target.value).toISOString() } : {})
            }
          />
        ) : null}
        {restriction('no_access_countries') ? (
          <TextField
            label={t('deskContent.fields.excludedCountries')}
            hint={t('deskContent.fields.countriesHint')}
            name="excluded_countries"
            dir="ltr"
            defaultValue={(restriction('no_access_countries')?.countries ?? []).join(', ')}
            disabled={disabled}
            onChange={(event) =>
              setRestriction('no_access_countries', true, {
                countries: list(event.target.value.toUpperCase()).filter((code) => /^[A-Z]{2}$/.test(code)),
              })
            }
          />
        ) : null}
      </fieldset>

      <fieldset className="desk-describe__group desk-describe__grid">
        <legend>{t('deskContent.groups.licensing')}</legend>
        <SelectField
          label={t('deskContent.fields.access')}
          name="access"
          value={fields.access}
          disabled={disabled}
          options={CONTENT_ACCESS.map((access) => ({ value: access, label: t(`deskContent.access.${access}`) }))}
          onChange={(event) => {
            const access = event.target.value as ContentFields['access'];
            change(access === 'paid' ? { access } : { access, one_off_price_cents: null });
          }}
        />
        {fields.access === 'paid' ? (
          <TextField
            label={t('deskContent.fields.price')}
            name="price"
            type="number"
            min={0}
            step="0.01"
            dir="ltr"
            defaultValue={fields.one_off_price_cents === null ? '' : (fields.one_off_price_cents / 100).toFixed(2)}
            disabled={disabled}
            error={errors.one_off_price_cents}
            onChange={(event) =>
              change({ one_off_price_cents: event.target.value === '' ? null : Math.round(Number(event.target.value) * 100) })
            }
          />
        ) : null}
        <TextField
          label={t('deskContent.fields.rightsType')}
          name="rights_type"
          dir="ltr"
          value={fields.rights_type}
          disabled={disabled}
          onChange={(event) => change({ rights_type: event.target.value })}
        />
        <TextField
          label={t('deskContent.fields.limitType')}
          name="limit_type"
          dir="ltr"
          value={fields.limit_type}
          disabled={disabled}
          onChange={(event) => change({ limit_type: event.target.value })}
        />
        <div className="desk-describe__checks" role="group" aria-label={t('deskContent.fields.formats')}>
          <span className="field__label">{t('deskContent.fields.formats')}</span>
          {VIDEO_FORMATS.map((format) => (
            <Checkbox
              key={format}
              label={t(`deskContent.formats.${format}`)}
              checked={fields.formats.includes(format)}
              disabled={disabled}
              onCheckedChange={(on) =>
                change({ formats: VIDEO_FORMATS.filter((entry) => (entry === format ? on : fields.formats.includes(entry))) })
              }
            />
          ))}
          {errors.formats ? <p className="field__error">{errors.formats}</p> : null}
        </div>
        <Checkbox
          label={t('deskContent.fields.is360')}
          checked={fields.is_360}
          disabled={disabled}
          onCheckedChange={(on) => change({ is_360: on })}
        />
      </fieldset>
    </div>
  );
}
