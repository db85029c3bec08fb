/* The score pad: enter a table's hands on a phone, through a bad connection.
 *
 * The state (players, saved hands, who deals each hand, Fantasyland) comes from the
 * json_script "pad-state" and from every answer of the server; the texts from "pad-labels",
 * translated. No inline script or style (Content Security Policy).
 *
 * The parts, each a module: pad/queue.js keeps the hands on the phone until the server has
 * them, pad/form.js reads and refills the hand form, pad/view.js draws the state, and
 * pad/actions.js is what the buttons do. pad/store.js keeps the table's last state and its
 * conflicts on the phone; pad/conflict.js shows a conflict and applies the table's choice. The card picker is calculator.js, which the
 * calculator page has too. This module reads the page and wires it up.
 */
import { cancelCorrection, correct, focusNext, redraw, save, scoreBoards, send, undo } from "./pad/actions.js";
import { decide } from "./pad/conflict.js";
import { firstField, offerHere, offerLast, syncMode } from "./pad/form.js";
import { freshest } from "./pad/store.js";
import { clearInvalid } from "./pad/view.js";

const SEND_EVERY = 4000;

function read(id) {
  return JSON.parse(document.getElementById(id).textContent);
}

function parts() {
  const el = (id) => document.getElementById(id);
  return {
    status: el("pad-status"), queue: el("pad-queue"), message: el("pad-message"), closed: el("pad-closed"),
    sum: el("pad-sum"), preview: el("pad-preview"), score: el("pad-score"), cancel: el("pad-cancel"),
    hands: el("pad-hands"), undo: el("pad-undo"), conflict: el("pad-conflict")
  };
}

function create(form) {
  const page = read("pad-state");
  const key = [page.evening, page.round, page.table].join("/");
  const token = form.querySelector('input[name="csrfmiddlewaretoken"]');
  return {
    // The page's state, or the newer one the phone kept (the page may be the service
    // worker's older copy, shown without a connection).
    state: freshest(key, page),
    urls: read("pad-urls"),
    labels: read("pad-labels"),
    // The card picker's texts: the cards' spoken names.
    cardLabels: read("calculator-data").labels || {},
    // This table's hands in the phone's queue (and its kept state and conflicts).
    key: key,
    token: token ? token.value : "",
    form: form,
    seats: Array.from(form.querySelectorAll("fieldset[data-seat]")),
    ui: parts(),
    // The number of the saved hand in the form for a correction, else null.
    correcting: null,
    // The points the server scored the boards in the form at, until a row changes.
    previewed: null,
    // A refusal in this flush of the queue, whose message stays.
    refused: false
  };
}

/* Return in a points cell goes on to the next player's cell (typed values never pile up in
 * one); in the last cell it saves the hand, as Return in a form does. */
function nextCell(pad, event) {
  if (event.key !== "Enter" || event.target.getAttribute("data-field") !== "points") {
    return;
  }
  const cells = pad.seats.map((seat) => seat.querySelector('[data-field="points"]'));
  const next = cells[cells.indexOf(event.target) + 1];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

function wire(pad) {
  pad.form.addEventListener("submit", (event) => {
    event.preventDefault();
    save(pad);
  });
  pad.form.addEventListener("change", (event) => {
    if (event.target.name === "entry") {
      syncMode(pad);
    }
  });
  pad.form.addEventListener("input", (event) => {
    const name = event.target.getAttribute("data-field") || "";
    if (event.target === pad.invalid) {
      clearInvalid(pad);
    }
    if (name === "points") {
      event.target.classList.remove("offered");
      event.target.setAttribute("data-typed", "");
      offerLast(pad, event.target);
    }
    if (/front|middle|back/.test(name)) {
      pad.previewed = null;
      // A changed row makes the result shown a stale one.
      pad.ui.preview.hidden = true;
    }
  });
  pad.form.addEventListener("keydown", (event) => nextCell(pad, event));
  pad.form.addEventListener("focusin", (event) => {
    if (event.target.getAttribute("data-field") === "points") {
      offerHere(pad, event.target);
    }
  });
  // A tap keeps the selection made on focus (the digits typed replace the value).
  pad.form.addEventListener("mouseup", (event) => {
    if (event.target.getAttribute("data-field") === "points") {
      event.preventDefault();
    }
  });
  pad.ui.hands.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-hand]");
    if (button) {
      const seat = button.getAttribute("data-seat");
      correct(pad, parseInt(button.getAttribute("data-hand"), 10), seat ? parseInt(seat, 10) : null);
    }
  });
  // A value focused in the hands' table, which scrolls sideways with large text, is scrolled
  // into sight (the browser leaves a half-hidden cell where it is).
  pad.ui.hands.addEventListener("focusin", (event) => {
    event.target.scrollIntoView({ block: "nearest", inline: "nearest" });
  });
  pad.ui.score.addEventListener("click", () => scoreBoards(pad));
  // The last card tapped or typed: the boards are scored at once (the picker says so).
  pad.form.addEventListener("cards:complete", () => scoreBoards(pad));
  pad.ui.undo.addEventListener("click", () => undo(pad));
  pad.ui.cancel.addEventListener("click", () => cancelCorrection(pad));
  pad.ui.conflict.querySelector("form").addEventListener("submit", (event) => {
    event.preventDefault();
    decide(pad, () => {
      redraw(pad);
      // The choice is made and its box gone: focus goes on to the next hand.
      if (pad.ui.conflict.hidden) {
        focusNext(pad);
      }
      send(pad);
    });
  });
  window.addEventListener("online", () => send(pad));
  window.setInterval(() => send(pad), SEND_EVERY);
}

const form = document.getElementById("calc-form");
if (form && document.getElementById("pad-state")) {
  const pad = create(form);
  wire(pad);
  syncMode(pad);
  offerLast(pad);
  redraw(pad);
  // The pad opens in the first field of the hand to enter (not while a conflict waits).
  if (!pad.form.hidden && pad.ui.conflict.hidden) {
    firstField(pad).focus();
  }
  send(pad);
}
