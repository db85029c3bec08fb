/* The score pad's offline queue: a hand waits in localStorage until the server has it.
 *
 * Every hand gets an id made here (a UUID) before it is queued; the queue is sent in order,
 * one hand after the other, and stops at the first that cannot get through. The server
 * recognises a resent id, so a hand never counts twice. One queue serves every table of the
 * phone: each item carries its table's key (evening/round/table) and its URL. */
import { post } from "./http.js";

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

/* The hands of a table the server lists as saved (``ids``) leave the queue: a hand whose
 * answer was lost is saved, and waits no more. Its number counted already among the saved
 * ones, so the hands after it keep theirs. */
export function forget(key, ids) {
  const saved = new Set(ids);
  const items = queued();
  const kept = items.filter((item) => item.key !== key || !saved.has(item.body.id));
  if (kept.length !== items.length) {
    save(kept);
  }
}

// Queue a hand ({ key, url, body }): its body gets its id here.
export function enqueue(item) {
  item.body.id = uuid();
  const items = queued();
  items.push(item);
  save(items);
}

// The server has answered for the hand: it leaves the queue. A refused hand leaves a gap, so
// the hands queued after it at its table move up a number.
function settle(item, refused) {
  const items = queued().filter((other) => other.body.id !== item.body.id);
  if (refused) {
    items.forEach((other) => {
      if (other.key === item.key && other.body.number > item.body.number) {
        other.body.number -= 1;
      }
    });
  }
  save(items);
}

/* Send the queued hands one after the other. ``outcome`` hears of it: done() once the queue is
 * empty, held(answer) when a hand could not get through and stays queued (answer null without
 * a connection), answered(item, answer) for each hand the server decided on (saved, refused,
 * or taken by another phone: 409, the number stays the other hand's). */
export function flush(token, outcome) {
  if (sending) {
    return;
  }
  const items = queued();
  if (!items.length) {
    outcome.done();
    return;
  }
  sending = true;
  const item = items[0];
  post(item.url, item.body, token).then((answer) => {
    sending = false;
    if (answer.status >= 500 || answer.status === 403 || answer.status === 0) {
      outcome.held(answer);
      return;
    }
    settle(item, answer.status >= 400 && answer.status !== 409);
    outcome.answered(item, answer);
    flush(token, outcome);
  }, () => {
    sending = false;
    outcome.held(null);
  });
}
