/* What the score pad's buttons do, and what it makes of the server's answers.
 *
 * A new hand goes into the queue and is sent from there (queue.js); a correction and an undo
 * go straight to the server, they need a connection. Every answer carries the table's state,
 * which replaces the pad's. */
import { announce } from "../announce.js";
import { showRows } from "../cards/result.js";
import { fill } from "../text.js";
import { refusedField } from "./fault.js";
import { boardsOf, clear, field, firstField, handFromForm, load, takeScores } from "./form.js";
import { post } from "./http.js";
import { drawConflict } from "./conflict.js";
import { enqueue, flush, forget, lastId, pending } from "./queue.js";
import { addConflict, keepState } from "./store.js";
import { drawPreview, message, render, withFantasyland } from "./view.js";

// The pad from its state and the hands still waiting; a waiting hand the state lists as
// saved (its answer was lost on the way) leaves the queue first. The state is kept on the
// phone for a reload without a connection.
export function redraw(pad) {
  keepState(pad.key, pad.state);
  forget(pad.key, pad.state.hands);
  render(pad, pending(pad.key));
  drawConflict(pad);
}

function refusal(pad, answer) {
  return answer.data.error ? answer.data.error.message : pad.labels.not_sent;
}

// Focus where the next hand starts: its first field, or the round's end when the form is gone.
export function focusNext(pad) {
  (pad.form.hidden ? pad.ui.closed : firstField(pad)).focus();
}

// What happened, then what comes next: "Hand 2 saved. Hand 3 of 5 · Bert deals ...".
function sayNext(pad, said) {
  announce((pad.form.hidden ? said : said + " " + pad.ui.status.textContent).trim());
}

// One queued hand decided by the server. A refusal stays readable: later hands of the same
// flush do not replace its message.
function answered(pad, item, answer) {
  const here = item.key === pad.key;
  if (here && answer.data.state) {
    pad.state = answer.data.state;
  }
  pad.refused = pad.refused || answer.status >= 400;
  if (answer.status === 409) {
    // Nothing is lost: the hand waits for the table's choice, which conflict.js shows with
    // the server's message.
    message(pad, "");
  } else if (answer.status >= 400) {
    // The refused hand goes back into the form, to be corrected and saved again; focus goes
    // to the field the refusal is about.
    if (here) {
      load(pad, item.body);
    }
    message(pad, refusal(pad, answer), "error", here ? refusedField(pad, item.body.entry) : null);
  } else if (here && !pad.refused) {
    message(pad, fill(pad.labels.saved, { number: item.body.number }), "success");
    return true;
  }
  return false;
}

// Send what waits on the phone (now, when the connection comes back, every few seconds).
export function send(pad) {
  flush(pad.token, {
    done: () => redraw(pad),
    held: (answer) => {
      if (answer) {
        message(pad, refusal(pad, answer));
      }
      redraw(pad);
      // A hand saved just now that waits on the phone (no connection): said once.
      if (pad.justSaved && !answer) {
        announce(pad.ui.queue.textContent);
      }
      pad.justSaved = false;
    },
    answered: (item, answer) => {
      const saved = answered(pad, item, answer);
      redraw(pad);
      if (saved) {
        sayNext(pad, pad.ui.message.textContent);
      }
      pad.justSaved = false;
    }
  });
}

// A correction or an undo: done() after the server said yes. A correction names the hand as
// this phone showed it (replaces): when another phone changed it meanwhile, the server
// answers 409 with the stored hand, and the table chooses in the conflict box (conflict.js).
function change(pad, url, body, done) {
  post(url, body, pad.token).then((answer) => {
    if (answer.data.state) {
      pad.state = answer.data.state;
    }
    if (answer.status === 200) {
      done();
      redraw(pad);
    } else if (answer.status === 409 && answer.data.saved) {
      addConflict({ key: pad.key, url: url, body: body }, answer);
      pad.correcting = null;
      clear(pad);
      message(pad, "");
      redraw(pad);
    } else {
      redraw(pad);
      message(pad, refusal(pad, answer), "error", body.entry ? refusedField(pad, body.entry) : null);
    }
  }, () => {
    message(pad, pad.labels.offline_correction);
  });
}

