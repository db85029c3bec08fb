/* What the score pad's buttons do, and what it makes of the server's answers.
 *
 * A new hand goes into the queue and is sent from there (queue.js); a correction and an undo
 * go straight to the server, they need a connection. Every answer carries the table's state,
 * which replaces the pad's. */
import { showRows } from "../cards/result.js";
import { fill } from "../text.js";
import { boardsOf, clear, field, handFromForm, load, takeScores } from "./form.js";
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
    // The refused hand goes back into the form, to be corrected and saved again.
    message(pad, refusal(pad, answer));
    if (here) {
      load(pad, item.body);
    }
  } else if (here && !pad.refused) {
    message(pad, fill(pad.labels.saved, { number: item.body.number }), "success");
  }
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
    },
    answered: (item, answer) => {
      answered(pad, item, answer);
      redraw(pad);
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
    } else if (answer.status === 409 && answer.data.saved) {
      addConflict({ key: pad.key, url: url, body: body }, answer);
      pad.correcting = null;
      clear(pad);
      message(pad, "");
    } else {
      message(pad, refusal(pad, answer));
    }
    redraw(pad);
  }, () => {
    message(pad, pad.labels.offline_correction);
  });
}

export function save(pad) {
  const { hand, problem } = handFromForm(pad);
  if (problem) {
    message(pad, problem);
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
      message(pad, fill(pad.labels.corrected, { number: number }), "success");
      pad.correcting = null;
      clear(pad);
    });
    return;
  }
  hand.number = pad.state.hands.length + pending(pad.key).length + 1;
  hand.after = lastId(pad.key, pad.state);
  enqueue({ key: pad.key, url: pad.urls.hands, body: hand });
  pad.refused = false;
  message(pad, "");
  clear(pad);
  redraw(pad);
  send(pad);
  if (hand.entry === "boards") {
    // Back to the top of the pad: the next hand, its dealer, the saved message, a fresh deck.
    pad.ui.status.scrollIntoView({ block: "start" });
  }
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
      message(pad, refusal(pad, answer));
      pad.ui.preview.hidden = true;
      pad.ui.message.scrollIntoView({ block: "nearest" });
      return;
    }
    message(pad, "");
    pad.previewed = answer.data.players.map((player) => player.points);
    drawPreview(pad, answer.data.players);
    showRows(pad.ui.preview, boards, answer.data.players, rowNames(pad));
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
    message(pad, fill(pad.labels.undone, { number: last.number }), "success");
    // Focus on what happened ("Hand 4 undone"), not on the button that undoes the next hand.
    pad.ui.message.tabIndex = -1;
    pad.ui.message.focus();
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
  if (position >= 0 && hand.entry === "points") {
    field(pad.seats[position], "points").focus();
  } else {
    pad.form.scrollIntoView();
  }
}

export function cancelCorrection(pad) {
  pad.correcting = null;
  clear(pad);
  redraw(pad);
}
