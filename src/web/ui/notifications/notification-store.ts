import { useSyncExternalStore } from 'react';
import { normalizeNotification, type Notification, type NotificationInput } from './notification-model.ts';

type Listener = () => void;

/** A small store outside React, so any code (a mutation's onError, say) can notify. */
export function createNotificationStore() {
  let items: Notification[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const emit = () => {
    for (const listener of listeners) listener();
  };

  function dismiss(id: number) {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    const before = items.length;
    items = items.filter((item) => item.id !== id);
    if (items.length !== before) emit();
  }

  function notify(input: NotificationInput): number {
    const notification = normalizeNotification(nextId++, input);
    items = [...items, notification];
    if (notification.timeout !== null)
      timers.set(
        notification.id,
        setTimeout(() => dismiss(notification.id), notification.timeout),
      );
    emit();
    return notification.id;
  }

  return {
    notify,
    dismiss,
    clear: () => {
      for (const id of [...timers.keys()]) dismiss(id);
      items = [];
      emit();
    },
    getSnapshot: () => items,
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

/** The app's notification stack. */
export const notifications = createNotificationStore();

export function useNotifications(store: NotificationStore = notifications): Notification[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
