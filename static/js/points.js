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
  var tieBox = document.getElementById("tie-breaks");

  // A whole number, or null for an empty or unfinished entry such as "-".
  function valueOf(input) {
    var text = input.value.trim();
    return /^[+-]?\d+$/.test(text) ? parseInt(text, 10) : null;
  }

  function signed(number) {
    return number > 0 ? "+" + number : String(number);
  }

  function tieRow(row) {
    return tieBox && tieBox.querySelector('[data-tie-seat="' + row.getAttribute("data-seat") + '"]');
  }

  // The position decided at the table, or null for a shared place.
  function tieBreak(row) {
    var box = tieRow(row);
    var select = box && box.querySelector("select");
    return select && select.value ? parseInt(select.value, 10) : null;
  }

  // Standard competition ranking: equal totals share a place, the next place is skipped;
  // tied players whose positions from the table are all given and distinct go in that order.
  function places(totals, orders) {
    var sorted = totals.slice().sort(function (a, b) { return b - a; });
    return totals.map(function (total, index) {
      var first = sorted.indexOf(total) + 1;
      var group = [];
      totals.forEach(function (other, at) { if (other === total) { group.push(orders[at]); } });
      var decided = group.length > 1 && group.every(function (order, at) {
        return order !== null && group.indexOf(order) === at;
      });
      if (!decided) {
        return first;
      }
      return first + group.filter(function (order) { return order < orders[index]; }).length;
    });
  }

  // Show the "decided at the table" control for the players tied right now, with the
  // positions their group has (1 to its size).
  function showTies(totals, anyValue) {
    if (!tieBox) {
      return;
    }
    var anyTie = false;
    rows.forEach(function (row, index) {
      var size = totals.filter(function (total) { return total === totals[index]; }).length;
      var tied = anyValue && size > 1;
      var box = tieRow(row);
      if (!box) {
        return;
      }
      box.hidden = !tied;
      box.querySelector("[data-tie-total]").textContent = anyValue ? String(totals[index]) : "";
      box.querySelectorAll("option").forEach(function (option) {
        option.disabled = option.value !== "" && parseInt(option.value, 10) > size;
      });
      anyTie = anyTie || tied;
    });
    tieBox.hidden = !anyTie;
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
    showTies(totals, anyValue);
    var ranked = places(totals, rows.map(tieBreak));
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
  if (tieBox) {
    tieBox.addEventListener("change", update);
  }
  update();
})();
