/* What the score pad's buttons do, and what it makes of the server's answers.
 *
 * A new hand goes into the queue and is sent from there (queue.js); a correction and an undo
 * go straight to the server, they need a connection. Every answer carries the table's state,
 * which replaces the pad's. */
import { fill } from "../text.js";
import { boardsOf, clear, handFromForm, load, takeScores } from "./form.js";
import { post } from "./http.js";
import { enqueue, flush, pending } from "./queue.js";
import { describe, drawPreview, message, render, withFantasyland } from "./view.js";

export function redraw(pad) {
  render(pad, pending(pad.key));
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
    // Nothing is lost: the refused entry is named too, to enter again if it was another hand.
    message(pad, answer.data.error.message + " " + describe(pad, answer.data.saved) + " · " +
      pad.labels.yours + " " + describe(pad, item.body), "warning");
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

// A correction or an undo: done() after the server said yes.
function change(pad, url, body, done) {
  post(url, body, pad.token).then((answer) => {
    if (answer.data.state) {
      pad.state = answer.data.state;
    }
    if (answer.status === 200) {
      done();
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
    change(pad, pad.urls.hand.replace(/\/0\/$/, "/" + number + "/"), hand, () => {
      message(pad, fill(pad.labels.corrected, { number: number }), "success");
      pad.correcting = null;
      clear(pad);
    });
    return;
  }
  hand.number = pad.state.hands.length + pending(pad.key).length + 1;
  enqueue({ key: pad.key, url: pad.urls.hands, body: hand });
  pad.refused = false;
  message(pad, "");
  clear(pad);
  redraw(pad);
  send(pad);
}

export function scoreBoards(pad) {
  post(pad.urls.score, { rules: pad.state.rules, players: withFantasyland(pad, boardsOf(pad)) }, pad.token).then((answer) => {
    if (answer.status !== 200) {
      message(pad, refusal(pad, answer));
      pad.ui.preview.hidden = true;
      return;
    }
    message(pad, "");
    pad.previewed = answer.data.players.map((player) => player.points);
    drawPreview(pad, answer.data.players);
    takeScores(pad, answer.data.players);
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
  });
}

// Load a saved hand into the form to correct it.
export function correct(pad, number) {
  const hand = pad.state.hands.find((saved) => saved.number === number);
  if (!hand) {
    return;
  }
  pad.correcting = number;
  load(pad, hand);
  redraw(pad);
  pad.form.scrollIntoView();
}

export function cancelCorrection(pad) {
  pad.correcting = null;
  clear(pad);
  redraw(pad);
}
