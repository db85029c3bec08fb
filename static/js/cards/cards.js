/* Playing cards as the league writes them: "Ah", "Td", "7c" (rank, then suit, one letter each).
 *
 * The one card parser of the site's scripts; the server's is ofcleague/scoring/cards.py, and
 * both pass the shared cases of tests/cases/cards.json. read() takes a row as the server
 * does: rank and suit in either order, upper or lower case, "10" or "T", suit letters or
 * symbols (♠ ♥ ♦ ♣, also the hollow ones and the emoji forms), separated by white space,
 * commas or semicolons or written together: "AhKd7c", "ah, kd 7c", "A♥ 10h" alike; anything
 * else refuses the row, naming the piece that is no card. parse() is its lenient sibling for
 * a row being typed: the cards in it, whatever else stands there.
 */
export const RANKS = "AKQJT98765432";
export const SUITS = [
  { code: "s", symbol: "♠" },
  { code: "h", symbol: "♥" },
  { code: "d", symbol: "♦" },
  { code: "c", symbol: "♣" }
];
const SUIT_INPUT = {
  S: "s", "♠": "s", "♤": "s", H: "h", "♥": "h", "♡": "h",
  D: "d", "♦": "d", "♢": "d", C: "c", "♣": "c", "♧": "c"
};
const CARD_RE = /(10|[2-9TJQKA])([SHDC♠♤♥♡♦♢♣♧])|([SHDC♠♤♥♡♦♢♣♧])(10|[2-9TJQKA])/gu;

// What the server takes between cards: white space as Python's str.split() knows it, commas
// and semicolons.
const SEPARATORS = /[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000,;]+/u;

function code(match) {
  const rank = match[1] || match[4];
  const suit = match[2] || match[3];
  return (rank === "10" ? "T" : rank) + SUIT_INPUT[suit];
}

/* A row as the server reads it: { cards: ["Ah", "Td"] }, or { refused: "AhXd" }, the first
 * piece between separators that is not made of cards alone. */
export function read(text) {
  const cards = [];
  for (const token of String(text || "").split(SEPARATORS)) {
    if (!token) {
      continue;
    }
    const cleaned = token.replace(/\uFE0F/g, "").toUpperCase();
    const found = Array.from(cleaned.matchAll(CARD_RE));
    if (!found.length || found.map((match) => match[0]).join("") !== cleaned) {
      return { refused: token };
    }
    found.forEach((match) => cards.push(code(match)));
  }
  return { cards: cards };
}

// The cards in a text, in the league's codes ("Th"); what is not a card is skipped.
export function parse(text) {
  const cleaned = String(text || "").replace(/\uFE0F/g, "").toUpperCase();
  return Array.from(cleaned.matchAll(CARD_RE), code);
}

/* True where the text holds something that is no card (the server would refuse the row).
 * While a row is typed, its last card may be half there ("Ah K"): ``typing`` lets that pass. */
export function hasJunk(text, typing) {
  const rest = String(text || "").toUpperCase();
  if (read(rest).cards) {
    return false;
  }
  const typed = rest.replace(/(10|1|[2-9TJQKA]|[SHDC♠♤♥♡♦♢♣♧])\uFE0F?\s*$/u, "");
  return !typing || read(typed).refused !== undefined;
}

export function rankOf(card) {
  return card[0] === "T" ? "10" : card[0];
}

export function symbolOf(card) {
  return SUITS.find((suit) => suit.code === card[1]).symbol;
}

// "Q♥": how a card reads on screen and to a screen reader.
export function faceOf(card) {
  return rankOf(card) + symbolOf(card);
}

/* A card drawn as a small coloured face: <span class="card-face suit-h">Q<span>♥</span></span>.
 * The colours come from CSS custom properties (--suit-h ...), so a four-colour deck and dark
 * mode are a matter of style. */
export function cardFace(card, tag) {
  const element = document.createElement(tag || "span");
  element.className = "card-face suit-" + card[1];
  const rank = document.createElement("span");
  rank.className = card[0] === "T" ? "card-rank is-ten" : "card-rank";
  rank.textContent = rankOf(card);
  const suit = document.createElement("span");
  suit.className = "card-suit";
  suit.textContent = symbolOf(card);
  element.appendChild(rank);
  element.appendChild(suit);
  return element;
}

// A row's cards as coloured faces in one line (for the boards' result).
export function cardLine(text) {
  const line = document.createElement("span");
  line.className = "card-line";
  parse(text).forEach((card) => line.appendChild(cardFace(card)));
  return line;
}
