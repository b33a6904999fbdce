import { Suspense, useState } from 'react';
import { lazyRetry } from '../../lib/lazy-retry.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import { Button } from '../../ui/button.tsx';
import { ALL_ACCEPTED, ONLY_NECESSARY } from './consent.ts';
import { saveConsent, useConsent } from './consent-store.ts';
import './consent.css';

// The per-category dialog (Radix dialog and checkboxes) loads when "Settings" is pressed.
const ConsentDialog = lazyRetry(() => import('./consent-dialog.tsx').then((module) => ({ default: module.ConsentDialog })));

/** Banner shown until a consent choice is stored; "Settings" opens the per-category dialog. */
export function CookieBanner({
  settingsOpen,
  onSettingsOpenChange,
}: {
  settingsOpen: boolean;
  onSettingsOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const consent = useConsent();
  const [dismissed, setDismissed] = useState(false);
  const showBanner = consent === null && !dismissed;

  return (
    <>
      {showBanner ? (
        <section className="cookie-banner" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
          <div className="cookie-banner__text">
            <h2 id="cookie-banner-title" className="cookie-banner__title">
              {t('cookies.bannerTitle')}
            </h2>
            <p>
              {t('cookies.bannerText')} <Link to={`/${locale}${LINKS.cookiePolicy}`}>{t('cookies.policyLink')}</Link>
            </p>
          </div>
          <div className="cookie-banner__actions">
            <Button variant="secondary" size="small" onClick={() => onSettingsOpenChange(true)}>
              {t('cookies.settings')}
            </Button>
            <Button variant="secondary" size="small" onClick={() => saveConsent(ONLY_NECESSARY)}>
              {t('cookies.onlyNecessary')}
            </Button>
            <Button size="small" onClick={() => saveConsent(ALL_ACCEPTED)}>
              {t('cookies.acceptAll')}
            </Button>
          </div>
        </section>
      ) : null}
      {settingsOpen ? (
        <Suspense fallback={null}>
          <ConsentDialog
            open
            onOpenChange={onSettingsOpenChange}
            initial={consent ?? ONLY_NECESSARY}
            onSave={(choice) => {
              saveConsent(choice);
              setDismissed(true);
              onSettingsOpenChange(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
