import { Link, useParams } from 'react-router';
import type { Agreement } from '../../../common/agreements.ts';
import { LINKS } from '../../../common/routes.ts';
import { formatDay, formatNumber } from '../../lib/money.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { useTranslation } from '../../lib/translation.ts';
import { balanceBar } from '../agreements/agreement-view.ts';
import { Button, buttonClass } from '../../ui/button.tsx';

/**
 * Agreements that already give the buyer videos on demand (issue 28: a master under an enterprise
 * agreement bought a pass with no word): active, with on-demand access, other than one video's
 * licence or a pass (a held pass blocks buying another on the server).
 */
export function coveringAgreements(agreements: readonly Agreement[]): Agreement[] {
  return agreements.filter(
    (agreement) =>
      agreement.status === 'active' &&
      agreement.vod_access &&
      agreement.agreement_type !== 'one_off' &&
      agreement.agreement_type !== 'pass',
  );
}

/**
 * Before a pass is bought by someone an agreement already serves: what they have (type, whose,
 * until when, what is left) and the question whether to buy a pass beside it.
 */
export function AlreadyCovered({ agreements, title, onContinue }: { agreements: Agreement[]; title: string; onContinue: () => void }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  return (
    <div className="page payment-page" data-testid="payment-page">
      <h1 className="payment-page__title">{title}</h1>
      <section className="already-covered" aria-labelledby="already-covered-title" data-testid="already-covered">
        <h2 className="already-covered__title" id="already-covered-title">
          {t('payment.covered.title')}
        </h2>
        <ul className="already-covered__list">
          {agreements.map((agreement) => (
            <li key={agreement.id} className="already-covered__agreement" data-testid={`covered-${agreement.id}`}>
              <strong>{t(`planDetails.types.${agreement.agreement_type}`)}</strong>
              <span>{t(`planDetails.owner.${agreement.owner}`)}</span>
              <span data-testid="covered-until">
                {agreement.valid_till
                  ? t('planDetails.balance.validTill', { date: formatDay(agreement.valid_till, locale, timeZone) })
                  : t('planDetails.conditions.noEnd')}
              </span>
              <ul className="already-covered__balances">
                {agreement.balances.map((balance) => {
                  const bar = balanceBar(balance);
                  return (
                    <li key={balance.kind} data-testid={`covered-balance-${balance.kind}`}>
                      {t(`planDetails.kinds.${balance.kind}`)}:{' '}
                      {bar.limited
                        ? t('planDetails.balance.left', {
                            remaining: formatNumber(bar.remaining, locale),
                            total: formatNumber(bar.total, locale),
                          })
                        : t('planDetails.balance.noLimit')}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
        <p className="already-covered__question">{t('payment.covered.question')}</p>
        <div className="form__actions">
          <Button onClick={onContinue} data-testid="covered-continue">
            {t('payment.covered.continue')}
          </Button>
          <Link className={buttonClass('secondary')} to={`/${locale}${LINKS.planDetails}`} data-testid="covered-back">
            {t('payment.covered.back')}
          </Link>
        </div>
      </section>
    </div>
  );
}
