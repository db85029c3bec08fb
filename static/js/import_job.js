// The page of a long import or an undo: while the task runs, fetch the page every two
// seconds and put its new state in place, until the job is done or failed. Without
// scripts the page's reload link does the same.
(function () {
  "use strict";

  var INTERVAL = 2000;

  function poll() {
    var section = document.getElementById("import-job");
    var address = section && section.getAttribute("data-poll");
    if (!address) {
      return;
    }
    window.setTimeout(function () {
      fetch(address, { credentials: "same-origin", headers: { Accept: "text/html" } })
        .then(function (response) {
          if (!response.ok) {
            throw new Error(response.status);
          }
          return response.text();
        })
        .then(function (html) {
          var page = new DOMParser().parseFromString(html, "text/html");
          var fresh = page.getElementById("import-job");
          if (fresh) {
            section.replaceWith(document.importNode(fresh, true));
          }
          poll();
        })
        .catch(function () {
          // The next try comes with the reload link; a network hiccup stops nothing.
          window.setTimeout(poll, INTERVAL * 5);
        });
    }, INTERVAL);
  }

  poll();
})();
