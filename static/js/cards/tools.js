/* The card picker's parts that need nothing of its state: the tools (take the last card
 * back, the keyboard switch, the four-colour deck; both switches kept on the phone) and the
 * deck, 4x13 buttons named by the cards' spoken names. */
import { RANKS, SUITS, cardFace } from "./cards.js";
import { button, element, remember, remembered } from "./dom.js";

const TYPING_KEY = "ofc-cards-typing";
const COLOURS_KEY = "ofc-cards-four-colour";

function toggle(node, on) {
  node.setAttribute("aria-pressed", on ? "true" : "false");
}

/* The tools' column. ``back`` takes the last card out; ``typing(on)`` switches the rows to
 * the keyboard (or back to the picker). Both switches start as the phone kept them. */
export function buildTools(L, back, typing) {
  const tools = element("div", "picker-tools");
  const undo = button("button picker-tool", L.undo || "⌫", back);
  if (L.undoName) {
    // "Back" alone is also the back row's name: the button says what it does.
    undo.setAttribute("aria-label", L.undoName);
  }
  tools.appendChild(undo);
  const keyboard = button("button picker-tool", L.keyboard || "Keyboard", () => {
    const on = keyboard.getAttribute("aria-pressed") !== "true";
    remember(TYPING_KEY, on);
    toggle(keyboard, on);
    typing(on, true);
  });
  keyboard.title = L.keyboardHint || "";
  tools.appendChild(keyboard);
  const colours = button("button picker-tool", L.fourColour || "4", () => {
    const four = colours.getAttribute("aria-pressed") !== "true";
    remember(COLOURS_KEY, four);
    setColours(colours, four);
  });
  colours.title = L.fourColourHint || "";
  tools.appendChild(colours);
  const startTyping = remembered(TYPING_KEY);
  toggle(keyboard, startTyping);
  setColours(colours, remembered(COLOURS_KEY));
  return { tools: tools, startTyping: startTyping };
}

function setColours(node, four) {
  document.documentElement.classList.toggle("four-colour", four);
  toggle(node, four);
}

/* The deck: a button a card, a suit a line (a suit's ace starts a line, also where the deck
 * wraps on a narrow screen). ``spoken(card)`` names it, ``place(card)`` is its tap. */
export function buildDeck(label, spoken, place) {
  const grid = element("div", "picker-grid");
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", label);
  const cards = {};
  SUITS.forEach((suit) => {
    RANKS.split("").forEach((rank) => {
      const card = rank + suit.code;
      const face = cardFace(card, "button");
      face.type = "button";
      face.classList.add("pick-card");
      face.classList.toggle("suit-start", rank === RANKS[0]);
      face.setAttribute("data-card", card);
      face.setAttribute("aria-label", spoken(card));
      face.addEventListener("click", () => place(card));
      cards[card] = face;
      grid.appendChild(face);
    });
  });
  return { grid: grid, cards: cards };
}

/* A row with a card twice, a typo or a card too many is invalid, described by the picker's
 * line that says why; the picker takes back only the marks it set (the pad sets its own). */
export function markInvalid(input, wrong, describedBy) {
  const theirs = input.getAttribute("aria-invalid") === "true" && !input.hasAttribute("data-picker-invalid");
  if (theirs) {
    return;
  }
  if (wrong) {
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", describedBy);
    input.setAttribute("data-picker-invalid", "");
  } else if (input.hasAttribute("data-picker-invalid")) {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
    input.removeAttribute("data-picker-invalid");
  }
}
