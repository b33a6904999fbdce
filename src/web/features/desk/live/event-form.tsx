import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { LIVE_ACCESS } from '../../../../common/live.ts';
import type { DeskEvent, DeskEventInput } from '../../../../common/live-desk.ts';
import { LOCALES } from '../../../../common/locales.ts';
import { Button } from '../../../ui/button.tsx';
import { FormErrors, SelectField, TextField } from '../../../ui/field.tsx';
import { errorsOf } from './api.ts';

const QUALITIES = ['1080p', '720p', '360p'] as const;

/** The form's values: text as typed; lists as comma-separated text. */
type Values = {
  titles: Record<(typeof LOCALES)[number], string>;
  description: string;
  start_at: string;
  access: (typeof LIVE_ACCESS)[number];
  visible: boolean;
  front_page_ban: boolean;
  location: string;
  languages: string;
  quality: (typeof QUALITIES)[number];
  tag_slugs: string;
  /** The booking price in euros, as typed. */
  booking_price: string;
};

/** A new event's booking price until the desk gives another (the database's default, live_events.booking_price_cents). */
const DEFAULT_BOOKING_PRICE_CENTS = 25_000;

/** An ISO time as a `datetime-local` input shows it, in the browser's time zone. */
function localInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

function valuesOf(event: DeskEvent | null): Values {
  const inAnHour = new Date(Date.now() + 3600_000).toISOString();
  return {
    titles: event ? { ...event.titles } : { en: '', es: '', ru: '', ar: '' },
    description: event?.description ?? '',
    start_at: localInput(event?.start_at ?? inAnHour),
    access: event?.access ?? 'free',
    visible: event?.visible ?? true,
    front_page_ban: event?.front_page_ban ?? false,
    location: event?.location ?? '',
    languages: event?.languages.join(', ') ?? '',
    quality: (QUALITIES as readonly string[]).includes(event?.quality ?? '') ? (event?.quality as Values['quality']) : '1080p',
    tag_slugs: event?.tags.map((tag) => tag.slug).join(', ') ?? '',
    booking_price: String((event?.booking_price_cents ?? DEFAULT_BOOKING_PRICE_CENTS) / 100),
  };
}

/**
 * An event's fields at the desk: titles in the four content languages (English required), the
 * start (the feed opens 15 minutes before), who may watch, languages, quality, tags. Used to create
 * and to edit; the server's contract (common/live-desk.ts) judges it.
 */
export function EventForm({
  event,
  pending,
  error,
  submitLabel,
  onSubmit,
}: {
  event: DeskEvent | null;
  pending: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (input: DeskEventInput) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => valuesOf(event));
  const { fields, other } = errorsOf(error);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((old) => ({ ...old, [key]: value }));

  const submit = (form: FormEvent) => {
    form.preventDefault();
    const start = new Date(values.start_at);
    onSubmit({
      titles: values.titles,
      description: values.description,
      start_at: Number.isNaN(start.getTime()) ? values.start_at : start.toISOString(),
      access: values.access,
      visible: values.visible,
      front_page_ban: values.front_page_ban,
      location: values.location.trim() || null,
      languages: list(values.languages),
      quality: values.quality,
      tag_slugs: list(values.tag_slugs),
      // Euros typed with a comma or a point; what is not a number the server names as the field's error.
      booking_price_cents: Math.round(Number(values.booking_price.replace(',', '.')) * 100),
    });
  };

  return (
    <form className="live-form" onSubmit={submit} noValidate data-testid="live-event-form">
      <fieldset className="live-form__titles">
        <legend>{t('deskLive.form.titles')}</legend>
        {LOCALES.map((locale) => (
          <TextField
            key={locale}
            label={t(`deskLive.form.titleIn.${locale}`)}
            value={values.titles[locale]}
            dir={locale === 'ar' ? 'rtl' : 'ltr'}
            lang={locale}
            required={locale === 'en'}
            error={fields[`titles.${locale}`]}
            onChange={(change) => set('titles', { ...values.titles, [locale]: change.target.value })}
            data-testid={`live-title-${locale}`}
          />
        ))}
      </fieldset>
      <div className="live-form__grid">
        <TextField
          type="datetime-local"
          label={t('deskLive.form.startAt')}
          hint={t('deskLive.form.startHint')}
          value={values.start_at}
          required
          error={fields.start_at}
          onChange={(change) => set('start_at', change.target.value)}
          data-testid="live-start"
        />
        <SelectField
          label={t('deskLive.form.access')}
          value={values.access}
          options={LIVE_ACCESS.map((access) => ({ value: access, label: t(`deskLive.access.${access}`) }))}
          onChange={(change) => set('access', change.target.value as Values['access'])}
          error={fields.access}
        />
        <SelectField
          label={t('deskLive.form.quality')}
          value={values.quality}
          options={QUALITIES.map((quality) => ({ value: quality, label: quality }))}
          onChange={(change) => set('quality', change.target.value as Values['quality'])}
          error={fields.quality}
        />
        <TextField
          label={t('deskLive.form.location')}
          value={values.location}
          error={fields.location}
          onChange={(change) => set('location', change.target.value)}
        />
        <TextField
          label={t('deskLive.form.languages')}
          hint={t('deskLive.form.listHint')}
          value={values.languages}
          error={fields.languages ?? fields['languages.0']}
          onChange={(change) => set('languages', change.target.value)}
        />
        <TextField
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          label={t('deskLive.form.bookingPrice')}
          hint={t('deskLive.form.bookingPriceHint')}
          value={values.booking_price}
          error={fields.booking_price_cents}
          onChange={(change) => set('booking_price', change.target.value)}
          data-testid="live-booking-price"
        />
        <TextField
          label={t('deskLive.form.tags')}
          hint={t('deskLive.form.listHint')}
          value={values.tag_slugs}
          error={fields.tag_slugs}
          onChange={(change) => set('tag_slugs', change.target.value)}
        />
      </div>
      <label className="live-form__text">
        <span className="field__label">{t('deskLive.form.description')}</span>
        <textarea
          className="field__control"
          rows={4}
          value={values.description}
          onChange={(change) => set('description', change.target.value)}
        />
      </label>
      <div className="live-form__checks">
        <label>
          <input type="checkbox" checked={values.visible} onChange={(change) => set('visible', change.target.checked)} />{' '}
          {t('deskLive.form.visible')}
        </label>
        <label>
          <input type="checkbox" checked={values.front_page_ban} onChange={(change) => set('front_page_ban', change.target.checked)} />{' '}
          {t('deskLive.form.frontPageBan')}
        </label>
      </div>
      <FormErrors messages={other} />
      <Button type="submit" loading={pending} data-testid="live-event-save">
        {submitLabel}
      </Button>
    </form>
  );
}
