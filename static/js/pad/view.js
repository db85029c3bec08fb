/* What the score pad shows: the status line (hand, dealer, first to act, Fantasyland), the
 * seats' badges, the hands so far with those waiting on the phone, the boards' preview and
 * the messages. Who deals which hand comes from the server (state.deals, one a hand); the
 * hands waiting on the phone count as played. */
import { announce } from "../announce.js";
import { fill, signed } from "../text.js";
import { afterWaiting, allowedTicks } from "./fantasyland.js";

// The field the last refusal marked is unmarked (a new message, or it was typed in).
export function clearInvalid(pad) {
  if (pad.invalid) {
    pad.invalid.removeAttribute("aria-invalid");
    pad.invalid.removeAttribute("aria-describedby");
    pad.invalid = null;
  }
}

/* The pad's message, shown and said once in the page's live region. With ``at`` (a refusal)
 * that field takes focus, marked invalid and described by the message; the mark of the last
 * refusal goes with the next message. */
export function message(pad, text, kind, at) {
  const box = pad.ui.message;
  box.textContent = text || "";
  box.className = "message " + (kind || "error");
  box.hidden = !text;
  clearInvalid(pad);
  if (at && text) {
    at.removeAttribute("data-picker-invalid");
    at.setAttribute("aria-invalid", "true");
    at.setAttribute("aria-describedby", box.id);
    pad.invalid = at;
    // Focus first: a row focused says where cards go, and the message is said after it.
    at.focus();
  }
  if (text) {
    announce(text);
  }
}

function nameOf(pad, seat) {
  return pad.state.players[seat - 1].name;
}

// A hand in a line of a message: "Hand 3: Anna +5, Bert -5".
export function describe(pad, hand) {
  if (!hand) {
    return "";
  }
  return fill(pad.labels.hand_short, { number: hand.number }) + ": " + hand.results.map((result) => {
    const points = result.points === null || result.points === undefined ? "?" : signed(result.points);
    return nameOf(pad, result.seat) + " " + points;
  }).join(", ");
}

// Fantasyland in the hand being entered, by seat (the rule set's entry and stay, the hands
// waiting on the phone included); while correcting, as the corrected hand was dealt.
export function fantasylandNow(pad, waiting) {
  if (pad.correcting) {
    const hand = pad.state.hands.find((saved) => saved.number === pad.correcting);
    const dealt = {};
    (hand ? hand.results : []).forEach((result) => {
      if (result.fantasyland) {
        dealt[result.seat] = result.fantasyland;
      }
    });
    return dealt;
  }
  return afterWaiting(pad, waiting);
}

// The boards for the server's score, each with the Fantasyland it is played in.
export function withFantasyland(pad, boards) {
  const dealt = fantasylandNow(pad, pendingOf(pad));
  return boards.map((board, index) => Object.assign({}, board, { fantasyland: dealt[index + 1] || null }));
}

function pendingOf(pad) {
  return pad.waiting || [];
}

// A points hand ticks only what the rule set allows: in Fantasyland, only the stay.
function limitTicks(pad, fantasyland) {
  if (!pad.state.fantasyland_rules) {
    return; // A state from before the rule data (a page kept on the phone): the server checks.
  }
  pad.seats.forEach((seat) => {
    const select = seat.querySelector('[data-field="fantasyland_next"]');
    if (!select) {
      return;
    }
    const position = parseInt(seat.getAttribute("data-seat"), 10);
    const allowed = allowedTicks(pad.state.fantasyland_rules, Boolean(fantasyland[position]));
    Array.from(select.options).forEach((option) => {
      option.disabled = option.value !== "" && allowed.indexOf(parseInt(option.value, 10)) < 0;
    });
    if (select.selectedOptions.length && select.selectedOptions[0].disabled) {
      select.value = "";
    }
  });
}

function statusLine(pad, number, deal, fantasyland) {
  const L = pad.labels;
  if (pad.correcting) {
    return fill(L.correcting, { number: pad.correcting });
  }
  if (!deal) {
    return L.closed;
  }
  const parts = [
    fill(L.hand_of, { number: number, hands: pad.state.hands_per_round }),
    fill(L.deals, { name: nameOf(pad, deal.dealer) }),
    fill(L.first, { name: nameOf(pad, deal.first) })
  ];
  Object.keys(fantasyland).forEach((seat) => {
    parts.push(fill(L.fantasyland, { name: nameOf(pad, parseInt(seat, 10)), cards: fantasyland[seat] }));
  });
  return parts.join(" · ");
}

function drawBadges(pad, deal, fantasyland) {
  pad.seats.forEach((seat) => {
    const position = parseInt(seat.getAttribute("data-seat"), 10);
    const badges = [];
    if (deal && !pad.correcting) {
      if (deal.dealer === position) {
        badges.push(pad.labels.button);
      }
      if (fantasyland[position]) {
        badges.push(fill(pad.labels.fl_badge, { cards: fantasyland[position] }));
      }
    }
    seat.querySelector("[data-badges]").textContent = badges.join(" ");
  });
}

