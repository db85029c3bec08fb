/* Playing cards as the league writes them: "Ah", "Td", "7c" (rank, then suit, one letter each).
 *
 * parse() reads whatever a person types or pastes: rank and suit in either order, upper or
 * lower case, "10" or "T", suit letters or symbols (♠ ♥ ♦ ♣, also the hollow ones and the
 * emoji forms), with or without spaces or commas: "AhKd7c", "ah, kd 7c", "A♥ 10h" alike. It
 * accepts what the server accepts, so the two never disagree about a row.
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

// The cards in a text, in the league's codes ("Th"); what is not a card is skipped.
export function parse(text) {
  const cards = [];
  const cleaned = String(text || "").replace(/\uFE0F/g, "").toUpperCase();
  CARD_RE.lastIndex = 0;
  let match;
  while ((match = CARD_RE.exec(cleaned)) !== null) {
    const rank = match[1] || match[4];
    const suit = match[2] || match[3];
    cards.push((rank === "10" ? "T" : rank) + SUIT_INPUT[suit]);
  }
  return cards;
}

/* True where the text holds something that is no card (a typo the server will refuse). While
 * a row is typed, its last card may be half there ("Ah K"): ``typing`` lets that pass. */
export function hasJunk(text, typing) {
  let rest = String(text || "").replace(/\uFE0F/g, "").toUpperCase().replace(CARD_RE, " ");
  if (typing) {
    rest = rest.replace(/(10|1|[2-9TJQKA]|[SHDC♠♤♥♡♦♢♣♧])\s*$/u, "");
  }
  return /[^\s,;.\-/]/.test(rest);
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
