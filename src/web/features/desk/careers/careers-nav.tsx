import { NavLink, useParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';

/** The careers desk's two screens: the applications inbox and the vacancies. */
export function CareersNav() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  return (
    <nav className="desk-careers__nav" aria-label={t('desk.menu.careers')}>
      <NavLink end to={`/${locale}/desk/careers`} data-testid="careers-nav-applications">
        {t('deskCareers.applications.title')}
      </NavLink>
      <NavLink to={`/${locale}/desk/careers/vacancies`} data-testid="careers-nav-vacancies">
        {t('deskCareers.vacancies.title')}
      </NavLink>
    </nav>
  );
}
