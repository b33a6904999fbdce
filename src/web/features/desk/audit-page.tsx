import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { AUDIT_SUBJECTS, type AuditEntry } from '../../../common/desk.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField, TextField } from '../../ui/field.tsx';
import { DESK_KEYS, deskApi } from './api.ts';
import { PagedTable, useFilterForm } from './paged-table.tsx';

type Filters = { action: string; subject_type: string; subject_id: string; actor_id: string; from: string; to: string };
const NO_FILTERS: Filters = { action: '', subject_type: '', subject_id: '', actor_id: '', from: '', to: '' };

/** /{locale}/desk/audit (admin role): every desk action, newest first, filtered by who, what, which row and when. */
export function AuditPage() {
  const { t } = useTranslation();
  const { given, submit, field } = useFilterForm<Filters>(NO_FILTERS);
  const query = useInfiniteQuery({
    queryKey: DESK_KEYS.audit(given),
    queryFn: ({ pageParam, signal }) => deskApi.audit({ ...given, before_id: pageParam ?? undefined }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before_id,
  });
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section className="desk-audit" data-testid="desk-audit">
      <h1>{t('desk.menu.audit')}</h1>
      <form className="desk-filters" onSubmit={submit} data-testid="audit-filters">
        <TextField label={t('desk.audit.action')} name="action" {...field('action')} />
        <SelectField
          label={t('desk.audit.subject')}
          name="subject_type"
          placeholder={t('desk.audit.anySubject')}
          options={AUDIT_SUBJECTS.map((subject) => ({ value: subject, label: t(`desk.audit.subjects.${subject}`) }))}
          {...field('subject_type')}
        />
        <TextField label={t('desk.audit.subjectId')} name="subject_id" {...field('subject_id')} />
        <TextField label={t('desk.audit.actorId')} name="actor_id" inputMode="numeric" {...field('actor_id')} />
        <TextField label={t('desk.audit.from')} name="from" type="date" {...field('from')} />
        <TextField label={t('desk.audit.to')} name="to" type="date" {...field('to')} />
        <Button type="submit" size="small">
          {t('desk.audit.filter')}
        </Button>
      </form>
      <PagedTable
        query={query}
        rows={entries.length}
        columns={[t('desk.audit.at'), t('desk.audit.actor'), t('desk.audit.action'), t('desk.audit.subject'), t('desk.audit.change')]}
        texts={{ failed: t('desk.audit.failed'), empty: t('desk.audit.empty'), more: t('desk.audit.more') }}
        testIds={{ table: 'audit-entries', empty: 'audit-empty' }}
      >
        {entries.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </PagedTable>
    </section>
  );
}

const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  return (
    <tr data-testid="audit-entry">
      <td>{new Date(entry.at).toLocaleString(i18n.language)}</td>
      <td>{entry.actor ? `${entry.actor.name || entry.actor.email} (${entry.actor.id})` : t('desk.audit.platform')}</td>
      <td>
        <code>{entry.action}</code>
      </td>
      <td>
        {t(`desk.audit.subjects.${entry.subject_type}`)} {entry.subject_id}
      </td>
      <td className="desk-audit__change">
        <details>
          <summary>{t('desk.audit.beforeAfter')}</summary>
          <div className="desk-audit__sides">
            <pre dir="ltr">{shown(entry.before)}</pre>
            <pre dir="ltr">{shown(entry.after)}</pre>
          </div>
        </details>
      </td>
    </tr>
  );
}
