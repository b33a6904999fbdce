/**
 * The service worker of web push (spec: content §4 "Push"): shows each push the platform sends as
 * a notification, and opens its page when the notification is clicked. When the push service ends
 * or changes the subscription, a new one is made with the same key; the next page the browser opens
 * sees the new endpoint and sends it with the settings (push-client.ts).
 */
/* global self */
self.addEventListener('push', (event) => {
  let news;
  try {
    news = event.data ? event.data.json() : {};
  } catch {
    news = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(news.title || 'Newsreel', {
      body: news.body || '',
      tag: news.tag,
      icon: '/favicon.svg',
      data: { url: news.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const open of windows) if (open.url === url && 'focus' in open) return open.focus();
      return self.clients.openWindow(url);
    }),
  );
});

self.addEventListener('pushsubscriptionchange', (event) => {
  const options = event.oldSubscription && event.oldSubscription.options;
  if (!options || !options.applicationServerKey) return;
  event.waitUntil(
    self.registration.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: options.applicationServerKey })
      .catch(() => undefined),
  );
});
