/* A conflict (409) on the score pad: this phone's hand and the stored one side by side, named
 * by hand and players, and the table's choice in radios: keep the stored hand (this phone's is
 * dropped), replace it with this phone's (a correction that names the stored version it
 * replaces, refused if that changed meanwhile), or, when another phone took the number, save
 * this phone's as the next hand (both were played). Until then the table's queue waits. */
import { fill, signed } from "../text.js";
import { post } from "./http.js";
import { relink, renumber, requeue } from "./queue.js";
import { conflicts, settleConflict } from "./store.js";
import { describe, message } from "./view.js";

function players(pad, hand) {
  return hand.results.map((result) => {
    const points = result.points === null || result.points === undefined ? "?" : signed(result.points);
    return pad.state.players[result.seat - 1].name + " " + points;
  }).join(", ");
}

function options(pad, open) {
  const L = pad.labels;
  const number = open.saved.number;
  const choices = [
    ["keep", fill(L.choose_keep, { number: number, players: players(pad, open.saved) })],
    ["replace", fill(L.choose_replace, { number: number, players: players(pad, open.body) })]
  ];
  if (open.code === "hand_taken") {
    choices.push(["next", fill(L.choose_next, { players: players(pad, open.body) })]);
  }
  return choices;
}

// The table's first open conflict, or the box hidden. The radios are drawn again only when
// the conflict changed, so a choice made stays while the pad redraws.
export function drawConflict(pad) {
  const box = pad.ui.conflict;
  const open = conflicts(pad.key)[0];
  box.hidden = !open;
  if (!open) {
    return;
  }
  const L = pad.labels;
  box.querySelector("[data-conflict-text]").textContent = open.message;
  box.querySelector("[data-conflict-mine]").textContent = fill(L.conflict_mine, { hand: describe(pad, open.body) });
  box.querySelector("[data-conflict-stored]").textContent = fill(L.conflict_stored, { hand: describe(pad, open.saved) });
  box.querySelector("legend").textContent = fill(L.choose_legend, { number: open.saved.number });
  const list = box.querySelector("[data-conflict-choices]");
  const signature = open.body.id + JSON.stringify(open.saved);
  if (list.getAttribute("data-for") === signature) {
    return;
  }
  list.setAttribute("data-for", signature);
  list.textContent = "";
  options(pad, open).forEach(([value, text]) => {
    const label = document.createElement("label");
    label.className = "field-check";
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "conflict-choice";
    input.value = value;
    label.appendChild(input);
    label.appendChild(document.createTextNode(" " + text));
    list.appendChild(label);
  });
}

// This phone's hand is the stored one after all: the hands after it follow the stored one.
function drop(pad, open) {
  settleConflict(open.body.id);
  relink(pad.key, open.body.id, open.saved.id);
  renumber(pad.key, pad.state.hands.length + 1);
}

function replace(pad, open, done) {
  const url = pad.urls.hand.replace(/\/0\/$/, "/" + open.saved.number + "/");
  const body = Object.assign({}, open.body, { number: open.saved.number, replaces: open.saved });
  post(url, body, pad.token).then((answer) => {
    if (answer.data.state) {
      pad.state = answer.data.state;
    }
    if (answer.status === 200) {
      drop(pad, open);
      message(pad, fill(pad.labels.replaced, { number: open.saved.number }), "success");
    } else if (answer.status === 409 && answer.data.saved) {
      settleConflict(open.body.id, answer.data.saved);
      message(pad, answer.data.error.message, "warning");
    } else {
      message(pad, answer.data.error ? answer.data.error.message : pad.labels.not_sent);
    }
    done();
  }, () => {
    message(pad, pad.labels.offline_correction);
  });
}

// Both hands were played: this phone's is sent again, after the stored one.
function next(pad, open) {
  settleConflict(open.body.id);
  relink(pad.key, open.saved.id, open.body.id);
  requeue({ key: open.key, url: open.url, body: Object.assign({}, open.body, { after: open.saved.id }) });
  renumber(pad.key, pad.state.hands.length + 1);
  message(pad, pad.labels.requeued, "success");
}

// The table's choice from the radios; done() redraws the pad and sends what waits.
export function decide(pad, done) {
  const open = conflicts(pad.key)[0];
  const picked = pad.ui.conflict.querySelector('input[name="conflict-choice"]:checked');
  if (!open) {
    done();
    return;
  }
  if (!picked) {
    message(pad, pad.labels.choose_first, "error", pad.ui.conflict.querySelector('input[name="conflict-choice"]'));
    return;
  }
  if (picked.value === "replace") {
    replace(pad, open, done);
    return;
  }
  if (picked.value === "next") {
    next(pad, open);
  } else {
    drop(pad, open);
    message(pad, fill(pad.labels.kept, { number: open.saved.number }), "success");
  }
  done();
}
