import type { MutationCache } from '@tanstack/react-query';
import { NOTIFICATION_TIMEOUT_MS } from '../ui/notifications/notification-model.ts';
import { notifications } from '../ui/notifications/notification-store.ts';
import { ApiError, errorText } from './api-client.ts';
import { translateIfExists } from './i18n.ts';

/** Answers that are a step of a flow, not a failure: the sign-in's call for the second factor. */
const FLOW_CODES = ['user_need_2FA'];

/**
 * A failed POST, PATCH or DELETE (spec: accounts §9 "error notifications 5 s"): a notification for
 * 5 s saying the error's translated code, else the server's message, else "Error", besides what
 * the form marks on its fields.
 */
export function notifyFailure(error: unknown) {
  if (error instanceof ApiError && error.errors.some((item) => FLOW_CODES.includes(item.code))) return;
  notifications.notify({ type: 'error', children: errorText(error, translateIfExists), timeout: NOTIFICATION_TIMEOUT_MS });
}

/** Says every mutation's failure from now on; answers the unsubscription. */
export function noticeFailures(mutations: MutationCache): () => void {
  return mutations.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') notifyFailure(event.action.error);
  });
}
