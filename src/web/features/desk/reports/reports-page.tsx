import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { REPORT_GROUPS, reportPeriod } from '../../../../common/desk-reports.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../ui/button.tsx';
import { SelectField, TextField } from '../../../ui/field.tsx';
import '../../../ui/field.css';
import type { ReportQuery } from './api.ts';
import { RevenueTab } from './revenue-tab.tsx';
import { SearchesTab, TopDownloadsTab } from './rankings-tab.tsx';
import { UsageTab } from './usage-tab.tsx';
import { useReportFormats } from './formats.ts';
import './reports.css';

const TABS = ['usage', 'revenue', 'top', 'searches'] as const;
type Tab = (typeof TABS)[number];
const FILTERS = ['from', 'to', 'customer', 'group'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** Periods up to two months are shown per day, longer ones per month, unless the desk chose. */
const DAYS_PER_DAY_CHART = 62;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * /{locale}/desk/reports (sales role, issue 29): usage per customer, agreement and period, balance
 * items used, revenue per month and plan, the most downloaded videos and the searches that found
 * nothing, each table with its CSV. The filters live in the address, so a report can be linked.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const f = useReportFormats();
  const [params, setParams] = useSearchParams();
  const given = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Filters;
  const tab: Tab = TABS.find((name) => name === params.get('tab')) ?? 'usage';
  const [draft, setDraft] = useState<Filters>(given);
  const [problem, setProblem] = useState<string | null>(null);

  const period = reportPeriod({ from: given.from || undefined, to: given.to || undefined }, today());
  const shown = 'error' in period ? reportPeriod({}, today()) : period;
  if ('error' in shown) throw new Error('the default period is always valid');
  const days = (Date.parse(shown.to) - Date.parse(shown.from)) / 86_400_000 + 1;
  const group = given.group || (days > DAYS_PER_DAY_CHART ? 'month' : 'day');
  const span = { from: shown.from, to: shown.to };
  const usage: ReportQuery = given.customer ? { ...span, customer: given.customer } : span;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = reportPeriod({ from: draft.from || undefined, to: draft.to || undefined }, today());
    if ('error' in checked) {
      setProblem(t(`deskReports.errors.${checked.error}`));
      return;
    }
    setProblem(null);
    const next = new URLSearchParams(Object.entries(draft).filter(([, value]) => value.trim() !== ''));
    if (tab !== 'usage') next.set('tab', tab);
    setParams(next);
  }
  const field = (name: keyof Filters) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const choose = (name: Tab) => {
    const next = new URLSearchParams(params);
    if (name === 'usage') next.delete('tab');
    else next.set('tab', name);
    setParams(next);
  };
  // The tabs' keys (WAI-ARIA tabs): the arrows move along the row as it reads, right to left in Arabic.
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const forward = document.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = document.dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key !== forward && event.key !== back) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + (event.key === forward ? 1 : TABS.length - 1)) % TABS.length] ?? 'usage';
    choose(next);
    document.getElementById(`reports-tab-${next}`)?.focus();
  };

  return (
    <section className="desk-reports" data-testid="desk-reports">
      <h1>{t('desk.menu.reports')}</h1>
      <form className="desk-filters" onSubmit={submit} data-testid="reports-filters">
        <TextField label={t('deskReports.from')} type="date" dir="ltr" {...field('from')} data-testid="reports-from" />
        <TextField label={t('deskReports.to')} type="date" dir="ltr" {...field('to')} data-testid="reports-to" />
        <TextField
          label={t('deskReports.customer')}
          placeholder={t('deskReports.customerHint')}
          {...field('customer')}
          data-testid="reports-customer"
        />
        <SelectField
          label={t('deskReports.group')}
          options={[
            { value: '', label: t('deskReports.groups.auto') },
            ...REPORT_GROUPS.map((value) => ({ value, label: t(`deskReports.groups.${value}`) })),
          ]}
          {...field('group')}
          data-testid="reports-group"
        />
        <Button type="submit" size="small" data-testid="reports-show">
          {t('deskReports.show')}
        </Button>
      </form>
      {problem ? (
        <p className="field__error" role="alert" data-testid="reports-problem">
          {problem}
        </p>
      ) : null}
      <p className="desk-reports__period" data-testid="reports-period">
        {t('deskReports.period', { from: f.day(shown.from), to: f.day(shown.to) })}
        {given.customer ? ` · ${t('deskReports.customerOnlyUsage')}` : ''}
      </p>
      <div className="desk-reports__tabs" role="tablist" aria-label={t('desk.menu.reports')} onKeyDown={onTabKey}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`reports-tab-${name}`}
            aria-selected={tab === name}
            tabIndex={tab === name ? 0 : -1}
            aria-controls="reports-panel"
            className="desk-reports__tab"
            onClick={() => choose(name)}
            data-testid={`reports-tab-${name}`}
          >
            {t(`deskReports.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="reports-panel" aria-labelledby={`reports-tab-${tab}`} className="desk-reports__panel">
        {tab === 'usage' ? <UsageTab filters={usage} group={group} /> : null}
        {tab === 'revenue' ? <RevenueTab filters={span} /> : null}
        {tab === 'top' ? <TopDownloadsTab filters={span} /> : null}
        {tab === 'searches' ? <SearchesTab filters={span} /> : null}
      </div>
    </section>
  );
}