// The whole pad from its state and the hands waiting on the phone.
export function render(pad, waiting) {
  const L = pad.labels;
  const ui = pad.ui;
  const saved = pad.state.hands;
  const number = saved.length + waiting.length + 1;
  const closed = number > pad.state.hands_per_round;
  const deal = closed ? null : pad.state.deals[number - 1];
  pad.waiting = waiting;
  const fantasyland = fantasylandNow(pad, waiting);
  ui.queue.hidden = !waiting.length;
  ui.queue.textContent = fill(waiting.length === 1 ? L.waiting_one : L.waiting, { count: waiting.length });
  ui.status.textContent = statusLine(pad, number, deal, fantasyland);
  drawBadges(pad, deal, fantasyland);
  limitTicks(pad, fantasyland);
  pad.form.hidden = closed && !pad.correcting;
  ui.closed.hidden = !closed || Boolean(pad.correcting);
  // Complete only once nothing waits: until then the points are not the evening's yet.
  ui.closed.querySelector("[data-closed-sent]").hidden = waiting.length > 0;
  ui.closed.querySelector("[data-closed-waiting]").hidden = !waiting.length;
  ui.closed.querySelector("[data-closed-next]").hidden = waiting.length > 0;
  ui.cancel.hidden = !pad.correcting;
  ui.undo.hidden = !saved.length || waiting.length > 0 || Boolean(pad.correcting);
  if (saved.length) {
    ui.undo.textContent = fill(L.undo, { number: saved[saved.length - 1].number });
  }
  drawHands(pad, waiting);
}

function cell(row, text, className) {
  const td = document.createElement("td");
  td.textContent = text;
  td.className = className;
  row.appendChild(td);
}

// A hand's row; a saved hand's number is the button (data-hand) that loads it for a correction.
function handRow(pad, hand, isWaiting) {
  const row = document.createElement("tr");
  const th = document.createElement("th");
  th.scope = "row";
  if (isWaiting) {
    th.textContent = hand.number + " ⏳";
    th.title = pad.labels.waiting_mark;
    row.className = "waiting";
  } else {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "link-button";
    button.textContent = hand.number + " ✎";
    button.setAttribute("data-hand", hand.number);
    button.setAttribute("aria-label", fill(pad.labels.correct_hand, { number: hand.number }));
    th.appendChild(button);
  }
  row.appendChild(th);
  hand.results.forEach((result) => {
    let text = result.points === null ? "?" : signed(result.points);
    if (result.fouled) {
      text += " ✗";
    }
    if (result.fantasyland) {
      text += " FL";
    }
    if (isWaiting) {
      cell(row, text, "num");
      return;
    }
    // A saved value is a button too: one tap opens the correction with it selected.
    const td = document.createElement("td");
    td.className = "num";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "link-button";
    button.textContent = text;
    button.setAttribute("data-hand", hand.number);
    button.setAttribute("data-seat", result.seat);
    button.setAttribute("aria-label", fill(pad.labels.correct_value, {
      number: hand.number, name: nameOf(pad, result.seat), points: text
    }));
    td.appendChild(button);
    row.appendChild(td);
  });
  return row;
}

function drawHands(pad, waiting) {
  const body = pad.ui.hands.querySelector("tbody");
  body.textContent = "";
  const hands = pad.state.hands.map((hand) => [hand, false]).concat(waiting.map((item) => [item.body, true]));
  const totals = pad.state.players.map(() => 0);
  hands.forEach(([hand, isWaiting]) => {
    body.appendChild(handRow(pad, hand, isWaiting));
    hand.results.forEach((result) => {
      totals[result.seat - 1] += result.points || 0;
    });
  });
  pad.ui.hands.querySelectorAll("tfoot [data-total]").forEach((td, index) => {
    td.textContent = signed(totals[index]);
  });
}

/* The server's score of the boards: a list, an item a player (his line, then his rows, which
 * cards/result.js adds). Not live: only a short summary is said ("Boards scored: Anna +6,
 * Bert -3 fouled"); the list is there to read item by item. */
export function drawPreview(pad, players) {
  const box = pad.ui.preview;
  box.textContent = "";
  const list = document.createElement("ul");
  const summary = players.map((player) => {
    const points = player.name + " " + signed(player.points);
    return player.fouled ? points + " " + pad.labels.fouled : points;
  });
  const dealt = fantasylandNow(pad, pendingOf(pad));
  players.forEach((player, index) => {
    const item = document.createElement("li");
    const parts = [player.name + " " + signed(player.points)];
    if (player.fouled) {
      parts.push(pad.labels.fouled);
    } else {
      parts.push(fill(pad.labels.royalties, {
        front: player.royalties.front, middle: player.royalties.middle, back: player.royalties.back
      }));
    }
    // What the next hand deals by the rule set: a player in Fantasyland stays or leaves.
    const next = player.fantasyland_next === undefined ? player.fantasyland : player.fantasyland_next;
    if (next) {
      parts.push(fill(pad.labels.fl_badge, { cards: next }));
    } else if (dealt[index + 1]) {
      parts.push(pad.labels.fl_leaves);
    }
    const line = document.createElement("p");
    line.className = "preview-player";
    line.textContent = parts.join(" · ");
    item.appendChild(line);
    list.appendChild(item);
  });
  box.appendChild(list);
  box.hidden = false;
  announce(fill(pad.labels.scored, { players: summary.join(", ") }));
}
