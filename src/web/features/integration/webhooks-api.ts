import type {
  WebhookCreate,
  webhookCreatedSchema,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  webhookMessageSchema,
  webhookMessagesSchema,
  webhookSecretSchema,
  WebhookUpdate,
} from '../../../common/webhooks.ts';
import { api } from '../../lib/api.ts';
import { errorText, type Answer } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';

const HOOKS = '/api/current_user/webhooks';

/** The user area's webhook calls (issue 30), typed by the shared contracts. */
export const webhooksApi = {
  list: (signal?: AbortSignal) => api.get<Answer<typeof webhookEndpointsSchema>>(HOOKS, { signal }),
  create: (body: WebhookCreate) => api.post<Answer<typeof webhookCreatedSchema>>(HOOKS, { body }),
  update: (id: number, body: WebhookUpdate) => api.patch<Answer<typeof webhookEndpointSchema>>(`${HOOKS}/${id}`, { body }),
  remove: (id: number) => api.delete<null>(`${HOOKS}/${id}`),
  secret: (id: number) => api.get<Answer<typeof webhookSecretSchema>>(`${HOOKS}/${id}/secret`),
  messages: (id: number, signal?: AbortSignal) => api.get<Answer<typeof webhookMessagesSchema>>(`${HOOKS}/${id}/messages`, { signal }),
  resend: (id: number, messageId: number) => api.post<Answer<typeof webhookMessageSchema>>(`${HOOKS}/${id}/messages/${messageId}/resend`),
  test: (id: number) => api.post<Answer<typeof webhookMessageSchema>>(`${HOOKS}/${id}/test`),
};

/** Query keys: the endpoints belong to the signed-in user (or their company). */
export const WEBHOOK_KEYS = {
  all: ['integration', 'webhooks'] as const,
  list: (userId: number | null) => ['integration', 'webhooks', userId] as const,
  messages: (userId: number | null, id: number) => ['integration', 'webhooks', userId, id, 'messages'] as const,
};

/** The server's error codes in the webhooks section's words where it has them, else the shared ones or the server's message. */
export const webhookError = (error: unknown) =>
  errorText(error, (key) => translateIfExists(key.replace(/^errors\./, 'webhooks.errors.')) ?? translateIfExists(key));
