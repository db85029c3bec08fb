/* The card picker: a player's board filled by taps, at the speed of the game.
 *
 * The rows' text inputs (input.cards-input, data-size 3/5/5, one fieldset a player) stay the
 * truth: the picker only reads and writes them, so the form works without it and typing into
 * a row is always possible. The picker is one panel at the bottom of the screen: the players
 * (tap one to fill in his board); the current player's three rows as cards (tap a card to take
 * it out, a row to fill it); "back" (takes the last card out), the keyboard switch and the
 * four-colour deck; the deck as a 4x13 grid (a tapped card goes to the next free place).
 * Cards fill front (3), middle (5), back (5), then the next player's front. A card on the
 * table is struck out for everyone; tapping a card of the current player takes it back, one
 * of another player changes nothing and says where it lies. Typed rows move on by themselves
 * too, after 3/5/5 cards; a longer paste flows over into the following rows. When every board
 * is complete the grid folds away and the form hears "cards:complete" (the pad scores then).
 */
import { announce } from "../announce.js";
import { fill } from "../text.js";
import { cardFace, hasJunk, parse } from "./cards.js";
import { button, element } from "./dom.js";
import { keepClear } from "./fit.js";
import { spokenName } from "./names.js";
import { buildDeck, buildTools, markInvalid } from "./tools.js";
import { drawStrip, enterMovesOn, spillOver } from "./typing.js";

