import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import type { PlanRequestName } from '../../../common/plan-requests.ts';
import { LINKS } from '../../../common/routes.ts';
import { buttonClass } from '../../ui/button.tsx';
import { CardPage } from '../../ui/card.tsx';

/**
 * The success screens (spec §2): a signed-in requester follows the request on the plan-details
 * page; a visitor learns that the plan will belong to the account with the address they gave
 * (the "pass-unregistered" screen; docs/decisions.md "Plan requests: the success screens").
 */
export function RequestSent({
  plan,
  email,
  signedIn,
  locale,
}: {
  plan: PlanRequestName;
  email: string;
  signedIn: boolean;
  locale: string;
}) {
  const { t } = useTranslation();
  return (
    <CardPage
      wide
      title={t('planRequest.sent.title')}
      lead={<p>{t(`planRequest.sent.lead.${plan}`)}</p>}
      testId={signedIn ? 'plan-request-sent' : 'plan-request-sent-unregistered'}
    >
      <div className="plan-request__sent" role="status">
        <p>{t('planRequest.sent.verification')}</p>
        <p>{t('planRequest.sent.email', { email })}</p>
        {signedIn ? null : <p>{t('planRequest.sent.unregistered', { email })}</p>}
      </div>
      <div className="form__actions">
        {signedIn ? (
          <Link className={buttonClass()} to={`/${locale}${LINKS.planDetails}`}>
            {t('planRequest.sent.toPlanDetails')}
          </Link>
        ) : (
          <>
            <Link className={buttonClass()} to={`/${locale}${LINKS.signup}`}>
              {t('planRequest.sent.signUp')}
            </Link>
            <Link className={buttonClass('secondary')} to={`/${locale}${LINKS.signin}`}>
              {t('planRequest.sent.signIn')}
            </Link>
          </>
        )}
        <Link to={`/${locale}`}>{t('planRequest.sent.toCatalogue')}</Link>
      </div>
    </CardPage>
  );
}
