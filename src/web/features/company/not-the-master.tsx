import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import { buttonClass } from '../../ui/button.tsx';

/** Spec §6: only the company's master (or an admin) runs the team; a member who opens it is told so. */
export function NotTheMaster() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  return (
    <div className="page team-page" data-testid="team-not-master">
      <h1>{t('profileMenu.members')}</h1>
      <p className="team-page__lead">{t('team.notMaster')}</p>
      <Link className={buttonClass('secondary')} to={`/${locale}${LINKS.profile}`}>
        {t('profileMenu.profile')}
      </Link>
    </div>
  );
}
