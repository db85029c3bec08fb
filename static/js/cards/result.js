/* The scored boards' rows under each player's line of the pad's preview: a list item a row,
 * in coloured cards (their spoken names for screen readers), with the row's royalty. */
import { cardLine } from "./cards.js";
import { spokenRow } from "./names.js";

const ROWS = ["front", "middle", "back"];

/* ``box`` holds the preview's list (a li a player, in seat order); ``boards`` the rows as
 * sent (front/middle/back texts), ``players`` the server's answer, ``names`` the rows' names,
 * ``labels`` the picker's (the cards' spoken names). */
export function showRows(box, boards, players, names, labels) {
  const items = box.querySelectorAll(":scope > ul > li");
  boards.forEach((board, index) => {
    const item = items[index];
    const player = players[index];
    if (!item || !player || player.surrendered) {
      return;
    }
    const rows = document.createElement("ul");
    rows.className = "preview-rows";
    ROWS.forEach((row) => {
      const line = document.createElement("li");
      line.className = "preview-row";
      const name = document.createElement("span");
      name.className = "preview-row-name";
      name.textContent = names[row] || row;
      line.appendChild(name);
      const cards = cardLine(board[row]);
      cards.setAttribute("aria-hidden", "true");
      const said = document.createElement("span");
      said.className = "visually-hidden";
      said.textContent = spokenRow(board[row], labels);
      line.appendChild(cards);
      line.appendChild(said);
      const royalty = player.royalties ? player.royalties[row] : 0;
      if (royalty && !player.fouled) {
        const extra = document.createElement("span");
        extra.className = "royalty";
        extra.textContent = "+" + royalty;
        line.appendChild(extra);
      }
      rows.appendChild(line);
    });
    item.appendChild(rows);
  });
}
