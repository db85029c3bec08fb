/* Cards' spoken names in the page's language ("Pik-Ass", "ace of spades") for screen readers,
 * while the screen shows the symbols ("A♠"). The words come translated from the server with
 * the picker's labels (rankNames, suitNames and the pattern cardName); without them a card
 * is named by its face. */
import { fill } from "../text.js";
import { faceOf, parse, rankOf } from "./cards.js";

export function spokenName(card, labels) {
  const L = labels || {};
  const suit = (L.suitNames || {})[card[1]];
  if (!suit || !L.cardName) {
    return faceOf(card);
  }
  const rank = (L.rankNames || {})[card[0]] || rankOf(card);
  return fill(L.cardName, { rank: rank, suit: suit });
}

// A row's cards spoken, one after the other ("Pik-Ass, Herz-10").
export function spokenRow(text, labels) {
  return parse(text).map((card) => spokenName(card, labels)).join(", ");
}
