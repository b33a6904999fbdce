/**
 * The service worker of web push (spec: content §4 "Push"): shows each push the platform sends as
 * a notification, and opens its page when the notification is clicked.
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
