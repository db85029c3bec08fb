/* Following an evening live: every few seconds ask for the evening's changing part
 * (If-None-Match with the last ETag; the server answers 304 while nothing changed) and swap it
 * whole, so places, totals, rounds, status and statistics always come from one answer and add
 * up. "updated HH:MM:SS" (Berlin time, filled in here so the page stays the same for every
 * visitor) says when the phone last heard from the server; without signal it says so and keeps
 * trying. Once the evening is finished the part says so and the
 * polling stops. No inline script, no CDN. */
(function () {
  "use strict";

  var INTERVAL = 3000;
  var part = document.getElementById("evening-now");
  if (!part || !window.fetch || part.getAttribute("data-state") !== "in_progress") {
    return;
  }
  var url = part.getAttribute("data-live-url");
  var etag = null;
  var clock = null;
  try {
    clock = new Intl.DateTimeFormat(document.documentElement.lang || "de", {
      hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23",
      timeZone: "Europe/Berlin"
    });
  } catch (error) {
    clock = null;
  }

  function heard(online) {
    var current = document.getElementById("evening-now");
    if (!current) {
      return;
    }
    var time = current.querySelector("[data-live-updated]");
    var shown = current.querySelector("[data-live-clock]");
    var offline = current.querySelector("[data-live-offline]");
    if (online && time && clock) {
      var now = new Date();
      time.textContent = clock.format(now);
      time.setAttribute("datetime", now.toISOString());
      shown.hidden = false;
    }
    if (offline) {
      offline.hidden = online;
    }
  }

  function swap(html) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("#evening-now");
    var current = document.getElementById("evening-now");
    if (!fresh || !current) {
      return true;
    }
    // Keep the reader's place in a table scrolled sideways and the focus on a scroll region.
    var scrolled = {};
    current.querySelectorAll(".table-scroll[aria-labelledby]").forEach(function (box) {
      scrolled[box.getAttribute("aria-labelledby")] = box.scrollLeft;
    });
    var focused = document.activeElement && current.contains(document.activeElement)
      ? document.activeElement.getAttribute("aria-labelledby") : null;
    current.replaceWith(fresh);
    fresh.querySelectorAll(".table-scroll[aria-labelledby]").forEach(function (box) {
      var key = box.getAttribute("aria-labelledby");
      if (scrolled[key]) {
        box.scrollLeft = scrolled[key];
      }
      if (focused && key === focused) {
        box.focus({ preventScroll: true });
      }
    });
    return fresh.getAttribute("data-state") === "in_progress";
  }

  function poll() {
    var headers = {};
    if (etag) {
      headers["If-None-Match"] = etag;
    }
    var going = true;
    fetch(url, { headers: headers, credentials: "same-origin", cache: "no-cache" }).then(function (response) {
      if (response.status === 304) {
        heard(true);
        return null;
      }
      if (!response.ok) {
        heard(false);
        return null;
      }
      etag = response.headers.get("ETag");
      return response.text();
    }).then(function (html) {
      if (html) {
        going = swap(html);
        heard(true);
      }
    }).catch(function () {
      // Offline for a moment: say so, and the next poll tries again.
      heard(false);
    }).then(function () {
      if (going) {
        window.setTimeout(poll, INTERVAL);
      }
    });
  }

  // The page was current when it came (the server checks the league's version first).
  heard(true);
  window.setTimeout(poll, INTERVAL);
})();
