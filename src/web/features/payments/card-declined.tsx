import { Link } from 'react-router';
import { useTranslation } from '../../lib/translation.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { RejectionDialog } from './payment-dialogs.tsx';
import { cardErrorKey, type Rejections } from './purchase-outcome.ts';

/** The card-declined view of checkout: why, try again (not once payments are paused), or back; and the rejection dialog. */
export function CardDeclined({
  code,
  rejections,
  back,
  onTryAgain,
  onClose,
}: {
  code: string;
  rejections: Rejections | null;
  back: string;
  onTryAgain: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="card-declined" data-testid="card-declined">
      <h2 className="card-declined__title">{t('payment.declined.title')}</h2>
      <p className="card-declined__reason" data-testid="declined-reason">
        {t(cardErrorKey(code))}
      </p>
      <div className="card-declined__actions">
        <Button
          onClick={onTryAgain}
          data-testid="declined-try-again"
          disabled={rejections?.bannedUntil !== null && rejections?.bannedUntil !== undefined}
        >
          {t('payment.declined.tryAgain')}
        </Button>
        <Link className={buttonClass('secondary')} to={back} data-testid="declined-back">
          {t('payment.declined.back')}
        </Link>
      </div>
      <RejectionDialog rejections={rejections} onClose={onClose} />
    </section>
  );
}
