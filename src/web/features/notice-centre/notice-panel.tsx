import * as Dialog from '@radix-ui/react-dialog';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useMemo, useRef, type CSSProperties, type RefObject } from 'react';
import { Link } from 'react-router';
import { localeDirection, type Locale } from '../../../common/locales.ts';
import type { Notice, NoticesPage, UnreadCount } from '../../../common/notice-centre.ts';
import { matchRoute } from '../../../common/routes.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { useTranslation, type Translate } from '../../lib/translation.ts';
import { CloseIcon } from '../../ui/icons.tsx';
import { NOTICE_KEYS, noticesApi } from './notices-api.ts';
import { noticeValues } from './notice-text.ts';
import './notice-centre.css';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: number;
  locale: Locale;
  /** The header's bell: a press on it toggles the panel, and focus goes back to it when the panel closes. */
  bell: RefObject<HTMLButtonElement | null>;
};

/** The cached pages with the notices that `read` picks marked read at `at`, as the server marked them. */
function markedRead(data: InfiniteData<NoticesPage> | undefined, at: string, read: (notice: Notice) => boolean) {
  if (!data) return data;
  const pages = data.pages.map((page) => ({
    ...page,
    notices: page.notices.map((notice) => (notice.read_at || !read(notice) ? notice : { ...notice, read_at: at })),
  }));
  return { ...data, pages };
}

/**
 * The notice centre's panel under the header's bell (issue 28): the user's notices, newest first,
 * each with its text in the page's language, its time in the user's time zone and its link; "Mark
 * all read"; older ones a page at a time. A non-modal Radix dialog, as a popover: a press outside or
 * Escape closes it. Following a notice's link marks it read.
 */
