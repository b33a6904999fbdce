import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import type { ApiErrorItem } from '../../../../common/errors.ts';
import { NOTE_REQUIRED, type ContentAction, type ContentActionBody, type ContentItem } from '../../../../common/newsroom-desk.ts';
import { LINKS } from '../../../../common/routes.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/field.tsx';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { NotFoundPage } from '../../../ui/not-found.tsx';
import { CONTENT_KEYS, contentApi } from './api.ts';
import { useAutosave, type SaveState } from './autosave.ts';
import { DescribeForm } from './describe-form.tsx';
import { RecipientsPanel } from './recipients-panel.tsx';
import './content.css';

/** Actions that ask for words (or a time) first, in a dialog. */
const ASKS: Partial<Record<ContentAction, 'note' | 'reason' | 'at'>> = { ...NOTE_REQUIRED, schedule: 'at' };
const DANGER: readonly ContentAction[] = ['withhold', 'kill'];

/** /{locale}/desk/content/{id} (editor role): one story's describe form, saved as typed, and its life-cycle buttons. */
export function ContentItemPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const item = useQuery({
    queryKey: CONTENT_KEYS.item(id),
    queryFn: ({ signal }) => contentApi.item(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: Infinity,
  });
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  if (item.isPending) return <LoadingFallback label={t('common.loading')} />;
  if (item.isError) {
    if (item.error instanceof ApiError && item.error.status === 404) return <NotFoundPage />;
    return <p role="alert">{t('deskContent.failed')}</p>;
  }
  return <Editor key={item.data.id} initial={item.data} />;
}

function SaveStatus({ state, onTakeTheirs, onKeepMine }: { state: SaveState; onTakeTheirs: () => void; onKeepMine: () => void }) {
  const { t } = useTranslation();
  if (state.kind === 'conflict')
    return (
      <div className="desk-content__conflict" role="alert" data-testid="save-conflict">
        <strong>{t('deskContent.save.conflict')}</strong>
        <p>
          {t('deskContent.save.conflictText', {
            version: state.currentVersion,
            who: state.savedBy || t('deskContent.save.someone'),
            fields: state.changedFields.map((field) => t(`deskContent.fieldNames.${field}`, { defaultValue: field })).join(', '),
          })}
        </p>
        <div className="desk-content__buttons">
          <Button size="small" variant="secondary" onClick={onTakeTheirs} data-testid="conflict-theirs">
            {t('deskContent.save.takeTheirs')}
          </Button>
          <Button size="small" onClick={onKeepMine} data-testid="conflict-mine">
            {t('deskContent.save.keepMine')}
          </Button>
        </div>
      </div>
    );
  const text =
    state.kind === 'invalid'
      ? state.errors.map((error) => t(`deskContent.errors.${error.code}`, { defaultValue: error.message })).join(', ')
      : t(`deskContent.save.${state.kind}`);
  return (
    <p
      className={`desk-content__save desk-content__save--${state.kind}`}
      role="status"
      aria-live="polite"
      data-testid="save-state"
      data-state={state.kind}
    >
      {text}
    </p>
  );
}

