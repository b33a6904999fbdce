import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Locale } from '../../../common/locales.ts';
import { CHANNELS, type TranscodingMessage, type UserNotificationMessage } from '../../../common/realtime.ts';
import { LINKS } from '../../../common/routes.ts';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { subscribe } from '../realtime/cable.ts';
import { MY_CONTENT_KEY, transcodingEvents } from './transcoding-events.ts';

/**
 * A signed-in user's downloads in real time (spec: content §4 "Requested videos"): each
 * transcoding message refreshes my content and reaches the open download panel; a file that is
 * ready, failed or delivered says so with a link to my content; the user's notifications (the CSV
 * report's link) show with their link.
 */
export function DownloadsLive({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    const toMyContent = { text: t('downloads.openMyContent'), onClick: () => void navigate(`/${locale}${LINKS.myContent}`) };
    const stopTranscoding = subscribe<TranscodingMessage>(CHANNELS.transcoding, {
      received(message) {
        transcodingEvents.emit(message);
        if (message.type === 'progress') return;
        void queryClient.invalidateQueries({ queryKey: [MY_CONTENT_KEY] });
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
