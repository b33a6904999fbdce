import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import {
  EDITABLE_PAGES,
  pageBodySchema,
  SITE_CONTENT_LIMITS,
  type DeskPage,
  type EditablePage,
} from '../../../../common/desk-site-content.ts';
import type { Locale } from '../../../../common/locales.ts';
import { errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../ui/button.tsx';
import { FormErrors, SelectField, TextAreaField, TextField } from '../../../ui/field.tsx';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { notifications } from '../../../ui/notifications/notification-store.ts';
import { NO_PROBLEMS, problemsOfCall, problemsOfCheck, SITE_KEYS, siteApi, type FormProblems } from './api.ts';
import { HtmlPreview } from './html-preview.tsx';
import { LanguageTabs, writtenIn } from './language-tabs.tsx';

/**
 * The content pages (about, privacy and cookie policies, impressum), one language at a time: a
 * saved page is what visitors get at once; the other languages keep theirs.
 */
export function PagesPart() {
  const { t } = useTranslation();
  const [slug, setSlug] = useState<EditablePage>('about');
  const [locale, setLocale] = useState<Locale>('en');
  const page = useQuery({ queryKey: SITE_KEYS.page(slug, locale), queryFn: ({ signal }) => siteApi.page(slug, locale, signal) });
  return (
    <section className="site-part" aria-labelledby="site-pages-title" data-testid="site-pages">
      <h2 id="site-pages-title">{t('deskSite.pages.heading')}</h2>
      <p className="desk__lead">{t('deskSite.pages.lead')}</p>
      <div className="site-form__row">
        <SelectField
          label={t('deskSite.pages.page')}
          value={slug}
          options={EDITABLE_PAGES.map((value) => ({ value, label: t(`deskSite.pages.slugs.${value}`) }))}
          onChange={(event) => setSlug(event.target.value as EditablePage)}
          data-testid="page-slug"
        />
      </div>
      <LanguageTabs value={locale} onChange={setLocale} testId="page-language">
        {page.data ? (
          <PageForm key={`${slug}-${locale}-${page.data.updated_at ?? ''}`} page={page.data} />
        ) : page.isError ? (
          <p role="alert">{errorText(page.error, translateIfExists)}</p>
        ) : (
          <LoadingFallback label={t('common.loading')} />
        )}
      </LanguageTabs>
    </section>
  );
}

function PageForm({ page }: { page: DeskPage }) {
  const { t } = useTranslation();
  const { locale: deskLocale = 'en' } = useParams();
  const client = useQueryClient();
  const [title, setTitle] = useState(page.title);
  const [html, setHtml] = useState(page.html);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const save = useMutation({
    mutationFn: () => siteApi.savePage(page.slug, page.locale, { title, html }),
    onSuccess: async (saved) => {
      notifications.notify({ type: 'success', children: t('deskSite.pages.saved') });
      client.setQueryData(SITE_KEYS.page(saved.slug, saved.locale), saved);
      await client.invalidateQueries({ queryKey: SITE_KEYS.pages, exact: true });
    },
    onError: (error) => setProblems(problemsOfCall(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = pageBodySchema.safeParse({ title, html });
    if (!checked.success) return setProblems(problemsOfCheck(checked.error, t));
    setProblems(NO_PROBLEMS);
    save.mutate();
  };
  const publicPath = `/${page.locale}/${page.slug}`;
  return (
    <form className="site-form" onSubmit={submit} noValidate data-testid="page-form">
      <p className="site-muted">
        {t('deskSite.pages.address')}{' '}
        <a href={publicPath} target="_blank" rel="noreferrer" dir="ltr" data-testid="page-public-link">
          {publicPath}
        </a>
        {page.updated_at ? (
          <span>
            {' · '}
            {t('deskSite.pages.updated', {
              at: new Intl.DateTimeFormat(deskLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(page.updated_at)),
            })}
          </span>
        ) : null}
      </p>
      <TextField
        label={t('deskSite.pages.title')}
        value={title}
        required
        maxLength={SITE_CONTENT_LIMITS.pageTitleMax}
        error={problems.fields.title}
        onChange={(event) => setTitle(event.target.value)}
        {...writtenIn(page.locale)}
        data-testid="page-title"
      />
      <div className="site-editor">
        <TextAreaField
          className="site-textarea"
          label={t('deskSite.pages.html')}
          hint={t('deskSite.htmlHint')}
          rows={18}
          value={html}
          required
          error={problems.fields.html}
          onChange={(event) => setHtml(event.target.value)}
          {...writtenIn(page.locale)}
          data-testid="page-html"
        />
        <HtmlPreview html={html} locale={page.locale} title={title} />
      </div>
      <FormErrors messages={problems.other} />
      <div className="site-form__actions">
        <Button type="submit" size="small" loading={save.isPending} data-testid="page-save">
          {t('deskSite.pages.save')}
        </Button>
      </div>
    </form>
  );
}
