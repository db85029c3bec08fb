/* The OFC League's service worker (served by ofcleague/web/offline.py, which explains it).
 *
 * Static files: the site's own, at the URLs the pages name, kept at install in a cache named by
 * their list; hashed names come from the cache first, unhashed ones (development) from the
 * network first. Pages: GET navigations, network first; only an answer the server marks
 * with the keep header (its allowlist of pages, offline.py) is kept, and a kept copy is shown
 * when the network fails (or says nothing for a while), with a note of when it was fetched.
 * Nothing else is touched: POSTs, the JSON APIs and every other request go to the network as
 * if there were no worker. */
"use strict";

const CONFIG = {{ config|safe }};
const STATIC = "ofc-static-" + CONFIG.version;
const PAGES = "ofc-pages-" + CONFIG.version;
// A pseudo entry of the pages cache: whose pages it holds.
const AUDIENCE = new URL("/offline-audience", self.location.origin).href;
const FETCHED = "X-Fetched-At";
const kept = new Set(CONFIG.static.map((url) => new URL(url, self.location.origin).href));

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STATIC)
    .then((cache) => cache.addAll(CONFIG.static))
    .then(() => self.skipWaiting()));
});

// The new release's worker drops every cache of the old one, pages included (they name the
// old release's files).
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names
      .filter((name) => name.startsWith("ofc-") && name !== STATIC && name !== PAGES)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (request.method !== "GET") {
    // Logging in or out: the pages kept so far were somebody else's session.
    if (CONFIG.forget.includes(url.pathname)) {
      event.waitUntil(caches.delete(PAGES));
    }
    return;
  }
  if (kept.has(url.href)) {
    event.respondWith(CONFIG.hashed ? cacheFirst(request) : networkFirst(request));
  } else if (request.mode === "navigate") {
    page(event);
  }
});

// A page that was shown before this worker took over (install.js asks): kept as if it had
// come through here, when the server marks it as one to keep.
self.addEventListener("message", (event) => {
  const url = new URL(String((event.data && event.data.keep) || ""), self.location.origin);
  if (url.origin === self.location.origin) {
    const request = new Request(url.href, { credentials: "same-origin" });
    event.waitUntil(fetch(request).then((response) => keep(request, response), () => undefined));
  }
});

function cacheFirst(request) {
  return caches.open(STATIC).then((cache) => cache.match(request).then((hit) => hit || fetch(request)));
}

function networkFirst(request) {
  return caches.open(STATIC).then((cache) => fetch(request).then((response) => {
    if (response.ok) {
      cache.put(request, response.clone());
    }
    return response;
  }, () => cache.match(request).then((hit) => hit || Response.error())));
}

// A page: the server's answer, or the kept copy when there is none.
function page(event) {
  const request = event.request;
  const network = fetch(request);
  // Kept even when it arrives after the copy was shown.
  event.waitUntil(network.then((response) => keep(request, response.clone()), () => undefined));
  event.respondWith(answer(request, network));
}

function answer(request, network) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), CONFIG.timeout);
  });
  const fromNetwork = network.then((response) => {
    // A proxy's "server unreachable" is no page either.
    return response.status >= 502 && response.status <= 504 ? null : response;
  }, () => null);
  return Promise.race([fromNetwork, late]).then((response) => {
    clearTimeout(timer);
    if (response) {
      return response;
    }
    return copy(request).then((kept) => kept || network);
  });
}

function keepable(response) {
  const type = response.headers.get("Content-Type") || "";
  return response.status === 200 && response.type === "basic" && !response.redirected &&
    type.startsWith("text/html") && response.headers.get(CONFIG.keepHeader) === CONFIG.keep;
}

async function keep(request, response) {
  if (!keepable(response)) {
    return;
  }
  const audience = response.headers.get(CONFIG.audienceHeader) || "public";
  let cache = await caches.open(PAGES);
  const holder = await cache.match(AUDIENCE);
  if (!holder || (await holder.text()) !== audience) {
    // Somebody else's pages, or nobody's yet: they all go before this one is kept.
    await caches.delete(PAGES);
    cache = await caches.open(PAGES);
    await cache.put(AUDIENCE, new Response(audience));
  }
  const body = await response.blob();
  const headers = new Headers({ "Content-Type": response.headers.get("Content-Type") });
  headers.set(FETCHED, new Date().toISOString());
  const key = request.url.split("#")[0];
  await cache.delete(key);
  await cache.put(key, new Response(body, { status: 200, headers: headers }));
  const keys = (await cache.keys()).filter((entry) => entry.url !== AUDIENCE);
  await Promise.all(keys.slice(0, Math.max(0, keys.length - CONFIG.maxPages))
    .map((entry) => cache.delete(entry)));
}

// The kept copy of a page, with the note of when it was fetched, or null.
async function copy(request) {
  const cache = await caches.open(PAGES);
  const hit = await cache.match(request.url.split("#")[0]);
  if (!hit) {
    return null;
  }
  const text = await hit.text();
  const lang = (/<html[^>]*\blang="([^"]+)"/.exec(text) || [])[1] || CONFIG.fallback;
  const note = '<p class="message warning offline-note" role="status">' +
    escape(noteText(lang, new Date(hit.headers.get(FETCHED)))) + "</p>";
  const marked = /<main\b[^>]*>/.test(text)
    ? text.replace(/<main\b[^>]*>/, (main) => main + note)
    : text.replace(/<body\b[^>]*>/, (body) => body + note);
  return new Response(marked, { status: 200, headers: { "Content-Type": hit.headers.get("Content-Type") } });
}

function noteText(lang, fetched) {
  const labels = CONFIG.labels[lang] || CONFIG.labels[CONFIG.fallback];
  const time = fetched.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
  const days = Math.round((midnight(new Date()) - midnight(fetched)) / 86400000);
  if (days === 0) {
    return fill(labels.today, { time: time });
  }
  const day = days > 0 && days < 7
    ? fetched.toLocaleDateString(lang, { weekday: "long" })
    : fetched.toLocaleDateString(lang, { day: "numeric", month: "numeric", year: "numeric" });
  return fill(labels.earlier, { day: day, time: time });
}

function midnight(date) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

function fill(template, values) {
  return template.replace(/%\((\w+)\)s/g, (_, name) => values[name]);
}

function escape(text) {
  return text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]);
}
