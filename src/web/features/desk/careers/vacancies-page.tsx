import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LOCALES } from '../../../../common/locales.ts';
import { errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { buttonClass } from '../../../ui/button.tsx';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { CAREERS_DESK_KEYS, careersDeskApi } from './api.ts';
import { CareersNav } from './careers-nav.tsx';
import './desk-careers.css';

/**
 * /{locale}/desk/careers/vacancies (sales role): every vacancy, published or not, newest first, with
 * the languages it is written in and its applications (a link to them in the inbox).
 */
export function VacanciesPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  // Asked again on every visit: the applications' counts move while the desk is elsewhere.
  const vacancies = useQuery({
    queryKey: CAREERS_DESK_KEYS.vacancies,
    queryFn: ({ signal }) => careersDeskApi.vacancies(signal),
    refetchOnMount: 'always',
  });
  const rows = vacancies.data?.vacancies ?? [];
  return (
    <section className="desk-careers" data-testid="desk-vacancies">
      <CareersNav />
      <div className="desk-careers__head">
        <h1>{t('deskCareers.vacancies.title')}</h1>
        <Link className={buttonClass('primary', 'small')} to={`/${locale}/desk/careers/vacancies/new`} data-testid="vacancy-new">
          {t('deskCareers.vacancies.new')}
        </Link>
      </div>
      {vacancies.isError ? (
        <p role="alert">{errorText(vacancies.error, translateIfExists)}</p>
      ) : !vacancies.data ? (
        <LoadingFallback label={t('common.loading')} />
      ) : rows.length === 0 ? (
        <p data-testid="vacancies-empty">{t('deskCareers.vacancies.empty')}</p>
      ) : (
        <div className="desk-careers__scroll">
          <table className="desk-table" data-testid="vacancies-table">
            <thead>
              <tr>
                <th>{t('deskCareers.vacancy.fields.title')}</th>
                <th>{t('deskCareers.vacancies.languages')}</th>
                <th>{t('deskCareers.vacancy.fields.employmentType')}</th>
                <th>{t('deskCareers.vacancies.state')}</th>
                <th>{t('deskCareers.vacancies.applications')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((vacancy) => (
                <tr key={vacancy.id} data-testid="vacancy-row" data-id={vacancy.id}>
                  <td>
                    <Link to={`/${locale}/desk/careers/vacancies/${vacancy.id}`} lang="en" dir="ltr" data-testid="vacancy-edit">
                      {vacancy.translations.en.title}
                    </Link>
                  </td>
                  <td>
                    {LOCALES.filter((code) => vacancy.translations[code]).map((code) => (
                      <abbr key={code} className="desk-careers__lang" title={t(`deskCareers.languages.${code}`)}>
                        {code.toUpperCase()}
                      </abbr>
                    ))}
                  </td>
                  <td>{t(`deskCareers.employment.${vacancy.employment_type}`)}</td>
                  <td>
                    <span className="status-badge" data-status={vacancy.published ? 'published' : 'draft'} data-testid="vacancy-published">
                      {t(vacancy.published ? 'deskCareers.vacancies.published' : 'deskCareers.vacancies.draft')}
                    </span>
                  </td>
                  <td>
                    <Link to={`/${locale}/desk/careers?vacancy_id=${vacancy.id}`} data-testid="vacancy-applications">
                      {vacancy.applications_count}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
