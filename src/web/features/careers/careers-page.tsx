import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import type { Vacancy } from '../../../common/careers.ts';
import { LINKS } from '../../../common/routes.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { CAREERS_KEYS, careersApi } from './api.ts';
import { VacancyFacts } from './vacancy-facts.tsx';
import './careers.css';

/** /{locale}/career (spec: content §1, §2 "Careers"): the open positions, newest first. */
export function CareersPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  useScreenMeta(t('careers.title'), t('careers.lead'));
  const vacancies = useQuery({
    queryKey: CAREERS_KEYS.vacancies(locale),
    queryFn: ({ signal }) => careersApi.vacancies(signal),
  });
  if (vacancies.isError) throw vacancies.error;
  if (!vacancies.data) return <LoadingFallback />;
  const list = vacancies.data.vacancies;

  return (
    <div className="page careers-page" data-testid="careers-page">
      <header className="careers-page__header">
        <h1 className="careers-page__title">{t('careers.title')}</h1>
        <p className="careers-page__lead">{t('careers.lead')}</p>
      </header>
      {list.length === 0 ? (
        <p className="careers-page__empty">{t('careers.empty')}</p>
      ) : (
        <ul className="vacancy-list" data-testid="vacancy-list">
          {list.map((vacancy) => (
            <VacancyItem key={vacancy.id} vacancy={vacancy} locale={locale} />
          ))}
        </ul>
      )}
    </div>
  );
}

function VacancyItem({ vacancy, locale }: { vacancy: Vacancy; locale: string }) {
  const { t } = useTranslation();
  return (
    <li className="vacancy-card" data-testid="vacancy-card">
      <h2 className="vacancy-card__title">
        <Link to={`/${locale}${LINKS.career}/${vacancy.id}`}>{vacancy.title}</Link>
      </h2>
      <VacancyFacts vacancy={vacancy} />
      {vacancy.summary ? <p className="vacancy-card__summary">{vacancy.summary}</p> : null}
      <Link
        className="vacancy-card__more"
        to={`/${locale}${LINKS.career}/${vacancy.id}`}
        aria-label={t('careers.moreAbout', { title: vacancy.title })}
      >
        {t('careers.more')}
      </Link>
    </li>
  );
}
