// Keyboard helpers every page needs (WCAG 2.4.11, 2.4.7):
// - The header's menu (a <details>): Escape closes it and puts focus back on its button, and
//   it closes when focus moves out of it (Tab past its last link, a click elsewhere), so it
//   never stays open over the links that get focus next.
// - A control that takes focus inside a box that scrolls sideways (a wide table, a chart) is
//   scrolled wholly into view and clear of the table's fixed first column: the browser
//   scrolls only one that is mostly hidden, and leaves one half cut off at the box's edge.
(function () {
  "use strict";

  var menu = document.querySelector("details.account-menu");
  if (menu) {
    var button = menu.querySelector("summary");
    menu.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && menu.open) {
        event.preventDefault();
        menu.open = false;
        button.focus();
      }
    });
    menu.addEventListener("focusout", function (event) {
      // relatedTarget is where focus goes: null when it goes to nothing (the page itself).
      if (menu.open && event.relatedTarget && !menu.contains(event.relatedTarget)) {
        menu.open = false;
      }
    });
    document.addEventListener("click", function (event) {
      if (menu.open && !menu.contains(event.target)) {
        menu.open = false;
      }
    });
  }

  // A table's first column stays put while the rest scrolls (position: sticky): a control
  // scrolled to the box's left edge would sit under it, so the box scrolls on past it.
  function clearOfStickyColumn(target, box) {
    var rect = target.getBoundingClientRect();
    var hit = document.elementFromPoint(rect.left + 1, rect.top + rect.height / 2);
    var cover = hit && !target.contains(hit) && box.contains(hit) ? hit.closest("th, td") : null;
    if (cover && !cover.contains(target) && window.getComputedStyle(cover).position === "sticky") {
      box.scrollLeft -= cover.getBoundingClientRect().right - rect.left + 4;
    }
  }

  document.addEventListener("focusin", function (event) {
    var target = event.target;
    var box = target.closest && target.closest(".table-scroll, .site-nav, .chart-scroll");
    if (!box || target === box) {
      return;
    }
    target.scrollIntoView({ block: "nearest", inline: "nearest" });
    if (box.matches(".table-scroll")) {
      clearOfStickyColumn(target, box);
    }
  });
})();
