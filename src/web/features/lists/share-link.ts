import type { List } from '../../../common/lists.ts';
import { LINKS } from '../../../common/routes.ts';
import { notifications } from '../../ui/notifications/notification-store.ts';

/** The address anyone with the link opens (a public list's page). */
export function shareLink(locale: string, list: List): string {
  return `${window.location.origin}/${locale}${LINKS.publicList(list.id)}`;
}

/**
 * Copies the link with a notification; where the clipboard is refused, the notification shows the
 * link to copy by hand.
 */
export async function copyLink(text: { copied: string; copyFailed: string }, link: string) {
  const copied = await navigator.clipboard.writeText(link).then(
    () => true,
    () => false,
  );
  notifications.notify({ type: copied ? 'success' : 'notify', children: `${copied ? text.copied : text.copyFailed} ${link}` });
}
