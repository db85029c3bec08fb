/* Typed rows: what the picker does for a person typing cards into the rows' fields. */
import { cardFace, parse } from "./cards.js";

const size = (input) => parseInt(input.getAttribute("data-size"), 10) || 5;

/* A row typed or pasted past its size keeps its first cards; the rest flows into the rows
 * after it (a whole board pasted into the front fills all three). ``write`` fills a row. */
export function spillOver(inputs, input, cards, write) {
  const room = size(input);
  let rest = cards.slice(room);
  input.value = cards.slice(0, room).join(" ");
  let next = input;
  while (rest.length && (next = inputs[inputs.indexOf(next) + 1])) {
    const have = parse(next.value);
    const free = size(next) - have.length;
    if (free > 0) {
      write(next, have.concat(rest.slice(0, free)));
      rest = rest.slice(free);
    }
  }
}

// The row's cards in colour beside its label: what the codes in the field mean.
export function drawStrip(input) {
  if (!input.cardStrip) {
    const strip = document.createElement("span");
    strip.className = "card-line card-strip";
    strip.setAttribute("aria-hidden", "true");
    input.parentNode.insertBefore(strip, input);
    input.parentNode.classList.add("has-card-strip");
    input.cardStrip = strip;
  }
  input.cardStrip.textContent = "";
  parse(input.value).forEach((card) => input.cardStrip.appendChild(cardFace(card)));
}

/* Enter ("next" on a phone's keyboard) goes to the next open row; with every board complete,
 * or every row full (a card twice, which the form's check then names), it does what Enter
 * does in a form. */
export function enterMovesOn(input, isComplete, nextOpen) {
  input.enterKeyHint = "next";
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || isComplete()) {
      return;
    }
    const open = nextOpen(input);
    if (open) {
      event.preventDefault();
      open.focus();
    }
  });
}