export function startPicker(form, picker, labels) {
  const inputs = Array.from(form.querySelectorAll("input.cards-input"));
  if (!inputs.length) {
    return null;
  }
  const L = labels || {};
  const seats = [];
  inputs.forEach((input) => {
    const box = input.closest("fieldset") || form;
    let seat = seats.find((candidate) => candidate.box === box);
    if (!seat) {
      seat = { box: box, rows: [] };
      seats.push(seat);
    }
    seat.rows.push(input);
  });
  // lastRow: the row a card went into last (by tap or typing); its cards tap out too, so the
  // card that just finished a player's board can be taken back after the picker moved on.
  const state = { target: inputs[0], lastRow: null, complete: false, message: "", writing: false };
  const removable = (input) => input === state.lastRow || seatOf(input) === seatOf(state.target);
  const ui = { cards: {}, seats: [], rows: [] };

  const size = (input) => parseInt(input.getAttribute("data-size"), 10) || 5;
  const cardsOf = (input) => parse(input.value);
  const isFull = (input) => cardsOf(input).length >= size(input);
  const seatOf = (input) => seats.find((seat) => seat.rows.indexOf(input) !== -1);
  // A player who surrendered sets no rows: the picker passes him by.
  const skipped = (input) => Boolean(seatOf(input).box.querySelector('[data-field="surrender"]:checked'));

  function seatName(seat) {
    const name = seat.box.querySelector('input[name$="_name"]');
    if (name && name.value.trim()) {
      return name.value.trim();
    }
    const legend = seat.box.querySelector("legend");
    return legend && legend.firstChild ? legend.firstChild.textContent.trim() : "";
  }

  function rowName(input) {
    const label = form.querySelector('label[for="' + input.id + '"]');
    // "Front (3 cards):" reads "Front" here.
    return label ? label.textContent.replace(/:\s*$/, "").replace(/\s*\(.*\)\s*$/, "").trim() : "";
  }

  // "Anna, Back": where a card lies or goes, on screen and spoken.
  function describe(input) {
    return fill(L.where || "%(name)s · %(row)s", { name: seatName(seatOf(input)), row: rowName(input) });
  }

  const spoken = (card) => spokenName(card, L);

  // A status shown in the picker's line and said once in the page's live region.
  function say(text) {
    state.message = text;
    announce(text);
  }

  // Which row holds each card, and the cards typed into two rows.
  function owners() {
    const owner = {};
    const twice = {};
    inputs.forEach((input) => {
      cardsOf(input).forEach((card) => {
        if (owner[card]) {
          twice[card] = true;
        }
        owner[card] = input;
      });
    });
    return { owner: owner, twice: twice };
  }

  // The first row after ``from`` (in the order front, middle, back, next player) with room.
  function nextOpen(from) {
    const start = inputs.indexOf(from);
    for (let step = 1; step <= inputs.length; step += 1) {
      const candidate = inputs[(start + step) % inputs.length];
      if (!isFull(candidate) && !skipped(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  function isComplete() {
    return inputs.every((input) => skipped(input) || cardsOf(input).length === size(input)) &&
      Object.keys(owners().twice).length === 0;
  }

  function write(input, cards) {
    state.writing = true;
    input.value = cards.join(" ");
    input.dispatchEvent(new Event("input", { bubbles: true }));
    state.writing = false;
  }

  function take(input, card) {
    write(input, cardsOf(input).filter((other) => other !== card));
    state.target = input;
    say(fill(L.removed || "%(card)s", { card: spoken(card) }));
  }

  function place(card) {
    const found = owners().owner[card];
    if (found) {
      if (removable(found)) {
        take(found, card);
      } else {
        say(fill(L.usedBy || "%(card)s: %(where)s", { card: spoken(card), where: describe(found) }));
      }
      render(true);
      return;
    }
    const input = isFull(state.target) || skipped(state.target) ? nextOpen(state.target) : state.target;
    if (!input) {
      say(L.complete || "");
      render(true);
      return;
    }
    write(input, cardsOf(input).concat([card]));
    state.lastRow = input;
    state.target = isFull(input) ? nextOpen(input) || input : input;
    state.message = "";
    announce(fill(L.placed || "%(card)s: %(where)s", { card: spoken(card), where: describe(input) }));
    render(true);
  }

  // "Back": the last card of the target row, or of the row before it if that one is empty.
  function back() {
    let index = inputs.indexOf(state.target);
    while (index >= 0 && !cardsOf(inputs[index]).length) {
      index -= 1;
    }
    if (index < 0) {
      return;
    }
    const cards = cardsOf(inputs[index]);
    take(inputs[index], cards[cards.length - 1]);
    render(true);
  }

  // A row chosen by hand (a player, a row, a tap or Tab into a field): said where cards go now.
  function target(input) {
    state.target = input;
    state.lastRow = null;
    state.message = "";
    announce((L.target || "") + " " + describe(input));
    render(false);
  }

  function setTyping(typing, byHand) {
    picker.classList.toggle("is-typing", typing);
    // Without the switch a tapped row opens no keyboard that would cover the picker.
    inputs.forEach((input) => {
      input.inputMode = typing ? "text" : "none";
    });
    if (typing && byHand) {
      state.target.blur();
      state.target.focus();
    }
  }

  function build() {
    ui.seatBar = element("div", "picker-seats");
    ui.seatBar.setAttribute("role", "group");
    ui.seatBar.setAttribute("aria-label", L.players || "");
    seats.forEach((seat) => {
      const chip = button("picker-seat", "", () => {
        target(seat.rows.find((row) => !isFull(row)) || seat.rows[0]);
      });
      ui.seatBar.appendChild(chip);
      ui.seats.push(chip);
    });
    const main = element("div", "picker-main");
    const board = element("div", "picker-board");
    [0, 1, 2].forEach((index) => {
      const row = element("div", "picker-row");
      const name = button("picker-row-name", "", () => target(seatOf(state.target).rows[index]));
      const slots = element("div", "picker-slots");
      // An empty place targets its row too; the row's name is the button for keyboards.
      slots.addEventListener("click", (event) => {
        if (!event.target.closest("button")) {
          target(seatOf(state.target).rows[index]);
        }
      });
      row.appendChild(name);
      row.appendChild(slots);
      board.appendChild(row);
      ui.rows.push({ row: row, name: name, slots: slots });
    });
    const tools = buildTools(L, back, setTyping);
    ui.startTyping = tools.startTyping;
    main.appendChild(board);
    main.appendChild(tools.tools);
    // Shown, not live: what it says is announced once through the page's live region.
    ui.status = element("p", "picker-target");
    ui.status.id = "picker-status";
    const deck = buildDeck(L.deck || L.picker || "", spoken, place);
    ui.grid = deck.grid;
    ui.cards = deck.cards;
    picker.textContent = "";
    picker.appendChild(ui.seatBar);
    picker.appendChild(main);
    picker.appendChild(ui.status);
    picker.appendChild(ui.grid);
    picker.setAttribute("role", "region");
    picker.setAttribute("aria-label", L.picker || "");
    picker.hidden = false;
  }

  function drawBoard(seat) {
    seat.rows.forEach((input, index) => {
      const parts = ui.rows[index];
      parts.name.textContent = rowName(input);
      parts.name.setAttribute("aria-pressed", input === state.target ? "true" : "false");
      parts.row.classList.toggle("is-target", input === state.target);
      parts.slots.textContent = "";
      const cards = cardsOf(input);
      cards.forEach((card) => {
        const face = cardFace(card, "button");
        face.type = "button";
        face.classList.add("slot-card");
        face.setAttribute("aria-label", fill(L.remove || "%(card)s", { card: spoken(card) }));
        face.addEventListener("click", () => {
          take(input, card);
          render(true);
        });
        parts.slots.appendChild(face);
      });
      for (let free = cards.length; free < size(input); free += 1) {
        const slot = element("span", "slot-free");
        if (free === cards.length && input === state.target) {
          slot.classList.add("is-next");
        }
        parts.slots.appendChild(slot);
      }
    });
  }

  function render(byHand) {
    const { owner, twice } = owners();
    const current = seatOf(state.target);
    Object.keys(ui.cards).forEach((card) => {
      const where = owner[card];
      const node = ui.cards[card];
      node.classList.toggle("used", Boolean(where));
      const mine = Boolean(where) && removable(where);
      node.classList.toggle("mine", mine);
      // Another player's card: a tap only says where it lies.
      if (where && !mine) {
        node.setAttribute("aria-disabled", "true");
      } else {
        node.removeAttribute("aria-disabled");
      }
      // Pressed: on the table already (as the old picker said it, and screen readers read it).
      node.setAttribute("aria-pressed", where ? "true" : "false");
      node.title = where ? describe(where) + " · " + (L.used || "") : "";
    });
    inputs.forEach((input) => {
      const wrong = cardsOf(input).some((card) => twice[card]) ||
        hasJunk(input.value, input === document.activeElement) || cardsOf(input).length > size(input);
      drawStrip(input);
      input.classList.toggle("is-full", cardsOf(input).length === size(input) && !wrong);
      input.classList.toggle("is-target", input === state.target);
      input.classList.toggle("has-problem", wrong);
      markInvalid(input, wrong, ui.status.id);
    });
    seats.forEach((seat, index) => {
      const count = seat.rows.reduce((sum, row) => sum + Math.min(cardsOf(row).length, size(row)), 0);
      const total = seat.rows.reduce((sum, row) => sum + size(row), 0);
      const chip = ui.seats[index];
      chip.textContent = seatName(seat) + (count === total ? " ✓" : "");
      if (count && count < total) {
        const progress = element("span", "seat-count", count + "/" + total);
        chip.appendChild(progress);
      }
      chip.setAttribute("aria-pressed", seat === current ? "true" : "false");
      chip.classList.toggle("is-done", count === total);
    });
    drawBoard(current);
    const doubled = Object.keys(twice);
    const complete = isComplete();
    if (doubled.length) {
      ui.status.textContent = fill(L.twice || "%(card)s", { card: doubled.map(spoken).join(", ") });
    } else if (state.message) {
      ui.status.textContent = state.message;
    } else if (complete) {
      ui.status.textContent = L.complete || "";
    } else {
      ui.status.textContent = (L.target || "") + " " + describe(state.target);
    }
    ui.status.classList.toggle("is-warning", doubled.length > 0);
    picker.classList.toggle("is-complete", complete);
    if (complete && !state.complete && byHand) {
      // The deck folds away: a key on its last card goes on to the form's main button.
      if (ui.grid.contains(document.activeElement)) {
        const next = form.querySelector('button[type="submit"].primary') || form.querySelector('[type="submit"]');
        if (next) {
          next.focus();
        }
      }
      form.dispatchEvent(new CustomEvent("cards:complete", { bubbles: true }));
    }
    state.complete = complete;
  }

  // Typed rows: after 3/5/5 cards the next row; a longer paste flows into the rows after it.
  function typed(input, event) {
    const inserted = /^insert/.test(event.inputType || "");
    const cards = cardsOf(input);
    const room = size(input);
    if (!inserted || cards.length < room || (cards.length === room && hasJunk(input.value))) {
      return false;
    }
    spillOver(inputs, input, cards, write);
    const open = nextOpen(input);
    state.message = "";
    // The target first: the focus that follows is no choice of another row by hand.
    state.target = open || input;
    if (open && document.activeElement === input) {
      open.focus();
    }
    return true;
  }

  build();
  keepClear(picker);
  setTyping(ui.startTyping, false);
  inputs.forEach((input) => {
    enterMovesOn(input, isComplete, nextOpen);
    input.addEventListener("blur", () => render(false));
    input.addEventListener("focus", () => {
      if (state.target !== input) {
        target(input);
      }
    });
  });
  form.addEventListener("input", (event) => {
    if (state.writing) {
      return;
    }
    if (inputs.indexOf(event.target) !== -1) {
      if (event.inputType) {
        state.lastRow = event.target;
      }
      render(typed(event.target, event));
      return;
    }
    // The pad emptied the form after a saved hand: a fresh deck, the first player's front.
    if (inputs.every((input) => !input.value.trim())) {
      state.target = inputs[0];
      state.lastRow = null;
      state.message = "";
    }
    render(false);
  });
  form.addEventListener("change", (event) => {
    if (event.target.matches('[data-field="surrender"]')) {
      render(false);
    }
  });
  state.target = inputs.find((input) => !isFull(input)) || inputs[0];
  render(false);
  return { render: () => render(false) };
}
