/* Install the site's service worker (its URL in the script's data-worker), which keeps the score
 * pad and the pages last read for a phone without a connection. After the page has loaded, so
 * that the worker's downloads never hold the page up. A classic script: document.currentScript. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator)) {
    return;
  }
  var url = script.getAttribute("data-worker");
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url, { scope: "/" }).catch(function () {
      // No worker (a private window, storage refused): the site works as without one.
    });
  });
}());