export function NoticePanel({ open, onOpenChange, userId, locale, bell }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const followed = useRef(false);
  const pressedOutside = useRef(false);
  const list = useInfiniteQuery({
    queryKey: NOTICE_KEYS.list(userId),
    queryFn: ({ pageParam, signal }) => noticesApi.page(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
    enabled: open,
  });
  const unread = useQuery({
    queryKey: NOTICE_KEYS.unread(userId),
    queryFn: ({ signal }) => noticesApi.unreadCount(signal),
  });
  const notices = useMemo(() => list.data?.pages.flatMap((page) => page.notices) ?? [], [list.data]);
  const unreadCount = unread.data?.unread_count ?? list.data?.pages[0]?.unread_count ?? 0;

  const markRead = (read: (notice: Notice) => boolean) =>
    queryClient.setQueryData<InfiniteData<NoticesPage>>(NOTICE_KEYS.list(userId), (data) =>
      markedRead(data, new Date().toISOString(), read),
    );
  const setUnread = (count: number) => queryClient.setQueryData<UnreadCount>(NOTICE_KEYS.unread(userId), { unread_count: count });
  const readOne = useMutation({
    mutationFn: (id: number) => noticesApi.read(id),
    onSuccess: (answer) => setUnread(answer.unread_count),
  });
  const readAll = useMutation({
    mutationFn: (upTo: number | undefined) => noticesApi.readAll(upTo),
    onSuccess: (answer, upTo) => {
      setUnread(answer.unread_count);
      markRead((notice) => upTo === undefined || notice.id <= upTo);
    },
  });
  // Following a notice's link reads it: marked at once, told to the server on the way.
  const follow = (notice: Notice) => {
    followed.current = true;
    if (!notice.read_at) {
      markRead((other) => other.id === notice.id);
      readOne.mutate(notice.id);
    }
    onOpenChange(false);
  };

  const formatTime = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    return (iso: string) => format.format(new Date(iso));
  }, [locale, timeZone]);

  // The panel sits under the header, whose height (one row or two on a phone) is read as it opens.
  const headerBlockSize = open ? bell.current?.closest('header')?.getBoundingClientRect().height : undefined;
  const underHeader = headerBlockSize ? ({ '--header-block-size': `${headerBlockSize}px` } as CSSProperties) : undefined;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          className="notice-panel"
          style={underHeader}
          dir={localeDirection(locale)}
          lang={locale}
          data-testid="notice-panel"
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            followed.current = false;
            pressedOutside.current = false;
          }}
          // The bell toggles the panel itself: a press on it is not a press outside.
          onInteractOutside={(event) => {
            if (event.target instanceof Node && bell.current?.contains(event.target)) event.preventDefault();
            else pressedOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // Escape or the close button: back to the bell. A press elsewhere keeps its focus; a followed link's page takes it.
            if (!followed.current && !pressedOutside.current) bell.current?.focus();
          }}
        >
          <header className="notice-panel__header">
            <Dialog.Title className="notice-panel__title">{t('noticeCentre.title')}</Dialog.Title>
            <button
              type="button"
              className="notice-panel__read-all"
              disabled={unreadCount === 0 || readAll.isPending}
              onClick={() => readAll.mutate(notices[0]?.id)}
              data-testid="notice-read-all"
            >
              {t('noticeCentre.markAllRead')}
            </button>
            <Dialog.Close className="notice-panel__close" aria-label={t('common.close')}>
              <CloseIcon />
            </Dialog.Close>
          </header>
          <div className="notice-panel__body">
            {list.isPending ? (
              <p className="notice-panel__state" role="status">
                {t('common.loading')}
              </p>
            ) : list.isError ? (
              <p className="notice-panel__state" role="alert">
                {t('noticeCentre.loadFailed')}{' '}
                <button type="button" className="notice-panel__more" onClick={() => void list.refetch()}>
                  {t('noticeCentre.retry')}
                </button>
              </p>
            ) : notices.length === 0 ? (
              <div className="notice-panel__empty" data-testid="notice-empty">
                <p className="notice-panel__empty-title">{t('noticeCentre.emptyTitle')}</p>
                <p>{t('noticeCentre.emptyText')}</p>
              </div>
            ) : (
              <ul className="notice-panel__list" data-testid="notice-list">
                {notices.map((notice) => (
                  <NoticeItem
                    key={notice.id}
                    notice={notice}
                    locale={locale}
                    t={t}
                    time={formatTime(notice.created_at)}
                    onFollow={follow}
                  />
                ))}
              </ul>
            )}
            {list.hasNextPage ? (
              <button
                type="button"
                className="notice-panel__more"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
                data-testid="notice-older"
              >
                {t('noticeCentre.older')}
              </button>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function NoticeItem(props: { notice: Notice; locale: Locale; t: Translate; time: string; onFollow: (notice: Notice) => void }) {
  const { notice, locale, t, time, onFollow } = props;
  // A text this page does not know yet (a newer server's) says there is a notice.
  const text = t(`noticeCentre.texts.${notice.text_key}`, { defaultValue: t('downloads.notice'), ...noticeValues(notice.values, locale) });
  const unread = notice.read_at === null;
  const link = notice.link;
  // A screen of the app opens under the page's language; anything else (a file's link) as it is.
  const screen = link !== null && link.startsWith('/') && matchRoute(link) !== null ? `/${locale}${link}` : null;
  const body = (
    <>
      <span className="notice-item__text">{text}</span>
      <time className="notice-item__time" dateTime={notice.created_at}>
        {time}
      </time>
      {unread ? <span className="visually-hidden">{t('noticeCentre.unread')}</span> : null}
    </>
  );
  return (
    <li
      className={`notice-item notice-item--${notice.kind}${unread ? ' notice-item--unread' : ''}`}
      data-testid="notice"
      data-kind={notice.kind}
      data-read={!unread}
    >
      <span className="notice-item__mark" aria-hidden />
      {screen ? (
        <Link className="notice-item__link" to={screen} onClick={() => onFollow(notice)} data-testid="notice-link">
          {body}
        </Link>
      ) : link ? (
        <a className="notice-item__link" href={link} onClick={() => onFollow(notice)} data-testid="notice-link">
          {body}
        </a>
      ) : (
        <div className="notice-item__link">{body}</div>
      )}
    </li>
  );
}
