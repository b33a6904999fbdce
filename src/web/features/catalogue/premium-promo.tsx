import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import { useSite } from '../../lib/site.ts';
import { buttonClass } from '../../ui/button.tsx';
import { useCurrentUser } from '../accounts/use-current-user.ts';

/**
 * The premium-plan promo box of the video page (spec: content §2): for a visitor or a signed-in user
 * with no agreement in force, what the pass gives and the way to the plans. Not on the landing
 * variant, which has no plans page.
 */
export function PremiumPromo() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const site = useSite();
  const { user, loading } = useCurrentUser();
  if (loading || site.variant === 'landing' || (user && user.agreement_types.length > 0)) return null;
  return (
    <section className="video-box premium-promo" aria-labelledby="premium-promo-title" data-testid="premium-promo">
      <h2 id="premium-promo-title" className="video-box__title">
        {t('video.promo.title')}
      </h2>
      <p className="premium-promo__text">{t('video.promo.text')}</p>
      <Link className={buttonClass('primary', 'small')} to={`/${locale}${LINKS.plans}`} data-testid="premium-promo-plans">
        {t('video.promo.action')}
      </Link>
    </section>
  );
}
