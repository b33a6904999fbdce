import type { QueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '../../../common/notice-centre.ts';
import { CHANNELS } from '../../../common/realtime-channels.ts';
import type { UserNotificationMessage } from '../../../common/realtime.ts';
import { subscribe } from '../realtime/cable.ts';
import { NOTICE_KEYS } from './notices-api.ts';

/**
 * The notice centre's news on the user's notifications channel: a new notice or notices read in
 * another tab refresh the count (and the list, when the panel has it). After a reconnection both
 * are asked again, since a notice may have come meanwhile. The pop-ups on the same channel are
 * the downloads' part's (downloads-live.tsx). The identifier names the user and this part, so it
 * differs from that subscription's and from my content's (ActionCable keeps one per identifier).
 */
export function followNotices(queryClient: QueryClient, userId: number): () => void {
  const refresh = () => void queryClient.invalidateQueries({ queryKey: NOTICE_KEYS.all(userId) });
  return subscribe<UserNotificationMessage>(
    CHANNELS.notifications,
    {
      received(message) {
        if (message.type === 'notice') refresh();
        else if (message.type === 'notices_read') {
          queryClient.setQueryData<UnreadCount>(NOTICE_KEYS.unread(userId), { unread_count: message.unread_count });
          void queryClient.invalidateQueries({ queryKey: NOTICE_KEYS.list(userId) });
        }
      },
      connected: refresh,
    },
    { user_id: userId, part: 'notice-centre' },
  );
}
