/* The score pad's hand form: what it holds, filling it with a hand again, and the zero-sum
 * offer. One fieldset a seat (data-seat), its inputs named by data-field. */
import { fill, signed, wholeNumber } from "../text.js";
import { faultOf } from "./fault.js";

const ROWS = ["front", "middle", "back"];

export function field(seat, name) {
  return seat.querySelector('[data-field="' + name + '"]');
}

function mode(form) {
  const checked = form.querySelector('input[name="entry"]:checked');
  return checked ? checked.value : "points";
}

function pointsOf(seat) {
  return wholeNumber(field(seat, "points").value);
}

function collect(seats) {
  return seats.map((seat) => {
    const tick = field(seat, "fantasyland_next");
    return {
      seat: parseInt(seat.getAttribute("data-seat"), 10),
      points: pointsOf(seat),
      front: field(seat, "front").value,
      middle: field(seat, "middle").value,
      back: field(seat, "back").value,
      fouled: field(seat, "fouled").checked,
      surrender: Boolean(field(seat, "surrender") && field(seat, "surrender").checked),
      fantasyland_next: tick && tick.value ? parseInt(tick.value, 10) : null
    };
  });
}

// One seat's result into its fieldset; an empty result ({}) empties it.
function put(seat, result) {
  field(seat, "points").value = result.points === null || result.points === undefined ? "" : result.points;
  ROWS.forEach((row) => {
    field(seat, row).value = result[row] || "";
  });
  field(seat, "fouled").checked = Boolean(result.fouled);
  const surrender = field(seat, "surrender");
  if (surrender) {
    surrender.checked = Boolean(result.surrender);
  }
  const tick = field(seat, "fantasyland_next");
  if (tick) {
    tick.value = result.fantasyland_next || "";
  }
}

export function clear(pad) {
  pad.seats.forEach((seat) => {
    put(seat, {});
    ["points"].concat(ROWS).forEach((name) => field(seat, name).classList.remove("offered"));
    field(seat, "points").removeAttribute("data-typed");
  });
  pad.previewed = null;
  pad.ui.preview.hidden = true;
  pad.form.dispatchEvent(new Event("input", { bubbles: true }));
}

// Put a hand (saved, queued or refused) back into the form.
export function load(pad, hand) {
  clear(pad);
  const radio = pad.form.querySelector('input[name="entry"][value="' + hand.entry + '"]');
  if (radio) {
    radio.checked = true;
  }
  hand.results.forEach((result) => {
    const seat = pad.form.querySelector('fieldset[data-seat="' + result.seat + '"]');
    if (seat) {
      put(seat, result);
    }
  });
  // Let the card picker see the rows again.
  pad.seats.forEach((seat) => field(seat, "front").dispatchEvent(new Event("input", { bubbles: true })));
  syncMode(pad);
  offerLast(pad);
}

/* The hand as the form holds it, ready to send: { hand } or, where it is surely wrong (points
 * missing or not adding up, a card in two rows), { problem, at }: what to say, the field at
 * fault. Boards carry the points the server scored for them. */
export function handFromForm(pad) {
  const hand = { entry: mode(pad.form), results: collect(pad.seats) };
  const fault = faultOf(pad, hand.entry, false);
  if (fault) {
    return { problem: fault.text, at: fault.at };
  }
  if (hand.entry !== "points") {
    hand.results.forEach((result) => {
      result.points = pad.previewed ? pad.previewed[result.seat - 1] : null;
    });
  }
  return { hand: hand };
}

// The boards as the calculator's API takes them.
export function boardsOf(pad) {
  return collect(pad.seats).map((result) => ({
    name: pad.state.players[result.seat - 1].name,
    front: result.front,
    middle: result.middle,
    back: result.back,
    surrender: result.surrender
  }));
}

// The server's score of the boards into the points and fouled fields.
export function takeScores(pad, players) {
  players.forEach((player, index) => {
    field(pad.seats[index], "points").value = player.points;
    field(pad.seats[index], "fouled").checked = player.fouled;
  });
  offerLast(pad);
}

function sumOf(inputs) {
  return inputs.reduce((sum, input) => sum + (parseInt(input.value, 10) || 0), 0);
}

function isOpen(input) {
  return input.value.trim() === "" || input.classList.contains("offered");
}

/* Zero-sum: once all but one player have points, the last one is offered the rest. The cell
 * being typed in (``typing``) is never filled, so emptying it to type a new value works. In a
 * correction every cell holds a value: once the user has changed one, the one cell left that
 * they have not typed in (data-typed) takes the rest; with more left, tapping one does
 * (offerHere). The same rule serves a new hand and a corrected one. */
export function offerLast(pad, typing) {
  const inputs = pad.seats.map((seat) => field(seat, "points"));
  const others = inputs.filter((input) => input !== typing);
  let open = others.filter(isOpen);
  if (!open.length && typing && typing.value.trim() !== "" && sumOf(inputs) !== 0) {
    open = others.filter((input) => !input.hasAttribute("data-typed"));
  }
  if (open.length === 1) {
    open[0].value = String(-sumOf(inputs.filter((input) => input !== open[0])));
    open[0].classList.add("offered");
  }
  const values = pad.seats.map(pointsOf);
  const total = values.reduce((sum, value) => sum + (value || 0), 0);
  pad.ui.sum.textContent = fill(pad.labels.sum, { sum: signed(total) });
  pad.ui.sum.classList.toggle("off", values.indexOf(null) === -1 && total !== 0);
}

// A tap into a points cell: its value is selected, so the digits typed replace it; a cell
// the user has not typed in takes what the hand is off by, when every other cell has points.
export function offerHere(pad, input) {
  const inputs = pad.seats.map((seat) => field(seat, "points"));
  const others = inputs.filter((other) => other !== input);
  const total = sumOf(inputs);
  if (!input.hasAttribute("data-typed") && total !== 0 && !others.some((other) => other.value.trim() === "")) {
    input.value = String(-sumOf(others));
    input.classList.add("offered");
    offerLast(pad, input);
  }
  input.select();
}

export function entryOf(pad) {
  return mode(pad.form);
}

// Where the next hand starts: the first player's points, or his front row.
export function firstField(pad) {
  return field(pad.seats[0], mode(pad.form) === "boards" ? "front" : "points");
}

export function syncMode(pad) {
  pad.form.classList.toggle("mode-boards", mode(pad.form) === "boards");
  pad.form.classList.toggle("mode-points", mode(pad.form) !== "boards");
}
