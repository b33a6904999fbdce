import type { QueryClient } from '@tanstack/react-query';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { AGREEMENT_KEYS } from './queries.ts';

/**
 * A failed agreement call (spec §8): its text as a notification for 5 seconds; the agreements are
 * asked again, as a conflict (accepted meanwhile, renewal changed elsewhere) means the page is stale.
 */
export function showAgreementFailure(client: QueryClient, failure: unknown) {
  notifications.notify({ type: 'error', children: errorText(failure, translateIfExists), timeout: 5000 });
  void client.invalidateQueries({ queryKey: AGREEMENT_KEYS.agreements });
}
