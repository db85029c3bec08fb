// Points grid, a round at a time: sums, totals and places update as the user types; "next"
// (Return) goes to the next player of the round, then to the next round; Return at the end
// of a complete round that adds up saves it. The last empty cell of a round offers the value
// that makes the round zero. The form works without this script; the server checks it all.
// Places follow the league's rule (places.js, checked against Python's cases).
import { places } from "./places.js";
import { fill, signed, wholeNumber } from "./text.js";

const form = document.getElementById("points-form");
const grid = document.getElementById("points-grid");
const dataNode = document.getElementById("points-data");
const labels = dataNode ? JSON.parse(dataNode.textContent) : {};
// In DOM order: round 1's players, then round 2's, and so on.
const inputs = grid ? Array.from(grid.querySelectorAll("input.points-input")) : [];
const rounds = [];
const byRound = {};
inputs.forEach(function (input) {
  const round = input.getAttribute("data-round");
  if (!byRound[round]) {
    byRound[round] = [];
    rounds.push(round);
  }
  byRound[round].push(input);
});
const seats = rounds.length ? byRound[rounds[0]].map((input) => input.getAttribute("data-seat")) : [];
const tieBox = document.getElementById("tie-breaks");
const main = document.getElementById("main-action");
const finishPrizes = document.getElementById("finish-prizes");
const BAD = "bad";
// The page's one live region: what was saved, refused or does not add up is said there too.
const status = document.getElementById("points-status");

function say(text) {
  if (status) {
    // Emptied first, so the same sentence twice is said twice.
    status.textContent = "";
    window.setTimeout(function () { status.textContent = text; }, 50);
  }
}

// A whole number, null for an empty cell, BAD for anything else ("5e", "1.5", "-").
function valueOf(input) {
  if (input.validity && input.validity.badInput) {
    return BAD;
  }
  const text = input.value.trim();
  if (text === "") {
    return null;
  }
  const number = wholeNumber(text);
  return number === null ? BAD : number;
}

function isNumber(value) {
  return typeof value === "number";
}

// The round's state: the sum of its numbers, whether every cell is a number, bad cells.
function roundState(round) {
  const values = byRound[round].map(valueOf);
  const numbers = values.filter(isNumber);
  return {
    values: values,
    sum: numbers.reduce(function (a, b) { return a + b; }, 0),
    entered: numbers.length,
    complete: numbers.length === values.length,
    bad: values.indexOf(BAD) !== -1
  };
}

function tieRow(seat) {
  return tieBox && tieBox.querySelector('[data-tie-seat="' + seat + '"]');
}

// The position decided at the table, or null for a shared place.
function tieBreak(seat) {
  const box = tieRow(seat);
  const select = box && box.querySelector("select");
  return select && select.value ? parseInt(select.value, 10) : null;
}

// Ties are only asked about once every round is in, never in the middle of entering.
function showTies(totals, complete) {
  if (!tieBox) {
    return;
  }
  let anyTie = false;
  seats.forEach(function (seat, index) {
    const size = totals.filter((total) => total === totals[index]).length;
    const tied = complete && size > 1;
    const box = tieRow(seat);
    if (!box) {
      return;
    }
    box.hidden = !tied;
    box.querySelector("[data-tie-total]").textContent =
      totals[index] === null ? "" : String(totals[index]);
    box.querySelectorAll("option").forEach(function (option) {
      option.disabled = option.value !== "" && parseInt(option.value, 10) > size;
    });
    anyTie = anyTie || tied;
  });
  tieBox.hidden = !anyTie;
}

// "Whole numbers only" right at the cell, the typed text left as it is.
function markBad(input, bad) {
  const id = input.id + "_js_error";
  let note = document.getElementById(id);
  const cell = input.closest("td");
  cell.classList.toggle("has-error", bad || Boolean(cell.querySelector(".errorlist")));
  if (bad && !note) {
    note = document.createElement("span");
    note.id = id;
    note.className = "cell-error";
    note.textContent = labels.wholeNumber;
    input.insertAdjacentElement("afterend", note);
    describe(input, id, true);
    input.setAttribute("aria-invalid", "true");
  } else if (!bad && note) {
    note.remove();
    describe(input, id, false);
    input.removeAttribute("aria-invalid");
  }
}

// A round that does not add up, said at its last cell (its description) and in the live
// region; the note goes once the round adds up or is no longer complete.
function markRoundOff(input, text) {
  const id = input.id + "_js_round";
  let note = document.getElementById(id);
  if (!note) {
    note = document.createElement("span");
    note.id = id;
    note.className = "cell-error round-off-note";
    input.parentNode.appendChild(note);
  }
  note.textContent = text;
  describe(input, id, true);
}

function clearRoundOff(round, state) {
  if (state.complete && state.sum !== 0) {
    return;
  }
  byRound[round].forEach(function (input) {
    const note = document.getElementById(input.id + "_js_round");
    if (note) {
      note.remove();
      describe(input, note.id, false);
    }
  });
}

// Add or take away one id in a field's aria-describedby.
function describe(input, id, on) {
  const ids = (input.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean)
    .filter((other) => other !== id);
  if (on) {
    ids.push(id);
  }
  if (ids.length) {
    input.setAttribute("aria-describedby", ids.join(" "));
  } else {
    input.removeAttribute("aria-describedby");
  }
}

