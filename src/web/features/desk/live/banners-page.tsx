import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import type { Banner } from '../../../../common/catalogue.ts';
import { BANNER_POSITIONS, BANNER_TARGETS } from '../../../../common/live-desk.ts';
import { LOCALES, type Locale } from '../../../../common/locales.ts';
import { errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { Button } from '../../../ui/button.tsx';
import { FormErrors, SelectField, TextField } from '../../../ui/field.tsx';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { notifications } from '../../../ui/notifications/notification-store.ts';
import { errorsOf, LIVE_DESK_KEYS, liveDeskApi } from './api.ts';
import './desk-live.css';

type Target = (typeof BANNER_TARGETS)[number];
type Draft = { title: string; breaking: boolean; target_link_to: Target; link: string; image_url: string };

/** The link field a target needs. */
const LINK_FIELD: Record<Target, 'custom_url' | 'live_event_extid' | 'video_project_extid' | 'tag_id'> = {
  custom: 'custom_url',
  live_event: 'live_event_extid',
  video_project: 'video_project_extid',
  tag: 'tag_id',
};

function linkOf(banner: Banner): string {
  if (banner.target_link_to === 'tag') return banner.tag_id === null ? '' : String(banner.tag_id);
  return banner[LINK_FIELD[banner.target_link_to] as 'custom_url'] ?? '';
}

/**
 * /{locale}/desk/banners: the dashboard's four banner places in each language, filled, changed or
 * emptied here; a breaking banner is highlighted on the dashboard.
 */
export function BannersPage() {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState<Locale>(
    (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'en',
  );
  const banners = useQuery({ queryKey: LIVE_DESK_KEYS.banners, queryFn: ({ signal }) => liveDeskApi.banners(signal) });
  return (
    <section className="desk-live" data-testid="desk-banners">
      <h1>{t('deskLive.banners.title')}</h1>
      <p className="desk__lead">{t('deskLive.banners.lead')}</p>
      <SelectField
        label={t('deskLive.banners.language')}
        value={language}
        options={LOCALES.map((code) => ({ value: code, label: t(`deskLive.languages.${code}`) }))}
        onChange={(c) => setLanguage(c.target.value as Locale)}
        data-testid="banner-language"
      />
      {banners.isPending ? (
        <LoadingFallback label={t('common.loading')} />
      ) : banners.isError ? (
        <p role="alert">{t('deskLive.loadFailed')}</p>
      ) : (
        <ol className="desk-live__places">
          {BANNER_POSITIONS.map((position) => {
            const banner = banners.data.banners.find((one) => one.locale === language && one.position === position) ?? null;
            return (
              <li
                key={`${language}-${position}-${banner?.id ?? 'empty'}-${banner?.updated_at ?? ''}`}
                className="desk-live__panel"
                data-testid={`banner-place-${position}`}
              >
                <h2>{t('deskLive.banners.place', { n: position + 1 })}</h2>
                <BannerForm banner={banner} locale={language} position={position} />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function BannerForm({ banner, locale, position }: { banner: Banner | null; locale: Locale; position: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>({
    title: banner?.title ?? '',
    breaking: banner?.breaking ?? false,
    target_link_to: banner?.target_link_to ?? 'live_event',
    link: banner ? linkOf(banner) : '',
    image_url: banner?.image_type === 'custom' ? banner.image.url : '',
  });
  const refresh = () => client.invalidateQueries({ queryKey: LIVE_DESK_KEYS.banners });
  const save = useMutation({
    mutationFn: (body: Draft) => {
      const link = body.target_link_to === 'tag' ? Number(body.link) || null : body.link.trim() || null;
      const payload = {
        title: body.title,
        breaking: body.breaking,
        target_link_to: body.target_link_to,
        custom_url: null,
        live_event_extid: null,
        video_project_extid: null,
        tag_id: null,
        [LINK_FIELD[body.target_link_to]]: link,
        image_url: body.image_url.trim() || null,
        locale,
        position,
      };
      return banner ? liveDeskApi.updateBanner(banner.id, payload) : liveDeskApi.createBanner(payload);
    },
    onSuccess: () => {
      void refresh();
      notifications.notify({ type: 'success', children: t('deskLive.saved') });
    },
  });
  const remove = useMutation({
    mutationFn: () => liveDeskApi.removeBanner(banner?.id ?? 0),
    onSuccess: () => void refresh(),
    onError: (error) => notifications.notify({ type: 'error', children: errorText(error, translateIfExists) }),
  });
  const { fields, other } = errorsOf(save.error);
  const submit = (form: FormEvent) => {
    form.preventDefault();
    save.mutate(draft);
  };
  return (
    <form className="live-form" onSubmit={submit} noValidate>
      {banner ? null : <p className="desk__lead">{t('deskLive.banners.empty')}</p>}
      <div className="live-form__grid">
        <TextField
          label={t('deskLive.banners.text')}
          value={draft.title}
          required
          error={fields.title}
          onChange={(c) => setDraft({ ...draft, title: c.target.value })}
          data-testid={`banner-${position}-title`}
        />
        <SelectField
          label={t('deskLive.banners.target')}
          value={draft.target_link_to}
          options={BANNER_TARGETS.map((target) => ({ value: target, label: t(`deskLive.banners.targets.${target}`) }))}
          onChange={(c) => setDraft({ ...draft, target_link_to: c.target.value as Target, link: '' })}
        />
        <TextField
          label={t(`deskLive.banners.links.${draft.target_link_to}`)}
          value={draft.link}
          dir="ltr"
          required
          error={fields[LINK_FIELD[draft.target_link_to]]}
          onChange={(c) => setDraft({ ...draft, link: c.target.value })}
          data-testid={`banner-${position}-link`}
        />
        <TextField
          label={t('deskLive.banners.image')}
          value={draft.image_url}
          dir="ltr"
          error={fields.image_url}
          onChange={(c) => setDraft({ ...draft, image_url: c.target.value })}
        />
      </div>
      <label className="live-form__checks">
        <input type="checkbox" checked={draft.breaking} onChange={(c) => setDraft({ ...draft, breaking: c.target.checked })} />{' '}
        {t('deskLive.banners.breaking')}
      </label>
      <FormErrors messages={[...other, ...(fields.position ? [fields.position] : [])]} />
      <div className="desk-live__moves">
        <Button type="submit" size="small" loading={save.isPending} data-testid={`banner-${position}-save`}>
          {banner ? t('deskLive.form.save') : t('deskLive.banners.fill')}
        </Button>
        {banner ? (
          <Button size="small" variant="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            {t('deskLive.banners.remove')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
