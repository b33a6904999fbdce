import type { ApiKeyCreate, apiKeyIssuedSchema, apiKeySchema, apiKeysSchema } from '../../../common/integration.ts';
import { api } from '../../lib/api.ts';
import type { Answer } from '../../lib/api-client.ts';

const KEYS = '/api/current_user/api_keys';

/** The user area's API key calls (issue 30), typed by the shared contracts. */
export const apiKeysApi = {
  list: (signal?: AbortSignal) => api.get<Answer<typeof apiKeysSchema>>(KEYS, { signal }),
  create: (body: ApiKeyCreate) => api.post<Answer<typeof apiKeyIssuedSchema>>(KEYS, { body }),
  rotate: (id: number) => api.post<Answer<typeof apiKeyIssuedSchema>>(`${KEYS}/${id}/rotate`),
  revoke: (id: number) => api.delete<Answer<typeof apiKeySchema>>(`${KEYS}/${id}`),
};

/** Query keys: the keys belong to the signed-in user. */
export const INTEGRATION_KEYS = {
  apiKeys: (userId: number | null) => ['integration', 'api-keys', userId] as const,
};
