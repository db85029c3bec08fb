/* The card picker never hides the field that has focus (WCAG 2.4.11).
 *
 * Pinned at the bottom of the screen (position: sticky) the picker covers what lies under it:
 * its height goes into the CSS variable --picker-cover, which the page's scroll-padding-bottom
 * reads, so the browser scrolls a focused field above it; a field focused under it anyway is
 * scrolled up here. Where the picker would take much of the screen (a short or sideways
 * screen, large text, zoom) it is not pinned at all (class "in-flow") and lies in the page
 * like any other part, reachable by scrolling. */
const SHARE = 0.45;
const GAP = 8;

function pinned(picker) {
  return picker.offsetHeight > 0 && !picker.classList.contains("in-flow") &&
    getComputedStyle(picker).position === "sticky";
}

function measure(picker) {
  const tall = picker.offsetHeight > window.innerHeight * SHARE;
  picker.classList.toggle("in-flow", tall);
  const cover = pinned(picker) ? picker.offsetHeight + GAP : 0;
  document.documentElement.style.setProperty("--picker-cover", cover + "px");
}

// The focused element, when the pinned picker hides it, scrolled up above the picker.
function uncover(picker, target) {
  if (!pinned(picker) || !target || picker.contains(target) || !target.getBoundingClientRect) {
    return;
  }
  const top = picker.getBoundingClientRect().top;
  const box = target.getBoundingClientRect();
  if (box.height && box.bottom > top - GAP / 2 && box.top < window.innerHeight) {
    window.scrollBy(0, box.bottom - top + GAP);
  }
}

export function keepClear(picker) {
  const again = () => measure(picker);
  if (window.ResizeObserver) {
    new window.ResizeObserver(again).observe(picker);
  }
  window.addEventListener("resize", again);
  document.addEventListener("focusin", (event) => {
    again();
    uncover(picker, event.target);
    // The browser may scroll the field into view after this: check once more then.
    window.requestAnimationFrame(() => uncover(picker, document.activeElement));
  });
  again();
}
