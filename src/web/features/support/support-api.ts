import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CHANNELS } from '../../../common/realtime-channels.ts';
import type {
  FeedbackBody,
  MyConversation,
  MyConversationResponse,
  SupportChannelMessage,
  SupportMessage,
} from '../../../common/support.ts';
import { api } from '../../lib/api.ts';
import { subscribe } from '../realtime/cable.ts';

/** The customer's conversation, per signed-in user (sign-out forgets it with every personal answer). */
export const SUPPORT_KEYS = { conversation: (userId: number) => ['support', 'conversation', userId] as const };

export const supportApi = {
  conversation: (signal?: AbortSignal) => api.get<MyConversationResponse>('/api/support/conversation', { signal }),
  send: (body: string) => api.post<{ conversation: MyConversation }>('/api/support/messages', { body: { body } }),
  read: () => api.post<{ unread_count: number }>('/api/support/conversation/read'),
  feedback: (body: FeedbackBody) => api.post<{ id: number }>('/api/support/feedback', { body }),
};

export function useMyConversation(userId: number) {
  return useQuery({
    queryKey: SUPPORT_KEYS.conversation(userId),
    queryFn: ({ signal }) => supportApi.conversation(signal),
    staleTime: Infinity,
  });
}

/** A message added to the cached conversation once (the channel and the send's answer may both bring it). */
function withMessage(answer: MyConversationResponse | undefined, id: number, message: SupportMessage, unread: number) {
  const conversation = answer?.conversation;
  if (!conversation || conversation.id !== id) return answer;
  if (conversation.messages.some((known) => known.id === message.id)) return { conversation: { ...conversation, unread_count: unread } };
  return { conversation: { ...conversation, unread_count: unread, messages: [...conversation.messages, message] } };
}

export function applySupportMessage(queryClient: QueryClient, userId: number, message: SupportChannelMessage) {
  const key = SUPPORT_KEYS.conversation(userId);
  const known = queryClient.getQueryData<MyConversationResponse>(key)?.conversation;
  // A reply to a conversation this page has not seen yet (the first one): ask for all of it.
  if (!known || known.id !== message.conversation_id) {
    void queryClient.invalidateQueries({ queryKey: key });
    return;
  }
  queryClient.setQueryData<MyConversationResponse>(key, (answer) => {
    if (message.type === 'message') return withMessage(answer, message.conversation_id, message.message, message.unread_count);
    return answer?.conversation ? { conversation: { ...answer.conversation, status: message.status } } : answer;
  });
}

/**
 * Listens to the customer's support channel while the widget is on the page: replies and status
 * changes land in the cached conversation; after a reconnection it is asked again (a reply may have
 * come while the connection was away).
 */
export function useSupportChannel(userId: number) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribe<SupportChannelMessage>(CHANNELS.support, {
        received: (message) => applySupportMessage(queryClient, userId, message),
        connected: () => void queryClient.invalidateQueries({ queryKey: SUPPORT_KEYS.conversation(userId) }),
      }),
    [queryClient, userId],
  );
}
