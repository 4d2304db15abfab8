// Harbor's service worker: it keeps the app shell (the page and its built
// files) for when the network is gone, shows turn notices pushed by the
// server, and opens the table when a notice is tapped. The API and the
// WebSocket always go to the network.

// The build writes every file it made into BUILT (scripts/precache.ts) and
// names the cache after them, so every screen's chunk is kept on install, not
// only those opened online. Served by `npm run dev`, the list is empty.
const BUILT = [];
const SHELL = "harbor-shell-dev";
const PRECACHE = ["/", "/manifest.webmanifest", "/icon.svg", "/icons/icon-192.png", ...BUILT];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((c) => c.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function cacheable(url) {
  return url.pathname.startsWith("/assets/") || url.pathname.startsWith("/icons/") || PRECACHE.includes(url.pathname);
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  if (req.mode === "navigate") {
    if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/notices/")) return;
    // Every route of the app is the same page: fresh from the network,
    // the kept copy when offline.
    event.respondWith(
      fetch(req)
        .then((res) => {
          if (res.ok) {
            const copy = res.clone();
            caches.open(SHELL).then((c) => c.put("/", copy));
          }
          return res;
        })
        .catch(() => caches.match("/").then((hit) => hit || Response.error())),
    );
    return;
  }
  if (!cacheable(url)) return;
  // Built files never change under their name: the kept copy first.
  event.respondWith(
    caches.match(req).then(
      (hit) =>
        hit ||
        fetch(req).then((res) => {
          if (res.ok) {
            const copy = res.clone();
            caches.open(SHELL).then((c) => c.put(req, copy));
          }
          return res;
        }),
    ),
  );
});

// A push carries {title, body, url, tag} (docs/api.md, "Turn notices").
self.addEventListener("push", (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(notice.title || "Harbor", {
      body: notice.body || "It is your turn.",
      tag: notice.tag || "harbor",
      renotify: true,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: notice.url || "/" },
    }),
  );
});

// A tap on a notice shows the table: the window already on it, else a
// window of the app taken there, else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (target.origin !== self.location.origin) return;
  const focus = (w) => (w.focus ? w.focus().catch(() => w) : w);
  event.waitUntil(
    self.clients.matchAll({ type: "window" }).then((windows) => {
      const there = windows.find((w) => new URL(w.url).pathname === target.pathname);
      if (there) return focus(there);
      const other = windows.find((w) => w.focused) || windows[0];
      if (other && other.navigate) return other.navigate(target.href).then((w) => focus(w || other));
      return self.clients.openWindow(target.href);
    }),
  );
});
