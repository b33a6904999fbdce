/**
 * Notification rules (spec: accounts §4 "Notifications", §9): types success, error and notify;
 * unknown types are treated as notify; auto-dismiss after 5000 ms unless the type is error and no
 * timeout was given (then it stays); buttons without text or handler are dropped.
 */
export const NOTIFICATION_TYPES = ['success', 'error', 'notify'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_TIMEOUT_MS = 5000;

export type NotificationButton = { text: string; onClick: () => void };

/** What callers pass: loose, as it may come from a server answer or another feature. */
export type NotificationInput = {
  type?: string;
  children: string;
  title?: string;
  buttons?: { text?: string; onClick?: () => void }[];
  /** Milliseconds; null keeps it until closed. */
  timeout?: number | null;
};

export type Notification = {
  id: number;
  type: NotificationType;
  children: string;
  title?: string;
  buttons: NotificationButton[];
  timeout: number | null;
};

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

export function normalizeNotification(id: number, input: NotificationInput): Notification {
  const type = isNotificationType(input.type) ? input.type : 'notify';
  const buttons = (input.buttons ?? []).filter(
    (button): button is NotificationButton =>
      typeof button.text === 'string' && button.text.trim() !== '' && typeof button.onClick === 'function',
  );
  const timeout = input.timeout !== undefined ? input.timeout : type === 'error' ? null : NOTIFICATION_TIMEOUT_MS;
  return { id, type, children: input.children, ...(input.title ? { title: input.title } : {}), buttons, timeout };
}
