// Points grid: totals, current places and each round's sum update as the user types.
// The form works without this script; the server checks everything again on saving.
(function () {
  "use strict";

  var grid = document.getElementById("points-grid");
  if (!grid) {
    return;
  }
  var rows = Array.prototype.slice.call(grid.querySelectorAll("tbody tr[data-seat]"));
  var sumCells = Array.prototype.slice.call(grid.querySelectorAll("[data-sum-round]"));

  // A whole number, or null for an empty or unfinished entry such as "-".
  function valueOf(input) {
    var text = input.value.trim();
    return /^[+-]?\d+$/.test(text) ? parseInt(text, 10) : null;
  }

  function signed(number) {
    return number > 0 ? "+" + number : String(number);
  }

  // Standard competition ranking: equal totals share a place, the next place is skipped.
  function places(totals) {
    var sorted = totals.slice().sort(function (a, b) { return b - a; });
    return totals.map(function (total) { return sorted.indexOf(total) + 1; });
  }

  function update() {
    var roundSums = {};
    var anyValue = false;
    var totals = rows.map(function (row) {
      var total = null;
      row.querySelectorAll("input.points-input").forEach(function (input) {
        var value = valueOf(input);
        if (value === null) {
          return;
        }
        var round = input.getAttribute("data-round");
        roundSums[round] = (roundSums[round] || 0) + value;
        total = (total || 0) + value;
        anyValue = true;
      });
      row.querySelector("[data-total]").textContent = total === null ? "" : String(total);
      return total || 0;
    });
    var ranked = places(totals);
    rows.forEach(function (row, index) {
      row.querySelector("[data-place]").textContent = anyValue ? String(ranked[index]) : "";
    });
    sumCells.forEach(function (cell) {
      var sum = roundSums[cell.getAttribute("data-sum-round")];
      cell.textContent = sum === undefined ? "" : signed(sum);
      cell.classList.toggle("off", sum !== undefined && sum !== 0);
      cell.classList.toggle("ok", sum === 0);
    });
  }

  grid.addEventListener("input", update);
  update();
})();
