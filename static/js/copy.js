// The members page: a "copy" button beside each invite link copies it (and says so). Without
// the clipboard the link field stays there to select by hand.
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy]");
    var field = button && document.getElementById(button.getAttribute("data-copy"));
    if (!field) {
      return;
    }
    var done = function () {
      button.textContent = button.getAttribute("data-copied");
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done, function () {
        field.select();
      });
    } else {
      field.select();
      if (document.execCommand && document.execCommand("copy")) {
        done();
      }
    }
  });
  // The buttons do nothing without this script: they show only with it.
  document.querySelectorAll("button[data-copy][hidden]").forEach(function (button) {
    button.hidden = false;
  });
})();
