import type { NoticeRead, NoticesPage, ReadAll, UnreadCount } from '../../../common/notice-centre.ts';
import { api } from '../../lib/api.ts';

const NOTICES = '/api/current_user/notices';

/** The notice centre's calls (contracts in src/common/notice-centre.ts). */
export const noticesApi = {
  unreadCount: (signal?: AbortSignal) => api.get<UnreadCount>(`${NOTICES}/unread_count`, { signal }),
  page: (before: number | undefined, signal?: AbortSignal) => api.get<NoticesPage>(NOTICES, { query: { before }, signal }),
  read: (id: number) => api.post<NoticeRead>(`${NOTICES}/${id}/read`),
  readAll: (upTo: number | undefined) => api.post<ReadAll>(`${NOTICES}/read_all`, { body: upTo === undefined ? {} : { up_to: upTo } }),
};

/** Per user, so another user signed in on the same page never sees the last one's. */
export const NOTICE_KEYS = {
  all: (userId: number) => ['notices', userId] as const,
  unread: (userId: number) => ['notices', userId, 'unread'] as const,
  list: (userId: number) => ['notices', userId, 'list'] as const,
};
