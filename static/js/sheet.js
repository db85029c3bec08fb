// The score sheet's print button (no inline handlers under the Content Security Policy).
(function () {
  "use strict";
  var button = document.querySelector("[data-print]");
  if (button) {
    button.addEventListener("click", function () { window.print(); });
  }
})();
