import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Component, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Locale } from '../../../common/locales.ts';
import { useAfterFirstLoad } from '../../lib/after-first-load.ts';
import { lazyRetry } from '../../lib/lazy-retry.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { useTranslation } from '../../lib/translation.ts';
import { NOTICE_KEYS, noticesApi } from './notices-api.ts';

const NoticePanel = lazyRetry(() => import('./notice-panel-entry.ts').then((entry) => entry.loadNoticePanel()));

/** A panel whose code never arrived (the connection stayed away past the chunk timeout) leaves the bell as it is. */
class PanelBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const BellIcon = () => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
  >
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

/**
 * The header's bell (issue 28, the notice centre), for a signed-in user: its box is the same size
 * from the first paint, and the unread count sits on it without moving anything. The count is
 * asked, and the notifications channel followed, once the page has loaded; the panel's code and
 * texts load at the first press.
 */
export function NoticeBell({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const userId = useSignedInUserId();
  const loaded = useAfterFirstLoad();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const unread = useQuery({
    queryKey: NOTICE_KEYS.unread(userId ?? 0),
    queryFn: ({ signal }) => noticesApi.unreadCount(signal),
    enabled: loaded && userId !== null,
  });

  useEffect(() => {
    if (!loaded || userId === null) return;
    let current = true;
    let stop: (() => void) | undefined;
    void import('./notices-live.ts').then((live) => {
      if (current) stop = live.followNotices(queryClient, userId);
    });
    return () => {
      current = false;
      stop?.();
    };
  }, [loaded, queryClient, userId]);

  const count = unread.data?.unread_count ?? 0;
  return (
    <>
      <button
        ref={bell}
        type="button"
        className="header__icon-button notice-bell"
        aria-label={count > 0 ? t('noticeBell.unread', { count }) : t('noticeBell.label')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        data-testid="notice-bell"
        data-unread={count}
        onClick={() => {
          setWanted(true);
          setOpen(!open);
        }}
      >
        <BellIcon />
        {count > 0 ? (
          <span className="notice-bell__count" aria-hidden data-testid="notice-bell-count">
            {count > 99 ? `${new Intl.NumberFormat(locale).format(99)}+` : new Intl.NumberFormat(locale).format(count)}
          </span>
        ) : null}
      </button>
      {wanted && userId !== null ? (
        <PanelBoundary>
          <Suspense fallback={null}>
            <NoticePanel open={open} onOpenChange={setOpen} userId={userId} locale={locale} bell={bell} />
          </Suspense>
        </PanelBoundary>
      ) : null}
    </>
  );
}
