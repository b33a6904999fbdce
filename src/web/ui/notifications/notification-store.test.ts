import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeNotification } from './notification-model.ts';
import { createNotificationStore } from './notification-store.ts';

describe('notification rules (spec: accounts §4, §9)', () => {
  it('treats unknown types as notify', () => {
    expect(normalizeNotification(1, { type: 'warning', children: 'x' }).type).toBe('notify');
    expect(normalizeNotification(1, { children: 'x' }).type).toBe('notify');
  });

  it('drops buttons without text or handler', () => {
    const onClick = () => undefined;
    const { buttons } = normalizeNotification(1, {
      children: 'x',
      buttons: [{ text: 'Open', onClick }, { text: '', onClick }, { text: 'No handler' }, { onClick }],
    });
    expect(buttons).toEqual([{ text: 'Open', onClick }]);
  });

  it('times out after 5000 ms, except an error without an explicit timeout', () => {
    expect(normalizeNotification(1, { type: 'success', children: 'x' }).timeout).toBe(5000);
    expect(normalizeNotification(1, { type: 'error', children: 'x' }).timeout).toBeNull();
    expect(normalizeNotification(1, { type: 'error', children: 'x', timeout: 5000 }).timeout).toBe(5000);
  });
});

describe('notification stack', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('dismisses a success after 5 s and keeps an error until closed', () => {
    const store = createNotificationStore();
    store.notify({ type: 'success', children: 'Profile updated' });
    const errorId = store.notify({ type: 'error', children: 'Card declined' });
    expect(store.getSnapshot().map((n) => n.children)).toEqual(['Profile updated', 'Card declined']);
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().map((n) => n.children)).toEqual(['Card declined']);
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.dismiss(errorId);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('tells subscribers about each change', () => {
    const store = createNotificationStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.notify({ children: 'a' });
    vi.advanceTimersByTime(5000);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.notify({ children: 'b' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