function Editor({ initial }: { initial: ContentItem }) {
  const { t, i18n } = useTranslation();
  const { locale = 'en' } = useParams();
  const queryClient = useQueryClient();
  const [item, setItem] = useState(initial);
  const [asking, setAsking] = useState<ContentAction | null>(null);
  const [words, setWords] = useState('');
  const [problems, setProblems] = useState<ApiErrorItem[]>([]);
  const onSaved = useCallback(
    (saved: ContentItem) => {
      setItem(saved);
      queryClient.setQueryData(CONTENT_KEYS.item(saved.id), saved);
    },
    [queryClient],
  );
  const form = useAutosave(initial, onSaved);
  const act = useMutation({
    mutationFn: async ({ action, body }: { action: ContentAction; body: ContentActionBody }) => {
      await form.flush();
      return contentApi.act(item.id, action, body);
    },
    onSuccess: (next) => {
      onSaved(next);
      setProblems([]);
      setAsking(null);
      void queryClient.invalidateQueries({ queryKey: ['desk', 'content', 'list'] });
    },
    onError: (error) => setProblems(error instanceof ApiError ? error.errors : [{ code: 'internal_error', message: error.message }]),
  });
  const start = (action: ContentAction) => {
    setProblems([]);
    if (ASKS[action]) {
      setWords('');
      setAsking(action);
    } else act.mutate({ action, body: {} });
  };
  const confirm = () => {
    if (!asking) return;
    const ask = ASKS[asking];
    const body: ContentActionBody = ask === 'at' ? { at: words ? new Date(words).toISOString() : undefined } : ask ? { [ask]: words } : {};
    act.mutate({ action: asking, body });
  };
  const fieldErrors = Object.fromEntries(
    [...problems, ...(form.state.kind === 'invalid' ? form.state.errors : [])]
      .filter((problem) => problem.field)
      .map((problem) => [problem.field ?? '', t(`deskContent.errors.${problem.code}`, { defaultValue: problem.message })]),
  );
  const final = item.state === 'killed';
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '—');
  return (
    <section className="desk-content desk-content--item" data-testid="content-editor" data-state={item.state}>
      <p>
        <Link to={`/${locale}/desk/content`}>{t('deskContent.back')}</Link>
      </p>
      <header className="desk-content__head">
        <h1 dir="auto">{form.fields.texts[form.fields.language]?.headline || t('deskContent.untitled', { id: item.id })}</h1>
        <span className={`desk-content__state desk-content__state--${item.state}`} data-testid="content-state">
          {t(`deskContent.states.${item.state}`)}
        </span>
      </header>
      <dl className="desk-content__facts">
        <div>
          <dt>{t('deskContent.facts.media')}</dt>
          <dd data-testid="media-state">
            {t(`deskContent.media.${item.media_state}`)}
            {item.duration_seconds ? ` · ${Math.round(item.duration_seconds)} s` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('deskContent.facts.revision')}</dt>
          <dd>{item.revision}</dd>
        </div>
        <div>
          <dt>{t('deskContent.facts.versionCreated')}</dt>
          <dd>{when(item.version_created_at)}</dd>
        </div>
        {item.scheduled_at ? (
          <div>
            <dt>{t('deskContent.facts.scheduled')}</dt>
            <dd>{when(item.scheduled_at)}</dd>
          </div>
        ) : null}
        {item.video_project_slug && (item.state === 'published' || item.state === 'corrected') ? (
          <div>
            <dt>{t('deskContent.facts.catalogue')}</dt>
            <dd>
              <Link to={`/${locale}${LINKS.video(item.video_project_slug)}`} data-testid="catalogue-link">
                {t('deskContent.facts.open')}
              </Link>
            </dd>
          </div>
        ) : null}
        {item.killed_reason ? (
          <div>
            <dt>{t('deskContent.facts.killedReason')}</dt>
            <dd>{item.killed_reason}</dd>
          </div>
        ) : null}
        {item.correction_note ? (
          <div>
            <dt>{t('deskContent.facts.correction')}</dt>
            <dd>{item.correction_note}</dd>
          </div>
        ) : null}
      </dl>

      {final ? null : <SaveStatus state={form.state} onTakeTheirs={() => void form.takeTheirs()} onKeepMine={() => void form.keepMine()} />}

      <div className="desk-content__buttons" data-testid="content-actions">
        {item.actions.map((action) => (
          <Button
            key={action}
            size="small"
            variant={DANGER.includes(action) ? 'red' : action === 'publish' || action === 'correct' ? 'green' : 'secondary'}
            loading={act.isPending && act.variables.action === action}
            onClick={() => start(action)}
            data-testid={`action-${action}`}
          >
            {t(`deskContent.actions.${action}`)}
          </Button>
        ))}
      </div>
      {problems.length > 0 && !asking ? (
        <ul className="desk-content__problems" role="alert" data-testid="content-problems">
          {problems.map((problem) => (
            <li key={`${problem.code}-${problem.field ?? ''}`}>
              {t(`deskContent.errors.${problem.code}`, { defaultValue: problem.message })}
            </li>
          ))}
        </ul>
      ) : null}

      {item.state === 'killed' || item.revision > 1 ? (
        <RecipientsPanel itemId={item.id} revision={item.revision} state={item.state} />
      ) : null}

      <DescribeForm fields={form.fields} change={form.change} disabled={final} errors={fieldErrors} />

      <Dialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking ? t(`deskContent.dialog.${asking}.title`) : ''}
        description={asking ? t(`deskContent.dialog.${asking}.text`) : undefined}
        testId="action-dialog"
        footer={
          <>
            <Button variant="secondary" size="small" onClick={() => setAsking(null)}>
              {t('deskContent.dialog.cancel')}
            </Button>
            <Button
              size="small"
              variant={asking && DANGER.includes(asking) ? 'red' : 'green'}
              loading={act.isPending}
              disabled={words.trim() === ''}
              onClick={confirm}
              data-testid="action-confirm"
            >
              {asking ? t(`deskContent.actions.${asking}`) : ''}
            </Button>
          </>
        }
      >
        {asking && ASKS[asking] === 'at' ? (
          <TextField
            label={t('deskContent.dialog.at')}
            name="at"
            type="datetime-local"
            value={words}
            onChange={(event) => setWords(event.target.value)}
          />
        ) : (
          <div className="field">
            <label htmlFor="action-words" className="field__label">
              {t(asking === 'kill' ? 'deskContent.dialog.reason' : 'deskContent.dialog.note')}
            </label>
            <textarea
              id="action-words"
              className="field__control desk-describe__area"
              rows={3}
              value={words}
              onChange={(event) => setWords(event.target.value)}
              data-testid="action-words"
            />
          </div>
        )}
        {problems.length > 0 ? (
          <p className="field__error" role="alert">
            {problems.map((problem) => t(`deskContent.errors.${problem.code}`, { defaultValue: problem.message })).join(', ')}
          </p>
        ) : null}
      </Dialog>
    </section>
  );
}
