import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { useNavigate } from 'react-router';
import type { Locale } from '../../../common/locales.ts';
import { CHANNELS, isPopup, type TranscodingMessage, type UserNotificationMessage } from '../../../common/realtime.ts';
import { LINKS } from '../../../common/routes.ts';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { myContentApi, REQUESTED_FILES_KEY, REQUESTS_REFRESH_MS } from '../my-content/api.ts';
import { subscribe } from '../realtime/cable.ts';
import { finishedSince, firstTelling, waitingIds } from './request-watch.ts';
import { MY_CONTENT_KEY, transcodingEvents } from './transcoding-events.ts';

/**
 * A signed-in user's downloads in real time (spec: content §4 "Requested videos"): each
 * transcoding message refreshes my content and reaches the open download panel; a file that is
 * ready, failed or delivered says so with a link to my content; the user's notifications (the CSV
 * report's link) show with their link. The requested files are fetched again every 60 s wherever
 * the user is (spec: "Requests refresh every 60 s while signed in"): a file that finished while a
 * message was missed (the connection was down) is told then, once.
 */
export function DownloadsLive({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const requests = useQuery({
    queryKey: REQUESTED_FILES_KEY,
    queryFn: ({ signal }) => myContentApi.requestedFiles(signal),
    refetchInterval: REQUESTS_REFRESH_MS,
  });
  const waiting = useRef<Set<number> | null>(null);

  useEffect(() => {
    const list = requests.data?.video_requests;
    if (!list) return;
    const toMyContent = { text: t('downloads.openMyContent'), onClick: () => void navigate(`/${locale}${LINKS.myContent}`) };
    for (const { id, outcome } of finishedSince(waiting.current, list)) {
      if (!firstTelling(id)) continue;
      if (outcome === 'completed') notifications.notify({ type: 'success', children: t('downloads.ready'), buttons: [toMyContent] });
      else notifications.notify({ type: 'error', children: t('downloads.failed'), buttons: [toMyContent] });
    }
    waiting.current = waitingIds(list);
  }, [requests.data, locale, navigate, t]);

  useEffect(() => {
    const toMyContent = { text: t('downloads.openMyContent'), onClick: () => void navigate(`/${locale}${LINKS.myContent}`) };
    const stopTranscoding = subscribe<TranscodingMessage>(CHANNELS.transcoding, {
      received(message) {
        transcodingEvents.emit(message);
        if (message.type === 'progress') return;
        void queryClient.invalidateQueries({ queryKey: [MY_CONTENT_KEY] });
        const ended = message.type === 'completed' || message.type === 'failed';
        if (ended && !firstTelling(message.request_id)) return;
        if (message.type === 'completed') notifications.notify({ type: 'success', children: t('downloads.ready'), buttons: [toMyContent] });
        else if (message.type === 'failed')
          notifications.notify({ type: 'error', children: t('downloads.failed'), buttons: [toMyContent] });
        else if (message.state === 'delivered') notifications.notify({ type: 'success', children: t('downloads.delivered') });
        else if (message.state === 'failed')
          notifications.notify({ type: 'error', children: message.message ?? t('downloads.deliveryFailed'), buttons: [toMyContent] });
      },
    });
    const stopNotifications = subscribe<UserNotificationMessage>(CHANNELS.notifications, {
      received(message) {
        // The notice centre's news on this channel are the header bell's (features/notice-centre).
        if (!isPopup(message)) return;
        const link = message.link;
        notifications.notify({
          type: message.type,
          children: t(message.key, { defaultValue: t('downloads.notice'), ...message.values }),
          buttons: link ? [{ text: t('downloads.open'), onClick: () => window.open(link, '_self') }] : [],
          timeout: link ? null : undefined,
        });
        void queryClient.invalidateQueries({ queryKey: [MY_CONTENT_KEY] });
      },
    });
    return () => {
      stopTranscoding();
      stopNotifications();
    };
  }, [locale, navigate, queryClient, t]);
  return null;
}
