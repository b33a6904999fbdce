import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AssignmentChange } from '../../../../common/desk-inbox.ts';
import { CHANNELS } from '../../../../common/realtime-channels.ts';
import type { DeskConversation, DeskConversationsPage, DeskSupportChannelMessage, SupportStatus } from '../../../../common/support.ts';
import { api } from '../../../lib/api.ts';
import type { QueryValue } from '../../../lib/api-client.ts';
import { subscribe } from '../../realtime/cable.ts';

export const CHAT_KEYS = {
  all: ['desk', 'chats'] as const,
  list: (filters: Record<string, QueryValue>) => ['desk', 'chats', 'list', filters] as const,
  conversation: (id: number) => ['desk', 'chats', 'conversation', id] as const,
};

/** The desk's support inbox calls (src/server/modules/support/routes.ts). */
export const chatsApi = {
  list: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    api.get<DeskConversationsPage>('/api/desk/support/conversations', { query, signal }),
  conversation: (id: number, signal?: AbortSignal) => api.get<DeskConversation>(`/api/desk/support/conversations/${id}`, { signal }),
  reply: (id: number, body: string) => api.post<DeskConversation>(`/api/desk/support/conversations/${id}/messages`, { body: { body } }),
  assign: (id: number, body: AssignmentChange) => api.patch<DeskConversation>(`/api/desk/support/conversations/${id}`, { body }),
  setStatus: (id: number, status: SupportStatus) =>
    api.put<DeskConversation>(`/api/desk/support/conversations/${id}/status`, { body: { status } }),
};

export function useConversations(filters: Record<string, QueryValue>) {
  return useInfiniteQuery({
    queryKey: CHAT_KEYS.list(filters),
    queryFn: ({ pageParam, signal }) => chatsApi.list({ ...filters, offset: pageParam || undefined }, signal),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next_offset,
  });
}

export function useConversation(id: number | null) {
  return useQuery({
    queryKey: CHAT_KEYS.conversation(id ?? 0),
    queryFn: ({ signal }) => chatsApi.conversation(id ?? 0, signal),
    enabled: id !== null,
  });
}

/**
 * The inbox's channel while the screen is open: a changed conversation asks the list again (its
 * place in the order may have moved) and the open conversation, if it is that one; after a
 * reconnection everything is asked again.
 */
export function useChatsChannel() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribe<DeskSupportChannelMessage>(CHANNELS.deskSupport, {
        received: (message) => {
          void queryClient.invalidateQueries({ queryKey: ['desk', 'chats', 'list'] });
          void queryClient.invalidateQueries({ queryKey: CHAT_KEYS.conversation(message.conversation.id) });
        },
        connected: () => void queryClient.invalidateQueries({ queryKey: CHAT_KEYS.all }),
      }),
    [queryClient],
  );
}
