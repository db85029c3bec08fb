/* Places from point totals, as they change while the points grid is typed in.
 *
 * The league's rule is Python's (places_from_totals in ofcleague/league/places.py); this is
 * the same rule for the page, checked against the same cases: tests/cases/places.json, read
 * by tests/league/test_places_cases.py and, in Chromium, by tests/browser/test_script_cases.py.
 *
 * Standard competition ranking among the players with points: equal totals share a place, the
 * next place is skipped; tied players whose positions from the table are all given and
 * distinct go in that order. ``totals`` and ``orders`` are lists by player (null: no points,
 * no position from the table); a player without points gets no place (null).
 */
export function places(totals, orders) {
  const ranked = totals.filter((total) => total !== null);
  ranked.sort((a, b) => b - a);
  return totals.map((total, index) => {
    if (total === null) {
      return null;
    }
    const first = ranked.indexOf(total) + 1;
    const group = [];
    totals.forEach((other, at) => {
      if (other === total) {
        group.push(orders[at]);
      }
    });
    const decided = group.length > 1 && group.every((order, at) => order !== null && group.indexOf(order) === at);
    if (!decided) {
      return first;
    }
    return first + group.filter((order) => order < orders[index]).length;
  });
}
