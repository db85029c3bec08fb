/* Where a hand in the pad's form is wrong: the field at fault, which the pad focuses and
 * marks invalid, and what to say about it.
 *
 * Before a hand is sent the pad refuses only what is surely wrong: points missing or not
 * adding up to zero, a card in two rows. Anything else about boards the server decides (a
 * hand may wait on the phone, offline); when it refuses, the same look finds the field its
 * message is about (a typo, a row short of cards), else the hand's first field. */
import { hasJunk, parse } from "../cards/cards.js";
import { spokenName } from "../cards/names.js";
import { fill, signed, wholeNumber } from "../text.js";

const ROWS = ["front", "middle", "back"];

const cell = (seat, name) => seat.querySelector('[data-field="' + name + '"]');

function nameOf(pad, seat) {
  return pad.state.players[parseInt(seat.getAttribute("data-seat"), 10) - 1].name;
}

function pointsOf(input) {
  return wholeNumber(input.value);
}

function pointsFault(pad) {
  const L = pad.labels;
  const missing = pad.seats.filter((seat) => pointsOf(cell(seat, "points")) === null);
  if (missing.length) {
    const names = missing.map((seat) => nameOf(pad, seat)).join(", ");
    return { at: cell(missing[0], "points"), text: fill(L.missing_names, { names: names }) };
  }
  const total = pad.seats.reduce((sum, seat) => sum + pointsOf(cell(seat, "points")), 0);
  if (total !== 0) {
    // The cells add up to +12: -12 is what is missing to make zero.
    const text = fill(L.not_zero_sum, { sum: signed(total), missing: signed(-total) });
    return { at: cell(pad.seats[0], "points"), text: text };
  }
  return null;
}

function rowName(pad, input) {
  const label = pad.form.querySelector('label[for="' + input.id + '"]');
  return label ? label.textContent.trim() : "";
}

/* The first row at fault, seat by seat: a card already in an earlier row; with ``all``, also
 * a typo or a row without its 3/5/5 cards. A surrendered player's rows stay empty. */
function boardsFault(pad, all) {
  const L = pad.labels;
  const seen = {};
  for (const seat of pad.seats) {
    const surrender = cell(seat, "surrender");
    if (surrender && surrender.checked) {
      continue;
    }
    for (const row of ROWS) {
      const input = cell(seat, row);
      const where = fill(L.row_of, { name: nameOf(pad, seat), row: rowName(pad, input) });
      const cards = parse(input.value);
      const twice = cards.find((card) => seen[card]);
      if (twice) {
        const text = fill(L.cards_twice, { card: spokenName(twice, pad.cardLabels), where: seen[twice] });
        return { at: input, text: text };
      }
      cards.forEach((card) => {
        seen[card] = where;
      });
      const size = parseInt(input.getAttribute("data-size"), 10);
      if (all && (hasJunk(input.value) || cards.length !== size)) {
        return { at: input, text: "" };
      }
    }
  }
  return null;
}

// What is wrong before sending (``all`` false) or after a refusal (``all`` true), or null.
export function faultOf(pad, entry, all) {
  return entry === "points" ? pointsFault(pad) : boardsFault(pad, all);
}

// The field a refusal is about: the one at fault, else the hand's first field.
export function refusedField(pad, entry) {
  const fault = faultOf(pad, entry, true);
  return fault ? fault.at : cell(pad.seats[0], entry === "points" ? "points" : "front");
}
