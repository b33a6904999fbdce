import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { SITE_CONTACTS } from '../../../common/contacts.ts';
import { phoneLink } from '../../../common/links.ts';
import { LINKS } from '../../../common/routes.ts';
import type { Locale } from '../../../common/locales.ts';
import type { SiteInfo } from '../../../common/site.ts';
import { pushSettings, pushSettingsOffered } from '../push/push-settings-store.ts';
import { Logo } from './logo.tsx';
import { isBuiltPath } from './menus.ts';
import './footer.css';

type FooterLink = { id: string; label: string; path: string };

/** Contacts (src/common/contacts.ts), social links, menu and app links per variant (spec: accounts §2). */
const CONTACTS = SITE_CONTACTS;

const SOCIAL = {
  standard: [
    { id: 'x', label: 'X', href: 'https://x.com/' },
    { id: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/' },
    { id: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/' },
    { id: 'telegram', label: 'Telegram', href: 'https://t.me/' },
  ],
  ru: [
    { id: 'telegram', label: 'Telegram', href: 'https://t.me/' },
    { id: 'vk', label: 'VK', href: 'https://vk.com/' },
    { id: 'ok', label: 'OK', href: 'https://ok.ru/' },
    { id: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/' },
  ],
} as const;

function companyLinks(variant: SiteInfo['variant']): FooterLink[] {
  const links: FooterLink[] = [
    { id: 'about', label: 'menu.about', path: LINKS.about },
    { id: 'plans', label: 'menu.plans', path: LINKS.plans },
  ];
  if (variant === 'standard') links.push({ id: 'career', label: 'menu.careers', path: LINKS.career });
  // The Russian region's top menu has broadcast services; the footer lists them on every full site.
  if (variant !== 'landing') links.push({ id: 'broadcast', label: 'menu.broadcast', path: LINKS.broadcast });
  links.push({ id: 'impressum', label: 'footer.impressum', path: LINKS.impressum });
  return links.filter((link) => isBuiltPath(link.path));
}

const LEGAL_LINKS: FooterLink[] = [
  { id: 'terms', label: 'footer.terms', path: LINKS.termsOfService },
  { id: 'privacy', label: 'footer.privacy', path: LINKS.privacyPolicy },
  { id: 'cookies', label: 'footer.cookiePolicy', path: LINKS.cookiePolicy },
].filter((link) => isBuiltPath(link.path));

export function Footer({
  site,
  locale,
  onCookieSettings,
  tools,
}: {
  site: SiteInfo;
  locale: Locale;
  onCookieSettings: () => void;
  tools?: ReactNode;
}) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const href = (path: string) => `/${locale}${path}`;
  // Decided once per mount, from the browser (no server render to match).
  const [pushOffered] = useState(pushSettingsOffered);
  const legal = (
    <ul className="footer__list">
      {LEGAL_LINKS.map((link) => (
        <li key={link.id}>
          <Link to={href(link.path)}>{t(link.label)}</Link>
        </li>
      ))}
      <li>
        <button type="button" className="footer__link-button" onClick={onCookieSettings} data-testid="footer-cookie-settings">
          {t('cookies.settings')}
        </button>
      </li>
      {pushOffered ? (
        <li>
          <button type="button" className="footer__link-button" onClick={pushSettings.open} data-testid="footer-push-settings">
            {t('footer.pushSettings')}
          </button>
        </li>
      ) : null}
    </ul>
  );

  if (site.variant === 'landing') {
    return (
      <footer className="footer footer--landing" data-variant="landing">
        <div className="footer__inner footer__inner--compact">
          <Logo />
          <nav aria-label={t('footer.legal')}>{legal}</nav>
          <p className="footer__copyright">{t('footer.copyright', { year })}</p>
        </div>
      </footer>
    );
  }

  const contacts = site.variant === 'ru' ? CONTACTS.ru : CONTACTS.standard;
  const social = site.variant === 'ru' ? SOCIAL.ru : SOCIAL.standard;
  return (
    <footer className="footer" data-variant={site.variant}>
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo />
          <p className="footer__tagline">{t('brand.tagline')}</p>
          <ul className="footer__social" aria-label={t('footer.social')}>
            {social.map((network) => (
              <li key={network.id}>
                <a href={network.href} rel="noopener noreferrer" target="_blank">
                  {network.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="footer__column" aria-label={t('footer.company')}>
          <h2 className="footer__heading">{t('footer.company')}</h2>
          <ul className="footer__list">
            {companyLinks(site.variant).map((link) => (
              <li key={link.id}>
                <Link to={href(link.path)}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="footer__column" aria-label={t('footer.legal')}>
          <h2 className="footer__heading">{t('footer.legal')}</h2>
          {legal}
        </nav>
        <div className="footer__column">
          <h2 className="footer__heading">{t('footer.contacts')}</h2>
          <address className="footer__address">
            <span>{t(contacts.office)}</span>
            <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
            <a href={phoneLink(contacts.phone)} dir="ltr">
              {contacts.phone}
            </a>
          </address>
          <h2 className="footer__heading">{t('footer.apps')}</h2>
          <ul className="footer__apps">
            <li>
              <a href="https://apps.apple.com/" rel="noopener noreferrer" target="_blank">
                {t('footer.appStore')}
              </a>
            </li>
            <li>
              <a href="https://play.google.com/" rel="noopener noreferrer" target="_blank">
                {t('footer.googlePlay')}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="footer__bottom">
        <p className="footer__copyright">{t('footer.copyright', { year })}</p>
        {tools}
        <p className="footer__note" data-testid="currency-note">
          {t('footer.currencyNote', { symbol: site.currency.symbol })}
        </p>
      </div>
    </footer>
  );
}
