// The offline copy of the site (docs/ARCHITECTURE.md, "Offline and updates"). A workshop must
// survive a lost connection, so after the first visit every file of this build is kept in one
// cache named after the build, and the site opens from it with no network at all.
//
// tools/service-worker-files.mjs, a step of the post-build hook, writes the build's version and
// its files into the two placeholders below; a new deployment therefore changes this script's
// bytes, which is what makes the browser install it: the new worker fetches the new build's
// files, takes over at once and deletes the caches of builds before it.
//
// - The page itself (a navigation) comes from the network when it answers within
//   NAVIGATION_TIMEOUT_MS, so a reload after a deployment shows the new build, and from the cache
//   otherwise (offline, or a connection that hangs).
// - Every other file of the build comes from the cache: their names carry content hashes (or,
//   for the few that keep their name, the cache is the build's own), so a cached copy is never
//   stale. A request for anything else goes to the network as if there were no worker.

const VERSION = 'BUILD_VERSION';
const FILES = ['BUILD_FILES'];
const CACHE = `quotalab-${VERSION}`;
const NAVIGATION_TIMEOUT_MS = 3000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('quotalab-') && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The page from the network, or this build's copy when the network fails or is too slow. */
async function navigation(request) {
  const cached = () => caches.open(CACHE).then((cache) => cache.match('./'));
  const timeout = new Promise((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS, null));
  try {
    const answer = await Promise.race([fetch(request), timeout]);
    if (answer) return answer;
  } catch {
    // Offline: the copy below.
  }
  return (await cached()) ?? fetch(request);
}

/** A file of the build from the cache; anything else from the network. */
async function file(request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(request)) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(request.mode === 'navigate' ? navigation(request) : file(request));
});
