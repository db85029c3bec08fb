/* Following an evening live: every few seconds ask the live fragment whether anything changed
 * (If-None-Match with the last ETag; the server answers 304 while nothing did) and swap the
 * section in place. No inline script, no CDN. */
(function () {
  "use strict";

  var section = document.getElementById("live");
  if (!section || !window.fetch) {
    return;
  }
  var url = section.getAttribute("data-live-url");
  var etag = null;
  var INTERVAL = 3000;

  function poll() {
    var headers = {};
    if (etag) {
      headers["If-None-Match"] = etag;
    }
    fetch(url, { headers: headers, credentials: "same-origin", cache: "no-cache" }).then(function (response) {
      if (response.status !== 200) {
        return null;
      }
      etag = response.headers.get("ETag");
      return response.text();
    }).then(function (html) {
      if (!html) {
        return;
      }
      var holder = document.createElement("div");
      holder.innerHTML = html;
      var fresh = holder.querySelector("#live");
      var current = document.getElementById("live");
      if (fresh && current) {
        current.replaceWith(fresh);
      }
      // The places and running totals below follow the same hands: fetch the page once per
      // change (never per poll) and swap them too, so the page never shows two different sums.
      return fetch(window.location.pathname, { credentials: "same-origin", cache: "no-cache" });
    }).then(function (response) {
      if (!response || !response.ok) {
        return null;
      }
      return response.text();
    }).then(function (page) {
      if (!page) {
        return;
      }
      var doc = new DOMParser().parseFromString(page, "text/html");
      document.querySelectorAll("[data-live-follow]").forEach(function (current) {
        var fresh = doc.getElementById(current.id);
        if (fresh) {
          current.replaceWith(fresh);
        }
      });
    }).catch(function () {
      // Offline for a moment: the next poll tries again.
    }).then(function () {
      window.setTimeout(poll, INTERVAL);
    });
  }

  window.setTimeout(poll, INTERVAL);
})();
