import { Suspense, useEffect, useRef, useState, type RefObject } from 'react';
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

/**
 * Where the keyboard goes once the banner is answered (issue 28, keyboard): back to the element it
 * was on before it reached the banner or its dialog, else to `fallback` (the skip link, next in tab
 * order). Focus is moved only when answering dropped it (to the page's body), never taken from
 * where something else put it.
 */
function useFocusAfterAnswer(shown: boolean, banner: RefObject<HTMLElement | null>, fallback?: RefObject<HTMLElement | null>) {
  const before = useRef<HTMLElement | null>(null);
  const wasShown = useRef(shown);
  useEffect(() => {
    if (!shown) return;
    const note = (element: Element | null) => {
      if (
        element instanceof HTMLElement &&
        element !== document.body &&
        !banner.current?.contains(element) &&
        !element.closest('[role="dialog"]')
      )
        before.current = element;
    };
    note(document.activeElement);
    const onFocusIn = (event: FocusEvent) => note(event.target as Element | null);
    // Focus let go of on the page (a click on no control): the user is nowhere in particular any
    // more. Not the banner's or a dialog's controls going away as they are answered.
    const onFocusOut = (event: FocusEvent) => {
      const target = event.target;
      if (event.relatedTarget !== null || !(target instanceof Element) || !target.isConnected) return;
      if (banner.current?.contains(target) || target.closest('[role="dialog"]')) return;
      before.current = null;
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [shown, banner]);
  useEffect(() => {
    const answered = wasShown.current && !shown;
    wasShown.current = shown;
    if (!answered) return;
    // After the dialog's own focus return (Radix runs it on the next task), so this one decides.
    const timer = setTimeout(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      const target = before.current?.isConnected ? before.current : (fallback?.current ?? null);
      if (lost) target?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [shown, fallback]);
}

/**
 * Banner shown until a consent choice is stored; "Settings" opens the per-category dialog. It comes
 * first in the page (and so in tab order) while it waits for an answer.
 */
export function CookieBanner({
  settingsOpen,
  onSettingsOpenChange,
  focusAfterAnswer,
}: {
  settingsOpen: boolean;
  onSettingsOpenChange: (open: boolean) => void;
  /** Where the keyboard goes after the answer when it came to the banner from nowhere else. */
  focusAfterAnswer?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const consent = useConsent();
  const [dismissed, setDismissed] = useState(false);
  const showBanner = consent === null && !dismissed;
  const banner = useRef<HTMLElement>(null);
  useFocusAfterAnswer(showBanner, banner, focusAfterAnswer);

  return (
    <>
      {showBanner ? (
        <section ref={banner} className="cookie-banner" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
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
