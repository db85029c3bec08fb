/* The score pad's offline queue: a hand waits in localStorage until the server has it.
 *
 * Every hand gets an id made here (a UUID) before it is queued, and names the hand it follows
 * (``after``: the id of the phone's hand before it, null for a table's first), so the server
 * numbers it after that one, whatever number a stale page gave it. The queue is sent in order,
 * one hand after the other, and stops at the first that cannot get through. The server
 * recognises a resent id, so a hand never counts twice. One queue serves every table of the
 * phone: each item carries its table's key (evening/round/table) and its URL. A table with an
 * open conflict (store.js) sends nothing until the table has chosen. */
import { post } from "./http.js";
import { addConflict, blocked } from "./store.js";

const QUEUE = "ofc-pad-queue";
let sending = false;

function queued() {
  try {
    return JSON.parse(window.localStorage.getItem(QUEUE) || "[]");
  } catch (error) {
    return [];
  }
}

function save(items) {
  window.localStorage.setItem(QUEUE, JSON.stringify(items));
}

// The hands of one table still waiting on the phone, oldest first.
export function pending(key) {
  return queued().filter((item) => item.key === key);
}

function uuid() {
  if (window.crypto && window.crypto.randomUUID) {
    return window.crypto.randomUUID();
  }
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => (b + 256).toString(16).slice(1)).join("");
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
}

// Whether a waiting hand is the saved one as the state lists it (points as points; boards
// only when typed as stored): anything else goes to the server, which decides.
function same(body, saved) {
  const keys = body.entry === "boards" ? ["front", "middle", "back", "surrender"]
    : ["points", "fouled", "surrender", "fantasyland_next"];
  const seat = (result) => keys.map((name) => result[name] || null).join("|");
  return body.entry === saved.entry && body.results.length === saved.results.length &&
    body.results.every((result, index) => seat(result) === seat(saved.results[index]));
}

/* The hands of a table the server lists as saved (``hands``) leave the queue: a hand whose
 * answer was lost is saved, and waits no more. Its number counted already among the saved
 * ones, so the hands after it keep theirs. A waiting hand under a saved hand's id with other
 * results stays, and the server answers it with a conflict. */
export function forget(key, hands) {
  const saved = new Map(hands.map((hand) => [hand.id, hand]));
  const items = queued();
  const kept = items.filter((item) => item.key !== key || !saved.has(item.body.id) ||
    !same(item.body, saved.get(item.body.id)));
  if (kept.length !== items.length) {
    save(kept);
  }
}

// The id of the phone's last hand at a table: the last one waiting, else the last saved.
export function lastId(key, state) {
  const waiting = pending(key);
  if (waiting.length) {
    return waiting[waiting.length - 1].body.id;
  }
  const saved = state.hands;
  return saved.length ? saved[saved.length - 1].id : null;
}

// Queue a hand ({ key, url, body }): its body gets its id here; body.after is the caller's.
export function enqueue(item) {
  item.body.id = uuid();
  const items = queued();
  items.push(item);
  save(items);
}

// A hand back into the queue (a conflict decided as "both were played"): first of its table's.
export function requeue(item) {
  const items = queued().filter((other) => other.body.id !== item.body.id);
  const at = items.findIndex((other) => other.key === item.key);
  items.splice(at < 0 ? items.length : at, 0, { key: item.key, url: item.url, body: item.body });
  save(items);
}

// The hands of a table that followed ``from`` follow ``to`` now.
export function relink(key, from, to) {
  const items = queued();
  items.forEach((other) => {
    if (other.key === key && other.body.after === from) {
      other.body.after = to;
    }
  });
  save(items);
}

// A table's waiting hands numbered on from ``first`` (after its saved ones).
export function renumber(key, first) {
  const items = queued();
  let number = first;
  items.forEach((other) => {
    if (other.key === key) {
      other.body.number = number;
      number += 1;
    }
  });
  save(items);
}

// The server has answered for the hand: it leaves the queue. A refused hand leaves a gap, so
// the hands queued after it at its table move up a number and follow the hand it followed.
function settle(item, refused) {
  const items = queued().filter((other) => other.body.id !== item.body.id);
  if (refused) {
    items.forEach((other) => {
      if (other.key === item.key && other.body.number > item.body.number) {
        other.body.number -= 1;
      }
      if (other.key === item.key && other.body.after === item.body.id) {
        other.body.after = item.body.after;
      }
    });
  }
  save(items);
}

/* Send the queued hands one after the other. ``outcome`` hears of it: done() once the queue is
 * empty, held(answer) when a hand could not get through and stays queued (answer null without
 * a connection), answered(item, answer) for each hand the server decided on (saved, refused,
 * or a conflict: 409, the hand waits for the table's choice). */
export function flush(token, outcome) {
  if (sending) {
    return;
  }
  const item = queued().find((other) => !blocked(other.key));
  if (!item) {
    outcome.done();
    return;
  }
  sending = true;
  post(item.url, item.body, token).then((answer) => {
    sending = false;
    if (answer.status >= 500 || answer.status === 403 || answer.status === 0) {
      outcome.held(answer);
      return;
    }
    settle(item, answer.status >= 400 && answer.status !== 409);
    if (answer.status === 409 && answer.data.saved) {
      // Kept until the table chooses: never lost, never saved twice on its own.
      addConflict(item, answer);
    }
    outcome.answered(item, answer);
    flush(token, outcome);
  }, () => {
    sending = false;
    outcome.held(null);
  });
}
