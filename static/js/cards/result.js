/* The scored boards' rows under each player's line of the pad's preview: a line a row, in
 * coloured cards, with the row's royalty. */
import { cardLine } from "./cards.js";

const ROWS = ["front", "middle", "back"];

/* ``box`` holds the preview's list (a li a player, in seat order); ``boards`` the rows as
 * sent (front/middle/back texts), ``players`` the server's answer, ``names`` the rows' names. */
export function showRows(box, boards, players, names) {
  const items = box.querySelectorAll("li");
  boards.forEach((board, index) => {
    const item = items[index];
    const player = players[index];
    if (!item || !player || player.surrendered) {
      return;
    }
    const rows = document.createElement("div");
    rows.className = "preview-rows";
    ROWS.forEach((row) => {
      const line = document.createElement("div");
      line.className = "preview-row";
      const name = document.createElement("span");
      name.className = "preview-row-name";
      name.textContent = names[row] || row;
      line.appendChild(name);
      line.appendChild(cardLine(board[row]));
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
