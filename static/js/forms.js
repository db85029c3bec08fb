// Scorekeeping forms: the error summary at the top takes focus when the page comes back
// with problems, and each of its links moves focus to the field it names.
(function () {
  "use strict";

  var summary = document.getElementById("form-errors");
  if (!summary) {
    return;
  }
  summary.focus();
  summary.addEventListener("click", function (event) {
    var link = event.target.closest("a[href^='#']");
    var target = link && document.getElementById(link.getAttribute("href").slice(1));
    if (!target) {
      return;
    }
    event.preventDefault();
    var details = target.closest("details");
    if (details) {
      details.open = true;
    }
    target.focus();
    target.scrollIntoView({ block: "center" });
  });
})();