// The last empty cell of a round gets a button with the value that makes the round zero.
function offer(round, state) {
  byRound[round].forEach(function (input) {
    let existing = input.parentNode.querySelector(".zero-offer");
    const empty = state.values[byRound[round].indexOf(input)] === null;
    const wanted = empty && state.entered === byRound[round].length - 1 && !state.bad;
    if (!wanted) {
      if (existing) {
        existing.remove();
      }
      return;
    }
    const value = signed(-state.sum).replace(/^\+/, "");
    if (!existing) {
      existing = document.createElement("button");
      existing.type = "button";
      existing.className = "zero-offer";
      existing.addEventListener("click", function () {
        input.value = existing.getAttribute("data-value");
        input.focus();
        update();
      });
      input.insertAdjacentElement("afterend", existing);
    }
    existing.setAttribute("data-value", value);
    existing.textContent = "= " + value;
    existing.setAttribute("aria-label", fill(labels.offer, { value: value }));
  });
}

function update() {
  const states = {};
  let allComplete = true;
  rounds.forEach(function (round) {
    const state = roundState(round);
    states[round] = state;
    allComplete = allComplete && state.complete;
    byRound[round].forEach(function (input, index) {
      markBad(input, state.values[index] === BAD);
    });
    const cell = grid.querySelector('[data-sum-round="' + round + '"]');
    cell.textContent = state.entered ? signed(state.sum) : "";
    cell.classList.toggle("ok", state.complete && state.sum === 0);
    cell.classList.toggle("off", state.complete && state.sum !== 0);
    cell.classList.toggle("partial", !state.complete && state.entered > 0);
    offer(round, state);
    clearRoundOff(round, state);
  });
  const totals = seats.map(function (seat, index) {
    let total = null;
    rounds.forEach(function (round) {
      const value = states[round].values[index];
      if (isNumber(value)) {
        total = (total || 0) + value;
      }
    });
    return total;
  });
  seats.forEach(function (seat, index) {
    grid.querySelector('[data-total][data-seat="' + seat + '"]').textContent =
      totals[index] === null ? "" : String(totals[index]);
  });
  showTies(totals, allComplete);
  const ranked = places(totals, seats.map(tieBreak));
  seats.forEach(function (seat, index) {
    grid.querySelector('[data-place][data-seat="' + seat + '"]').textContent =
      ranked[index] === null ? "" : String(ranked[index]);
  });
  // The main button finishes once every round is in, and says so before it is pressed.
  if (main.hasAttribute("data-label-finish")) {
    main.name = allComplete ? "finish" : "save";
    main.textContent = main.getAttribute(allComplete ? "data-label-finish" : "data-label-save");
    if (finishPrizes) {
      finishPrizes.hidden = !allComplete;
    }
  }
  return states;
}

// Whether the grid as typed can be saved: no bad cell, every round begun is complete and
// adds up to zero.
function savable(states) {
  return rounds.every(function (round) {
    const state = states[round];
    return !state.bad && (state.entered === 0 || (state.complete && state.sum === 0));
  });
}

function firstOpenCell() {
  for (let index = 0; index < inputs.length; index += 1) {
    if (!isNumber(valueOf(inputs[index]))) {
      return inputs[index];
    }
  }
  return null;
}

// Return never submits by itself: it moves on, or saves a complete round that adds up.
function onEnter(event) {
  const input = event.target;
  if (event.key !== "Enter" || !input.classList || !input.classList.contains("points-input")) {
    return;
  }
  event.preventDefault();
  const states = update();
  const round = input.getAttribute("data-round");
  const cells = byRound[round];
  const next = inputs[inputs.indexOf(input) + 1];
  const lastOfRound = cells.indexOf(input) === cells.length - 1;
  if (valueOf(input) === BAD) {
    // Not a whole number: focus stays, so its message (the field's description) is heard.
    say(input.getAttribute("aria-label") + ": " + labels.wholeNumber);
  } else if (lastOfRound && states[round].complete && states[round].sum !== 0) {
    const text = fill(labels.roundOff, { round: round, sum: signed(states[round].sum) });
    markRoundOff(input, text);
    say(text);
  } else if (lastOfRound && states[round].complete && savable(states)) {
    form.requestSubmit(main);
  } else if (next) {
    next.focus();
  } else {
    const open = firstOpenCell();
    if (open) {
      open.focus();
    }
  }
}

function start() {
  grid.addEventListener("keydown", onEnter);
  form.addEventListener("submit", function (event) {
    const bad = inputs.filter((input) => valueOf(input) === BAD);
    if (bad.length) {
      event.preventDefault();
      update();
      bad[0].focus();
      say(bad[0].getAttribute("aria-label") + ": " + labels.wholeNumber);
    }
  });
  form.querySelectorAll("[data-keep-for]").forEach(function (box) {
    box.addEventListener("change", function (event) {
      const input = document.getElementById(box.getAttribute("data-keep-for"));
      input.value = box.getAttribute(event.target.value === "saved" ? "data-saved" : "data-mine");
      update();
    });
  });
  grid.addEventListener("input", update);
  if (tieBox) {
    tieBox.addEventListener("change", update);
  }
  update();
  // Back from saving a round: go on with the next round's first empty cell (the error
  // summary, where there is one, takes focus instead).
  if (!document.getElementById("form-errors")) {
    const open = firstOpenCell();
    if (open) {
      open.focus();
    }
  }
  // "Round 1 saved": shown at the top, said in the live region once focus has moved on
  // (a region's text that came with the page is not announced).
  const shown = document.querySelector("main .messages");
  if (shown && shown.textContent.trim()) {
    shown.setAttribute("aria-hidden", "true");
    window.setTimeout(function () { say(shown.textContent.trim().replace(/\s+/g, " ")); }, 400);
  }
}

if (form && inputs.length) {
  start();
}
