/* The page's one polite live region: what a screen reader says after a tap or a save.
 *
 * A page names its region (role="status", id "live-status"); a page without one gets it here,
 * hidden from the eye. The text is emptied and set again a moment later, so the same status
 * twice ("Hand 2 saved", then "Hand 3 saved") is read twice; a status set before the last one
 * was written replaces it: one sentence at a time, never a storm. */
const ID = "live-status";
const DELAY = 50;
let timer = null;

function region() {
  let node = document.getElementById(ID);
  if (!node) {
    node = document.createElement("p");
    node.id = ID;
    node.className = "visually-hidden";
    node.setAttribute("role", "status");
    node.setAttribute("aria-live", "polite");
    (document.querySelector("main") || document.body).appendChild(node);
  }
  return node;
}

export function announce(text) {
  const node = region();
  window.clearTimeout(timer);
  node.textContent = "";
  if (text) {
    timer = window.setTimeout(() => {
      node.textContent = text;
    }, DELAY);
  }
}
