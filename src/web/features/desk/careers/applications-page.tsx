import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CAREER_APPLICATION_STATES } from '../../../../common/desk-inbox.ts';
import { errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { SelectField } from '../../../ui/field.tsx';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { useAssignees } from '../inbox/inbox-api.ts';
import { CAREERS_DESK_KEYS, careersDeskApi } from './api.ts';
import { ApplicationCard } from './application-card.tsx';
import { CareersNav } from './careers-nav.tsx';
import './desk-careers.css';

const FILTERS = ['state', 'assignee', 'vacancy_id'] as const;

/**
 * /{locale}/desk/careers (sales role, issue 29): every vacancy's job applications, the open ones
 * first, found by state, by who has them and by vacancy (the filters live in the address, so the
 * vacancies list links to one vacancy's applications); each with its details, files and desk controls.
 */
export function ApplicationsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Record<(typeof FILTERS)[number], string>;
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  const applications = useQuery({
    queryKey: CAREERS_DESK_KEYS.applications(query),
    queryFn: ({ signal }) => careersDeskApi.applications(query, signal),
  });
  const vacancies = useQuery({ queryKey: CAREERS_DESK_KEYS.vacancies, queryFn: ({ signal }) => careersDeskApi.vacancies(signal) });
  const assignees = useAssignees();
  const setFilter = (name: (typeof FILTERS)[number], value: string) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const option = (value: string, label: string) => ({ value, label });
  const rows = applications.data?.applications ?? [];

  return (
    <section className="desk-careers" data-testid="desk-careers">
      <CareersNav />
      <h1>{t('deskCareers.applications.title')}</h1>
      <div className="desk-filters" data-testid="careers-filters">
        <SelectField
          label={t('deskCareers.applications.state')}
          value={filters.state}
          options={[
            option('', t('deskCareers.applications.anyState')),
            ...CAREER_APPLICATION_STATES.map((state) => option(state, t(`deskCareers.states.${state}`))),
          ]}
          onChange={(event) => setFilter('state', event.target.value)}
          data-testid="careers-filter-state"
        />
        <SelectField
          label={t('deskCareers.applications.assignee')}
          value={filters.assignee}
          options={[
            option('', t('deskCareers.applications.anyone')),
            option('me', t('deskCareers.applications.mine')),
            option('none', t('deskCareers.applications.nobody')),
            ...(assignees.data ?? []).map((staff) => option(String(staff.id), staff.name || staff.email)),
          ]}
          onChange={(event) => setFilter('assignee', event.target.value)}
          data-testid="careers-filter-assignee"
        />
        <SelectField
          label={t('deskCareers.applications.vacancy')}
          value={filters.vacancy_id}
          options={[
            option('', t('deskCareers.applications.anyVacancy')),
            ...(vacancies.data?.vacancies ?? []).map((vacancy) => option(String(vacancy.id), vacancy.translations.en.title)),
          ]}
          onChange={(event) => setFilter('vacancy_id', event.target.value)}
          data-testid="careers-filter-vacancy"
        />
      </div>
      {applications.isError ? (
        <p role="alert">{errorText(applications.error, translateIfExists)}</p>
      ) : !applications.data ? (
        <LoadingFallback label={t('common.loading')} />
      ) : rows.length === 0 ? (
        <p data-testid="careers-empty">{t('deskCareers.applications.empty')}</p>
      ) : (
        <ul className="desk-careers__list" data-testid="careers-applications">
          {rows.map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              onChange={async (change) => {
                const saved = await careersDeskApi.changeApplication(application.id, change);
                await client.invalidateQueries({ queryKey: CAREERS_DESK_KEYS.applicationsAll });
                return saved;
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
