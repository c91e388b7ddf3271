// Imported by the generated service worker (vite.config.ts, workbox importScripts). Where the browser has
// Background Sync, it wakes the worker for the 'cityquest-proofs' tag once the connection returns; the worker asks
// the open app windows to send their queued proofs (docs/product-rules/offline-play.md#sending-a-proof-exactly-once).
self.addEventListener('sync', (event) => {
  if (event.tag !== 'cityquest-proofs') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) client.postMessage({ type: 'cityquest:send-queued-proofs' });
    }),
  );
});
