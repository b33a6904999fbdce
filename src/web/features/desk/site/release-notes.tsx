import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { DeskReleaseNote, ReleaseNoteAction } from '../../../../common/desk-site-content.ts';
import { isLocale } from '../../../../common/locales.ts';
import { errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../ui/button.tsx';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { notifications } from '../../../ui/notifications/notification-store.ts';
import { SITE_KEYS, siteApi } from './api.ts';
import { ReleaseNoteForm } from './release-note-form.tsx';

/**
 * Release notes (spec accounts §4): written here, shown to each signed-in customer once published
 * and until they accept it. Only the newest published note shows; a correction of a published note
 * is not asked again of those who accepted it, a new note is.
 */
export function ReleaseNotesPart() {
  const { t } = useTranslation();
  const notes = useQuery({ queryKey: SITE_KEYS.notes, queryFn: ({ signal }) => siteApi.notes(signal) });
  const [editing, setEditing] = useState<DeskReleaseNote | 'new' | null>(null);
  const list = notes.data?.release_notes ?? [];
  // The one customers are shown: the newest published.
  const shown = list.filter((note) => note.published).sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''))[0];
  return (
    <section className="site-part" aria-labelledby="site-notes-title" data-testid="site-notes">
      <div className="site-part__head">
        <h2 id="site-notes-title">{t('deskSite.notes.heading')}</h2>
        {editing === null ? (
          <Button size="small" onClick={() => setEditing('new')} data-testid="note-new">
            {t('deskSite.notes.new')}
          </Button>
        ) : null}
      </div>
      <p className="desk__lead">{t('deskSite.notes.lead')}</p>
      {editing !== null ? (
        <ReleaseNoteForm
          key={editing === 'new' ? 'new' : editing.id}
          note={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {notes.isError ? <p role="alert">{errorText(notes.error, translateIfExists)}</p> : null}
      {notes.isPending ? <LoadingFallback label={t('common.loading')} /> : null}
      {notes.data && list.length === 0 ? <p data-testid="notes-empty">{t('deskSite.notes.empty')}</p> : null}
      {list.length > 0 ? (
        <div className="desk-table__scroll">
          <table className="desk-table" data-testid="notes-table">
            <thead>
              <tr>
                <th scope="col">{t('deskSite.notes.title')}</th>
                <th scope="col">{t('deskSite.notes.state')}</th>
                <th scope="col">{t('deskSite.notes.accepted')}</th>
                <th scope="col">{t('deskSite.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((note) => (
                <NoteRow key={note.id} note={note} shown={note.id === shown?.id} onEdit={() => setEditing(note)} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function NoteRow({ note, shown, onEdit }: { note: DeskReleaseNote; shown: boolean; onEdit: () => void }) {
  const { t } = useTranslation();
  const { locale: param = 'en' } = useParams();
  const locale = isLocale(param) ? param : 'en';
  const timeZone = useTimeZone();
  const client = useQueryClient();
  const act = useMutation({
    mutationFn: (action: ReleaseNoteAction) => siteApi.actOnNote(note.id, action),
    onSuccess: async (_note, action) => {
      notifications.notify({
        type: 'success',
        children: t(action === 'publish' ? 'deskSite.notes.publishDone' : 'deskSite.notes.unpublishDone'),
      });
      await client.invalidateQueries({ queryKey: SITE_KEYS.notes });
    },
    onError: (error) => notifications.notify({ type: 'error', children: errorText(error, translateIfExists) }),
  });
  const time = (value: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(value));
  const title = note[`title_${locale}`] || note.title_en;
  // Unpublished after it was shown is not a draft: customers may have accepted it.
  const state = note.published ? 'published' : note.published_at ? 'withdrawn' : 'draft';
  return (
    <tr data-testid="note-row" data-id={note.id} data-published={note.published}>
      <td>
        <span dir="auto" data-testid="note-row-title">
          {title}
        </span>
      </td>
      <td>
        <span className="status-badge" data-status={state} data-testid="note-state">
          {t(`deskSite.notes.${state}`)}
        </span>
        {note.published && note.published_at ? <span className="site-muted"> {time(note.published_at)}</span> : null}
        {shown ? <span className="site-muted"> · {t('deskSite.notes.shown')}</span> : null}
      </td>
      <td>{note.accepted_count.toLocaleString(locale)}</td>
      <td className="site-row-actions">
        <Button size="small" variant="secondary" onClick={onEdit} data-testid="note-edit">
          {t('deskSite.edit')}
        </Button>
        {note.published ? (
          <Button size="small" variant="red" loading={act.isPending} onClick={() => act.mutate('unpublish')} data-testid="note-unpublish">
            {t('deskSite.notes.unpublish')}
          </Button>
        ) : (
          <Button size="small" variant="green" loading={act.isPending} onClick={() => act.mutate('publish')} data-testid="note-publish">
            {t('deskSite.notes.publish')}
          </Button>
        )}
      </td>
    </tr>
  );
}
