import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { lazyRetry } from '../lib/lazy-retry.ts';
import type { CurrentUser } from '../../common/accounts.ts';
import type { Locale } from '../../common/locales.ts';
import type { SiteVariant } from '../../common/site.ts';
import { useTranslation } from '../lib/translation.ts';
import { useAuthDialogs } from '../features/accounts/auth-dialogs-store.ts';
import { usePushSettingsAsked } from '../features/push/push-settings-store.ts';
import { useAfterFirstLoad } from '../lib/after-first-load.ts';
import { loadSections } from '../lib/i18n.ts';
import { useTimeZone } from '../lib/time-zone.ts';
import '../features/accounts/time-zone-select.css';

/**
 * Parts of the frame whose code loads only when they have something to show, so the first page
 * carries neither forms (react-hook-form, zod) nor dialog and radio primitives.
 */
// With the error and validation texts: a wrong code may be said before the every-page sections have loaded.
const AuthDialogs = lazyRetry(() =>
  Promise.all([import('../features/accounts/auth-dialogs.tsx'), loadSections(['errors', 'validation'])]).then(([m]) => ({
    default: m.AuthDialogs,
  })),
);
const AccountOverlays = lazyRetry(() => import('../features/accounts/account-overlays.tsx').then((m) => ({ default: m.AccountOverlays })));
const TimeZoneSelect = lazyRetry(() => import('../features/accounts/time-zone-select.tsx').then((m) => ({ default: m.TimeZoneSelect })));
const DownloadsLive = lazyRetry(() => import('../features/downloads/downloads-live.tsx').then((m) => ({ default: m.DownloadsLive })));
const PushSettings = lazyRetry(() =>
  Promise.all([import('../features/push/push-settings.tsx'), loadSections(['push'])]).then(([m]) => ({ default: m.PushSettings })),
);
const SupportBubble = lazyRetry(() => import('../features/support/support-entry.ts').then((entry) => entry.loadSupportBubble()));
const MixedContentPanel = lazyRetry(() =>
  import('../features/catalogue/mixed-content-panel.tsx').then((m) => ({ default: m.MixedContentPanel })),
);

/**
 * A part of the frame that loads on demand: while it loads, its fallback; if it never arrives (the
 * connection stayed away past the chunk timeout), nothing, rather than taking the page down with it.
 */
class FramePart extends Component<{ children: ReactNode; fallback?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return this.props.fallback ?? null;
    return <Suspense fallback={this.props.fallback ?? null}>{this.props.children}</Suspense>;
  }
}

/** The sign-in, sign-up and two-factor dialogs, from the first time one of them is asked for. */
export function AuthDialogsOnDemand({ landing }: { landing: boolean }) {
  const { open } = useAuthDialogs();
  const [wanted, setWanted] = useState(false);
  if (open !== null && !wanted) setWanted(true);
  if (!wanted && open === null) return null;
  return (
    <FramePart>
      <AuthDialogs landing={landing} />
    </FramePart>
  );
}

/** Terms, release note and newsletter prompts: only a signed-in user ever sees one. */
export function AccountOverlaysOnDemand({ user, locale }: { user: CurrentUser | null; locale: Locale }) {
  if (!user) return null;
  return (
    <FramePart>
      <AccountOverlays user={user} locale={locale} />
    </FramePart>
  );
}

/** A signed-in user's files in the making and notifications, told in real time. */
export function DownloadsLiveOnDemand({ user, locale }: { user: CurrentUser | null; locale: Locale }) {
  if (!user) return null;
  return (
    <FramePart>
      <DownloadsLive locale={locale} />
    </FramePart>
  );
}

/** The mixed-content panel is for signed-in users other than client supervisors (spec: accounts §2). */
export function MixedContentPanelOnDemand({ user }: { user: CurrentUser | null }) {
  if (!user || user.admin_group === 'client_supervisor') return null;
  return (
    <FramePart>
      <MixedContentPanel user={user} />
    </FramePart>
  );
}

/**
 * The footer's time-zone chooser, once the page has loaded (its code and the list of zones wait for
 * the first view); until then, the same control showing the zone in use.
 */
export function TimeZoneSelectOnDemand({ user }: { user: CurrentUser | null }) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const loaded = useAfterFirstLoad();
  const placeholder = (
    <label className="time-zone-select">
      <span>{t('accounts.fields.timeZone')}</span>
      <select value={zone} disabled data-testid="time-zone-select-loading">
        <option value={zone}>{zone}</option>
      </select>
    </label>
  );
  if (!loaded) return placeholder;
  return (
    <FramePart fallback={placeholder}>
      <TimeZoneSelect user={user} />
    </FramePart>
  );
}

/** Spec §9: web push's permission is asked 5 s after the app mounts. */
const PUSH_PROMPT_DELAY_MS = 5000;

/**
 * Web push: its code and texts load when the permission is asked, 5 s after the app mounts, or
 * sooner when the footer asks for the settings.
 */
export function PushOnDemand({ locale }: { locale: Locale }) {
  const asked = usePushSettingsAsked();
  const [timeUp, setTimeUp] = useState(false);
  const due = timeUp || asked > 0;
  useEffect(() => {
    const timer = setTimeout(() => setTimeUp(true), PUSH_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!due) return null;
  return (
    <FramePart>
      <PushSettings locale={locale} />
    </FramePart>
  );
}

/**
 * The support bubble (spec accounts §2): live chat for signed-in users, and on the Russian variant
 * the feedback bubble for everyone. Its code and texts load once the page has loaded; it is fixed
 * in the corner, so its arrival moves nothing.
 */
export function SupportOnDemand({ user, variant }: { user: CurrentUser | null; variant: SiteVariant }) {
  const loaded = useAfterFirstLoad();
  if (!loaded || (!user && variant !== 'ru')) return null;
  return (
    <FramePart>
      <SupportBubble userId={user?.id ?? null} variant={variant} />
    </FramePart>
  );
}
