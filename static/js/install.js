/* Install the site's service worker (its URL in the script's data-worker), which keeps the score
 * pad and the pages last read for a phone without a connection. After the page has loaded, so
 * that the worker's downloads never hold the page up. A classic script: document.currentScript.
 *
 * The page that installs a worker (the first visit, or the first after a release) came from the
 * network before the worker could keep it: once the worker takes over, it is asked to keep this
 * page too, so that a pad opened once is there offline even so. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator)) {
    return;
  }
  var url = script.getAttribute("data-worker");
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    var worker = navigator.serviceWorker.controller;
    if (worker) {
      worker.postMessage({ keep: window.location.href });
    }
  });
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url, { scope: "/" }).catch(function () {
      // No worker (a private window, storage refused): the site works as without one.
    });
  });
}());