export function save(pad) {
  const { hand, problem, at } = handFromForm(pad);
  if (problem) {
    message(pad, problem, "error", at);
    return;
  }
  const number = pad.correcting;
  if (number) {
    hand.number = number;
    if (pad.correctingFrom) {
      // The hand as this phone showed it; its id names the conflict should there be one.
      hand.id = pad.correctingFrom.id;
      hand.replaces = pad.correctingFrom;
    }
    change(pad, pad.urls.hand.replace(/\/0\/$/, "/" + number + "/"), hand, () => {
      pad.correcting = null;
      clear(pad);
      redraw(pad);
      const said = fill(pad.labels.corrected, { number: number });
      message(pad, said, "success");
      focusNext(pad);
      sayNext(pad, said);
    });
    return;
  }
  hand.number = pad.state.hands.length + pending(pad.key).length + 1;
  hand.after = lastId(pad.key, pad.state);
  enqueue({ key: pad.key, url: pad.urls.hands, body: hand });
  pad.refused = false;
  pad.justSaved = true;
  message(pad, "");
  clear(pad);
  redraw(pad);
  if (hand.entry === "boards") {
    // Back to the top of the pad: the next hand, its dealer, the saved message, a fresh deck.
    pad.ui.status.scrollIntoView({ block: "start" });
  }
  // Focus at once where the next hand starts (the answer may take a while, or never come).
  focusNext(pad);
  send(pad);
}

// The names of the rows as the form labels them ("Front"), for the preview.
function rowNames(pad) {
  const names = {};
  ["front", "middle", "back"].forEach((row) => {
    const label = pad.form.querySelector('label[for="' + row + '-1"]');
    names[row] = label ? label.textContent.trim() : row;
  });
  return names;
}

/* Score the boards (a preview: nothing is saved) and show the result where the eye is: the
 * rows in coloured cards, royalties, fouls and Fantasyland, with "Save hand" below. */
export function scoreBoards(pad) {
  const boards = withFantasyland(pad, boardsOf(pad));
  post(pad.urls.score, { rules: pad.state.rules, players: boards }, pad.token).then((answer) => {
    if (answer.status !== 200) {
      pad.ui.preview.hidden = true;
      message(pad, refusal(pad, answer), "error", refusedField(pad, "boards"));
      return;
    }
    message(pad, "");
    pad.previewed = answer.data.players.map((player) => player.points);
    drawPreview(pad, answer.data.players);
    showRows(pad.ui.preview, boards, answer.data.players, rowNames(pad), pad.cardLabels);
    takeScores(pad, answer.data.players);
    pad.ui.preview.scrollIntoView({ block: "start" });
  }, () => {
    message(pad, pad.labels.offline_preview, "warning");
  });
}

export function undo(pad) {
  const last = pad.state.hands[pad.state.hands.length - 1];
  if (!last || !window.confirm(fill(pad.labels.undo_confirm, { number: last.number }))) {
    return;
  }
  change(pad, pad.urls.undo.replace(/\/0\/undo\/$/, "/" + last.number + "/undo/"), {}, () => {
    redraw(pad);
    // The undone hand is the one to enter next: focus goes to its first field.
    const said = fill(pad.labels.undone, { number: last.number });
    message(pad, said, "success");
    focusNext(pad);
    sayNext(pad, said);
  });
}

// Load a saved hand into the form to correct it; with a seat (a tapped value), that
// player's points are focused and selected, ready for the digits that replace them.
export function correct(pad, number, seat) {
  const hand = pad.state.hands.find((saved) => saved.number === number);
  if (!hand) {
    return;
  }
  pad.correcting = number;
  pad.correctingFrom = hand;
  message(pad, "");
  load(pad, hand);
  redraw(pad);
  const position = pad.seats.findIndex((fieldset) => parseInt(fieldset.getAttribute("data-seat"), 10) === seat);
  // The tapped button is drawn anew: focus goes into the form, said as a correction.
  if (position >= 0 && hand.entry === "points") {
    field(pad.seats[position], "points").focus();
  } else {
    firstField(pad).focus();
  }
  announce(pad.ui.status.textContent);
}

export function cancelCorrection(pad) {
  pad.correcting = null;
  clear(pad);
  redraw(pad);
  focusNext(pad);
  sayNext(pad, "");
}
