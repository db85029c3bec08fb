/* What the score pad shows: the status line (hand, dealer, first to act, Fantasyland), the
 * seats' badges, the hands so far with those waiting on the phone, the boards' preview and
 * the messages. Who deals which hand comes from the server (state.deals, one a hand); the
 * hands waiting on the phone count as played. */
import { fill, signed } from "../text.js";

export function message(pad, text, kind) {
  const box = pad.ui.message;
  box.textContent = text || "";
  box.className = "message " + (kind || "error");
  box.hidden = !text;
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

// Fantasyland in the next hand, by seat: as the last waiting hand earned it, else the server's.
function fantasylandNext(pad, waiting) {
  if (!waiting.length) {
    return pad.state.next.fantasyland || {};
  }
  const fantasyland = {};
  waiting[waiting.length - 1].body.results.forEach((result) => {
    if (result.fantasyland_next) {
      fantasyland[result.seat] = result.fantasyland_next;
    }
  });
  return fantasyland;
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
  const fantasyland = fantasylandNext(pad, waiting);
  ui.queue.hidden = !waiting.length;
  ui.queue.textContent = fill(waiting.length === 1 ? L.waiting_one : L.waiting, { count: waiting.length });
  ui.status.textContent = statusLine(pad, number, deal, fantasyland);
  drawBadges(pad, deal, fantasyland);
  pad.form.hidden = closed && !pad.correcting;
  ui.closed.hidden = !closed || Boolean(pad.correcting);
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

// The server's score of the boards, a line a player.
export function drawPreview(pad, players) {
  const box = pad.ui.preview;
  box.textContent = "";
  const list = document.createElement("ul");
  players.forEach((player) => {
    const item = document.createElement("li");
    const parts = [player.name + " " + signed(player.points)];
    if (player.fouled) {
      parts.push(pad.labels.fouled);
    } else {
      parts.push(fill(pad.labels.royalties, {
        front: player.royalties.front, middle: player.royalties.middle, back: player.royalties.back
      }));
    }
    if (player.fantasyland) {
      parts.push(fill(pad.labels.fl_badge, { cards: player.fantasyland }));
    }
    item.textContent = parts.join(" · ");
    list.appendChild(item);
  });
  box.appendChild(list);
  box.hidden = false;
}
