import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { Link, useNavigate, useParams } from 'react-router';
import { BULK_ACTIONS, type BulkAction, type BulkResult } from '../../../../common/newsroom-desk.ts';
import { CONTENT_STATES } from '../../../../common/newsroom.ts';
import { Button } from '../../../ui/button.tsx';
import { SelectField, TextField } from '../../../ui/field.tsx';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { useDeskMe } from '../api.ts';
import { CONTENT_KEYS, contentApi } from './api.ts';
import './content.css';

type Filters = { q: string; state: string; editor_id: string; from: string; to: string };
const NO_FILTERS: Filters = { q: '', state: '', editor_id: '', from: '', to: '' };
const given = (filters: Filters) => Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));

/**
 * /{locale}/desk/content (editor role): every story in every state, searched by words, state,
 * editor and day; a selection takes bulk actions (publish, tag, withhold), each item on its own.
 */
export function ContentListPage() {
  const { t, i18n } = useTranslation();
  const { locale = 'en' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useDeskMe().data;
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [tagSlug, setTagSlug] = useState('');
  const [outcome, setOutcome] = useState<BulkResult | null>(null);
  const list = useQuery({ queryKey: CONTENT_KEYS.list(given(filters)), queryFn: ({ signal }) => contentApi.list(given(filters), signal) });
  const create = useMutation({
    mutationFn: () => contentApi.create({ language: (['en', 'es', 'ru', 'ar'] as const).find((l) => l === locale) ?? 'en' }),
    onSuccess: (item) => navigate(`/${locale}/desk/content/${item.id}`),
  });
  const bulk = useMutation({
    mutationFn: (action: BulkAction) =>
      contentApi.bulk({ action, ids: [...selected], tag_slug: action === 'tag' ? tagSlug.trim() : undefined }),
    onSuccess: (result) => {
      setOutcome(result);
      void queryClient.invalidateQueries({ queryKey: CONTENT_KEYS.all });
    },
  });
  const field = (name: keyof Filters) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSelected(new Set());
    setFilters(draft);
  };
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const items = list.data?.items ?? [];
  const failed = outcome?.results.filter((result) => !result.ok) ?? [];
  return (
    <section className="desk-content" data-testid="desk-content">
      <header className="desk-content__head">
        <h1>{t('deskContent.title')}</h1>
        <Button size="small" onClick={() => create.mutate()} loading={create.isPending} data-testid="content-new">
          {t('deskContent.new')}
        </Button>
      </header>
      <form className="desk-filters" onSubmit={submit} data-testid="content-filters" role="search">
        <TextField label={t('deskContent.filters.q')} name="q" type="search" {...field('q')} />
        <SelectField
          label={t('deskContent.filters.state')}
          name="state"
          placeholder={t('deskContent.filters.anyState')}
          options={CONTENT_STATES.map((state) => ({ value: state, label: t(`deskContent.states.${state}`) }))}
          {...field('state')}
        />
        <SelectField
          label={t('deskContent.filters.editor')}
          name="editor_id"
          placeholder={t('deskContent.filters.anyEditor')}
          options={me ? [{ value: String(me.id), label: t('deskContent.filters.me') }] : []}
          {...field('editor_id')}
        />
        <TextField label={t('deskContent.filters.from')} name="from" type="date" {...field('from')} />
        <TextField label={t('deskContent.filters.to')} name="to" type="date" {...field('to')} />
        <Button type="submit" size="small">
          {t('deskContent.filters.search')}
        </Button>
      </form>

      <div className="desk-content__bulk" data-testid="content-bulk" aria-live="polite">
        <span>{t('deskContent.bulk.selected', { count: selected.size })}</span>
        {BULK_ACTIONS.filter((action) => action !== 'tag').map((action) => (
          <Button
            key={action}
            size="small"
            variant={action === 'withhold' ? 'red' : 'green'}
            disabled={selected.size === 0}
            loading={bulk.isPending && bulk.variables === action}
            onClick={() => bulk.mutate(action)}
            data-testid={`bulk-${action}`}
          >
            {t(`deskContent.actions.${action}`)}
          </Button>
        ))}
        <TextField
          label={t('deskContent.bulk.tag')}
          name="bulk_tag"
          value={tagSlug}
          onChange={(event) => setTagSlug(event.target.value)}
          dir="ltr"
        />
        <Button size="small" variant="secondary" disabled={selected.size === 0 || tagSlug.trim() === ''} onClick={() => bulk.mutate('tag')}>
          {t('deskContent.bulk.addTag')}
        </Button>
      </div>
      {outcome ? (
        <p className="desk-content__outcome" role="status" data-testid="bulk-outcome">
          {t('deskContent.bulk.done', { ok: outcome.results.length - failed.length, failed: failed.length })}
          {failed.map((result) => (
            <span key={result.id} className="desk-content__failure">
              #{result.id}:{' '}
              {result.errors.map((error) => t(`deskContent.errors.${error.code}`, { defaultValue: error.message })).join(', ')}
            </span>
          ))}
        </p>
      ) : null}
      {bulk.isError ? <p role="alert">{t('deskContent.bulk.failed')}</p> : null}

      {list.isPending ? <LoadingFallback label={t('common.loading')} /> : null}
      {list.isError ? <p role="alert">{t('deskContent.failed')}</p> : null}
      {list.isSuccess && items.length === 0 ? <p data-testid="content-empty">{t('deskContent.empty')}</p> : null}
      {items.length > 0 ? (
        <div className="desk-table__scroll">
          <table className="desk-table" data-testid="content-items">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('deskContent.bulk.select')}</span>
                </th>
                <th scope="col">{t('deskContent.columns.headline')}</th>
                <th scope="col">{t('deskContent.columns.state')}</th>
                <th scope="col">{t('deskContent.columns.media')}</th>
                <th scope="col">{t('deskContent.columns.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-testid="content-item" data-state={item.state}>
                  <td>
                    <input
                      type="checkbox"
                      checked={selected.has(item.id)}
                      onChange={() => toggle(item.id)}
                      aria-label={t('deskContent.bulk.selectOne', { headline: item.headline || `#${item.id}` })}
                    />
                  </td>
                  <td>
                    <Link to={`/${locale}/desk/content/${item.id}`} lang={item.language} dir="auto">
                      {item.headline || item.source_name || t('deskContent.untitled', { id: item.id })}
                    </Link>
                  </td>
                  <td>
                    <span className={`desk-content__state desk-content__state--${item.state}`}>
                      {t(`deskContent.states.${item.state}`)}
                    </span>
                    {item.scheduled_at ? <small> {new Date(item.scheduled_at).toLocaleString(i18n.language)}</small> : null}
                  </td>
                  <td>{t(`deskContent.media.${item.media_state}`)}</td>
                  <td>
                    {new Date(item.updated_at).toLocaleString(i18n.language)}
                    {item.updated_by ? <small className="desk-content__by"> {item.updated_by.name}</small> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list.data && list.data.count > list.data.items.length ? (
        <p className="desk__lead">{t('deskContent.more', { shown: list.data.items.length, count: list.data.count })}</p>
      ) : null}
    </section>
  );
}
