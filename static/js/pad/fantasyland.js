/* Fantasyland on the pad as the rule set says (state.fantasyland_rules, from the server's
 * rule set data): who plays the next hand in Fantasyland, and with how many cards.
 *
 * Online, the server scores the boards and answers fantasyland_next (stay or leave for a
 * player in Fantasyland, entry for anyone else). Hands waiting on a phone without a
 * connection are judged here by the same lines: a board that is fouled, surrendered or not
 * readable earns nothing. Rows are compared as the engine compares them: category, then the
 * ranks that decide it, as far as the shorter row goes (so a front equal to the middle as far
 * as the front goes is no foul). The engine's side of these rules is checked on the same
 * cases: tests/cases/hands.json. */
import { RANKS, read } from "../cards/cards.js";

const SIZES = { front: 3, middle: 5, back: 5 };
const ROWS = ["front", "middle", "back"];
// The engine's categories (ofcleague.scoring.evaluator.Category).
const PAIR = 1, TWO_PAIR = 2, TRIPS = 3, STRAIGHT = 4, FLUSH = 5, FULL_HOUSE = 6, QUADS = 7,
  STRAIGHT_FLUSH = 8, ROYAL_FLUSH = 9;

// The cards of a row as the server reads it, ranks 2 to 14 (ace), or null if it refuses the row.
export function parseRow(text) {
  const row = read(text);
  return row.cards ? row.cards.map((card) => ({ rank: 14 - RANKS.indexOf(card[0]), suit: card[1] })) : null;
}

// A row's value: [category, ranks that decide it, strongest first].
export function rowValue(cards) {
  const counts = {};
  cards.forEach((card) => { counts[card.rank] = (counts[card.rank] || 0) + 1; });
  const groups = Object.keys(counts).map(Number)
    .sort((a, b) => counts[b] - counts[a] || b - a);
  const shape = groups.map((rank) => counts[rank]).join("");
  if (cards.length === 3) {
    return [shape === "3" ? TRIPS : shape === "21" ? PAIR : 0].concat(groups);
  }
  const flush = cards.every((card) => card.suit === cards[0].suit);
  let high = null;
  if (groups.length === 5) {
    if (groups[0] - groups[4] === 4) {
      high = groups[0];
    } else if (groups.join(",") === "14,5,4,3,2") {
      high = 5;
    }
  }
  if (high !== null) {
    return [flush ? (high === 14 ? ROYAL_FLUSH : STRAIGHT_FLUSH) : STRAIGHT, high];
  }
  const category = { 41: QUADS, 32: FULL_HOUSE, 311: TRIPS, 221: TWO_PAIR, 2111: PAIR }[shape];
  return [flush ? FLUSH : category || 0].concat(groups);
}

function compare(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    if (a[i] !== b[i]) {
      return a[i] - b[i];
    }
  }
  return 0;
}

// The board's three row values, or null when a row is not 3/5/5 readable cards.
export function boardValues(result) {
  const values = [];
  for (const row of ROWS) {
    const cards = parseRow(result[row]);
    if (!cards || cards.length !== SIZES[row]) {
      return null;
    }
    values.push(rowValue(cards));
  }
  return values;
}

// Whether a board's rows (their values) grow stronger from the back to the front: a foul.
export function fouled(values) {
  return compare(values[0], values[1]) > 0 || compare(values[1], values[2]) > 0;
}

// The Fantasyland cards a board earns for the next hand; dealt: the cards it was dealt in
// Fantasyland this hand (null: a normal hand). undefined: the board cannot be judged.
export function nextCards(rules, result, dealt) {
  if (!rules || !rules.entry.length || result.surrender) {
    return null;
  }
  const values = boardValues(result);
  if (!values) {
    return undefined;
  }
  if (fouled(values)) {
    return null;
  }
  if (dealt) {
    const stays = rules.stay.some((line) => values[ROWS.indexOf(line.row)][0] >= line.category);
    return stays ? rules.stay_cards : null;
  }
  let best = null;
  rules.entry.forEach((line) => {
    if (values[0][0] === line.category && (line.rank === null || line.rank === values[0][1])) {
      best = best === null ? line.cards : Math.max(best, line.cards);
    }
  });
  return best;
}

// Who plays the hand after the waiting ones in Fantasyland (seat -> cards): from the server's
// next hand on, hand by hand; a points hand gives its ticks, a board hand is judged here.
export function afterWaiting(pad, waiting) {
  let fantasyland = Object.assign({}, pad.state.next.fantasyland || {});
  waiting.forEach((item) => {
    const next = {};
    item.body.results.forEach((result) => {
      const cards = item.body.entry === "boards"
        ? nextCards(pad.state.fantasyland_rules, result, fantasyland[result.seat])
        : result.fantasyland_next;
      if (cards) {
        next[result.seat] = cards;
      }
    });
    fantasyland = next;
  });
  return fantasyland;
}

// The ticks a points hand may give: a player in Fantasyland can only stay.
export function allowedTicks(rules, inFantasyland) {
  if (!rules || !rules.entry.length) {
    return [];
  }
  if (inFantasyland) {
    return rules.stay_cards ? [rules.stay_cards] : [];
  }
  return rules.entry.map((line) => line.cards);
}
