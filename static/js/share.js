// The phone's share sheet for a ready message: the button shows only where the browser has
// the Web Share API (navigator.share); elsewhere the copy button and the WhatsApp link remain.
(function () {
  "use strict";

  if (!navigator.share) {
    return;
  }
  document.querySelectorAll("button[data-share][hidden]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var field = document.getElementById(button.getAttribute("data-share"));
      if (field) {
        navigator.share({ title: button.getAttribute("data-share-title"), text: field.value }).catch(function () {});
      }
    });
  });
})();
