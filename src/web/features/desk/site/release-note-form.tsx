import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  releaseNoteBodySchema,
  SITE_CONTENT_LIMITS,
  type DeskReleaseNote,
  type ReleaseNoteBody,
} from '../../../../common/desk-site-content.ts';
import { LOCALES, type Locale } from '../../../../common/locales.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../ui/button.tsx';
import { FormErrors, TextAreaField, TextField } from '../../../ui/field.tsx';
import { notifications } from '../../../ui/notifications/notification-store.ts';
import { NO_PROBLEMS, problemsOfCall, problemsOfCheck, SITE_KEYS, siteApi, type FormProblems } from './api.ts';
import { LanguageTabs, languagesWithProblems, writtenIn } from './language-tabs.tsx';

type Texts = Record<Locale, string>;
const blank = (): Texts => ({ en: '', es: '', ru: '', ar: '' });
const textsOf = (note: DeskReleaseNote | null, prefix: 'title' | 'text'): Texts =>
  Object.fromEntries(LOCALES.map((locale) => [locale, note ? note[`${prefix}_${locale}`] : ''])) as Texts;

/**
 * A release note's title and text in the four languages (English required; a blank language shows
 * the English one to its readers). Saving keeps the note as it was published or not: publishing is
 * the list's own step.
 */
export function ReleaseNoteForm({ note, onDone }: { note: DeskReleaseNote | null; onDone: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [locale, setLocale] = useState<Locale>('en');
  const [titles, setTitles] = useState<Texts>(() => (note ? textsOf(note, 'title') : blank()));
  const [texts, setTexts] = useState<Texts>(() => (note ? textsOf(note, 'text') : blank()));
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const save = useMutation({
    mutationFn: (body: ReleaseNoteBody) => (note ? siteApi.updateNote(note.id, body) : siteApi.createNote(body)),
    onSuccess: async () => {
      notifications.notify({ type: 'success', children: t(note ? 'deskSite.notes.saved' : 'deskSite.notes.created') });
      await client.invalidateQueries({ queryKey: SITE_KEYS.notes });
      onDone();
    },
    onError: (error) => setProblems(problemsOfCall(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { titles, texts };
    const checked = releaseNoteBodySchema.safeParse(body);
    if (!checked.success) {
      const found = problemsOfCheck(checked.error, t);
      setProblems(found);
      setLocale(languagesWithProblems(found.fields)[0] ?? locale);
      return;
    }
    setProblems(NO_PROBLEMS);
    save.mutate(body);
  };

  return (
    <form className="site-form" onSubmit={submit} noValidate data-testid="release-note-form">
      <h3>{note ? t('deskSite.notes.editTitle') : t('deskSite.notes.newTitle')}</h3>
      <LanguageTabs value={locale} onChange={setLocale} problems={languagesWithProblems(problems.fields)} testId="note-language">
        <TextField
          key={`title-${locale}`}
          label={t('deskSite.notes.title')}
          value={titles[locale]}
          required={locale === 'en'}
          maxLength={SITE_CONTENT_LIMITS.noteTitleMax}
          error={problems.fields[`titles.${locale}`]}
          onChange={(event) => setTitles({ ...titles, [locale]: event.target.value })}
          {...writtenIn(locale)}
          data-testid="note-title"
        />
        <TextAreaField
          className="site-textarea"
          key={`text-${locale}`}
          label={t('deskSite.notes.text')}
          rows={5}
          value={texts[locale]}
          required={locale === 'en'}
          hint={locale === 'en' ? undefined : t('deskSite.fallbackHint')}
          error={problems.fields[`texts.${locale}`]}
          onChange={(event) => setTexts({ ...texts, [locale]: event.target.value })}
          {...writtenIn(locale)}
          data-testid="note-text"
        />
      </LanguageTabs>
      <FormErrors messages={problems.other} />
      <div className="site-form__actions">
        <Button type="button" variant="secondary" size="small" onClick={onDone}>
          {t('deskSite.cancel')}
        </Button>
        <Button type="submit" size="small" loading={save.isPending} data-testid="note-save">
          {t('deskSite.notes.save')}
        </Button>
      </div>
    </form>
  );
}
