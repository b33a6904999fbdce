import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { LINKS, screenOnVariant } from '../../../common/routes.ts';
import { Link } from 'react-router';
import type { Alert } from '../../../common/alerts.ts';
import { pathLocale, type Locale } from '../../../common/locales.ts';
import { useAfterFirstLoad } from '../../lib/after-first-load.ts';
import { useSite } from '../../lib/site.ts';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import { useAlerts } from './alerts-query.ts';
import { isCollapsed, rememberCollapsed } from './collapsed-alerts.ts';
import './alerts.css';

/**
 * Flash alert bars under the header (spec: content §2 "Dashboard pieces"): red for breaking news,
 * yellow for live. Each collapses, and stays collapsed over reloads until the alert changes. Once
 * the page has loaded, the alerts channel brings new, changed and removed alerts without a reload.
 */
export function AlertBars({ locale, userId }: { locale: Locale; userId: number | null }) {
  const alerts = useAlerts();
  const live = useFollowAlerts(userId);
  return (
    // Present while empty, so a reader (or a test) can tell when new alerts will arrive by themselves.
    <div className="alert-bars" data-testid="alert-bars" data-live={live}>
      {alerts.map((alert) => (
        // A changed alert is a new bar: it opens again unless that version was collapsed.
        <AlertBar key={`${alert.id}@${alert.updated_at}`} alert={alert} locale={locale} />
      ))}
    </div>
  );
}

/**
 * Subscribes after the first load; true once the server has confirmed the subscription. Reopens the
 * connection when the signed-in user changes.
 */
function useFollowAlerts(userId: number | null): boolean {
  const queryClient = useQueryClient();
  const loaded = useAfterFirstLoad();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!loaded) return;
    let current = true;
    let stop: (() => void) | undefined;
    void import('./alerts-live.ts').then((module) => {
      if (current) stop = module.followAlerts(queryClient, () => setLive(true));
    });
    return () => {
      current = false;
      stop?.();
    };
  }, [loaded, queryClient]);
  const firstUser = useRef(userId);
  useEffect(() => {
    if (userId === firstUser.current) return;
    firstUser.current = userId;
    void import('../realtime/cable.ts').then((cable) => cable.reopenCable());
  }, [userId]);
  return live;
}

function AlertBar({ alert, locale }: { alert: Alert; locale: Locale }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(() => isCollapsed(alert));
  const label = t(alert.alert_type === 'red' ? 'alerts.breaking' : 'alerts.live');
  const toggle = () => {
    rememberCollapsed(alert, !collapsed);
    setCollapsed(!collapsed);
  };
  return (
    <section
      className={`alert-bar alert-bar--${alert.alert_type}${collapsed ? ' alert-bar--collapsed' : ''}`}
      aria-label={label}
      data-testid="alert-bar"
      data-alert-id={alert.id}
    >
      <div className="alert-bar__inner">
        <span className="alert-bar__label">{label}</span>
        {collapsed ? null : <AlertTitle alert={alert} locale={locale} />}
        <button
          type="button"
          className="alert-bar__toggle"
          aria-expanded={!collapsed}
          aria-label={t(collapsed ? 'alerts.expand' : 'alerts.collapse', { title: alert.title })}
          onClick={toggle}
          data-testid="alert-toggle"
        >
          <ChevronDownIcon width={18} height={18} aria-hidden />
        </button>
      </div>
    </section>
  );
}

/**
 * The title, as a link to the alert's custom URL (a path on this site keeps the reader's language)
 * or to its live event, named by the event's slug, where the site variant has the Live pages. The
 * newsroom writes it in any language: it runs in its own direction (`dir="auto"`), so an English
 * title in an Arabic bar is cut at its end, never at its start.
 */
function AlertTitle({ alert, locale }: { alert: Alert; locale: Locale }) {
  const livePages = screenOnVariant('liveEvent', useSite().variant);
  const event = alert.live_event_extid && livePages ? LINKS.liveEvent(alert.live_event_extid) : null;
  const url = alert.target_link_to === 'custom' ? alert.custom_url : event;
  if (!url)
    return (
      <span className="alert-bar__title" dir="auto">
        {alert.title}
      </span>
    );
  if (/^https?:\/\//i.test(url))
    return (
      <a className="alert-bar__title" dir="auto" href={url} target="_blank" rel="noopener noreferrer">
        {alert.title}
      </a>
    );
  return (
    <Link className="alert-bar__title" dir="auto" to={pathLocale(url) ? url : `/${locale}${url === '/' ? '' : url}`}>
      {alert.title}
    </Link>
  );
}
