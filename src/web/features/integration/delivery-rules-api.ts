import type { DeliveryRuleBody, deliveryRuleSchema, deliveryRulesSchema, ruleDeliveriesSchema } from '../../../common/delivery-rules.ts';
import type { savedSearchesSchema } from '../../../common/saved-searches.ts';
import { api } from '../../lib/api.ts';
import type { Answer } from '../../lib/api-client.ts';

const RULES = '/api/current_user/delivery_rules';

/** The user area's delivery rule calls (issue 30), typed by the shared contracts. */
export const deliveryRulesApi = {
  list: (signal?: AbortSignal) => api.get<Answer<typeof deliveryRulesSchema>>(RULES, { signal }),
  create: (body: DeliveryRuleBody) => api.post<Answer<typeof deliveryRuleSchema>>(RULES, { body }),
  /** Replaces the rule; a destination without its password or secret key keeps the stored one. */
  replace: (id: number, body: DeliveryRuleBody) => api.put<Answer<typeof deliveryRuleSchema>>(`${RULES}/${id}`, { body }),
  remove: (id: number) => api.delete<null>(`${RULES}/${id}`),
  deliveries: (id: number, signal?: AbortSignal) => api.get<Answer<typeof ruleDeliveriesSchema>>(`${RULES}/${id}/deliveries`, { signal }),
  /** The owner's saved searches, one of which a rule follows. */
  savedSearches: (signal?: AbortSignal) => api.get<Answer<typeof savedSearchesSchema>>('/api/current_user/saved_searches', { signal }),
};

/** Query keys: the rules belong to the signed-in user (or their company). */
export const DELIVERY_RULE_KEYS = {
  all: ['integration', 'delivery-rules'] as const,
  list: (userId: number | null) => ['integration', 'delivery-rules', userId] as const,
  deliveries: (userId: number | null, id: number) => ['integration', 'delivery-rules', userId, id, 'deliveries'] as const,
  savedSearches: (userId: number | null) => ['integration', 'delivery-rules', userId, 'saved-searches'] as const,
};
