// Points grid, a round at a time: sums, totals and places update as the user types; "next"
// (Return) goes to the next player of the round, then to the next round; Return at the end
// of a complete round that adds up saves it. The last empty cell of a round offers the value
// that makes the round zero. The form works without this script; the server checks it all.
(function () {
  "use strict";

  var form = document.getElementById("points-form");
  var grid = document.getElementById("points-grid");
  if (!form || !grid) {
    return;
  }
  var labels = JSON.parse(document.getElementById("points-data").textContent);
  // In DOM order: round 1's players, then round 2's, and so on.
  var inputs = Array.prototype.slice.call(grid.querySelectorAll("input.points-input"));
  var rounds = [];
  var byRound = {};
  inputs.forEach(function (input) {
    var round = input.getAttribute("data-round");
    if (!byRound[round]) {
      byRound[round] = [];
      rounds.push(round);
    }
    byRound[round].push(input);
  });
  var seats = byRound[rounds[0]].map(function (input) { return input.getAttribute("data-seat"); });
  var tieBox = document.getElementById("tie-breaks");
  var main = document.getElementById("main-action");
  var finishPrizes = document.getElementById("finish-prizes");
  var BAD = "bad";

  // A whole number, null for an empty cell, BAD for anything else ("5e", "1.5", "-").
  function valueOf(input) {
    if (input.validity && input.validity.badInput) {
      return BAD;
    }
    var text = input.value.trim();
    if (text === "") {
      return null;
    }
    return /^[+-]?\d+$/.test(text) ? parseInt(text, 10) : BAD;
  }

  function isNumber(value) {
    return typeof value === "number";
  }

  function signed(number) {
    return number > 0 ? "+" + number : String(number);
  }

  // The round's state: the sum of its numbers, whether every cell is a number, bad cells.
  function roundState(round) {
    var values = byRound[round].map(valueOf);
    var numbers = values.filter(isNumber);
    return {
      values: values,
      sum: numbers.reduce(function (a, b) { return a + b; }, 0),
      entered: numbers.length,
      complete: numbers.length === values.length,
      bad: values.indexOf(BAD) !== -1
    };
  }

  function tieRow(seat) {
    return tieBox && tieBox.querySelector('[data-tie-seat="' + seat + '"]');
  }

  // The position decided at the table, or null for a shared place.
  function tieBreak(seat) {
    var box = tieRow(seat);
    var select = box && box.querySelector("select");
    return select && select.value ? parseInt(select.value, 10) : null;
  }

  // Standard competition ranking among the players with points: equal totals share a place,
  // the next place is skipped; tied players whose positions from the table are all given and
  // distinct go in that order. Players without points get no place.
  function places(totals, orders) {
    var ranked = totals.filter(function (total) { return total !== null; });
    ranked.sort(function (a, b) { return b - a; });
    return totals.map(function (total, index) {
      if (total === null) {
        return null;
      }
      var first = ranked.indexOf(total) + 1;
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

  // Ties are only asked about once every round is in, never in the middle of entering.
  function showTies(totals, complete) {
    if (!tieBox) {
      return;
    }
    var anyTie = false;
    seats.forEach(function (seat, index) {
      var size = totals.filter(function (total) { return total === totals[index]; }).length;
      var tied = complete && size > 1;
      var box = tieRow(seat);
      if (!box) {
        return;
      }
      box.hidden = !tied;
      box.querySelector("[data-tie-total]").textContent =
        totals[index] === null ? "" : String(totals[index]);
      box.querySelectorAll("option").forEach(function (option) {
        option.disabled = option.value !== "" && parseInt(option.value, 10) > size;
      });
      anyTie = anyTie || tied;
    });
    tieBox.hidden = !anyTie;
  }

  // "Whole numbers only" right at the cell, the typed text left as it is.
  function markBad(input, bad) {
    var id = input.id + "_js_error";
    var note = document.getElementById(id);
    var cell = input.closest("td");
    cell.classList.toggle("has-error", bad || Boolean(cell.querySelector(".errorlist")));
    if (bad && !note) {
      note = document.createElement("span");
      note.id = id;
      note.className = "cell-error";
      note.textContent = labels.wholeNumber;
      input.insertAdjacentElement("afterend", note);
      input.setAttribute("aria-describedby", id);
      input.setAttribute("aria-invalid", "true");
    } else if (!bad && note) {
      note.remove();
      input.removeAttribute("aria-describedby");
      input.removeAttribute("aria-invalid");
    }
  }

  // The last empty cell of a round gets a button with the value that makes the round zero.
  function offer(round, state) {
    byRound[round].forEach(function (input) {
      var existing = input.parentNode.querySelector(".zero-offer");
      var empty = state.values[byRound[round].indexOf(input)] === null;
      var wanted = empty && state.entered === byRound[round].length - 1 && !state.bad;
      if (!wanted) {
        if (existing) {
          existing.remove();
        }
        return;
      }
      var value = signed(-state.sum).replace(/^\+/, "");
      if (!existing) {
        existing = document.createElement("button");
        existing.type = "button";
        existing.className = "zero-offer";
        existing.addEventListener("click", function () {
          input.value = existing.getAttribute("data-value");
          input.focus();
          update();
        });
        input.insertAdjacentElement("afterend", existing);
      }
      existing.setAttribute("data-value", value);
      existing.textContent = "= " + value;
      existing.setAttribute("aria-label", labels.offer.replace("%(value)s", value));
    });
  }

  function update() {
    var states = {};
    var allComplete = true;
    rounds.forEach(function (round) {
      var state = roundState(round);
      states[round] = state;
      allComplete = allComplete && state.complete;
      byRound[round].forEach(function (input, index) {
        markBad(input, state.values[index] === BAD);
      });
      var cell = grid.querySelector('[data-sum-round="' + round + '"]');
      cell.textContent = state.entered ? signed(state.sum) : "";
      cell.classList.toggle("ok", state.complete && state.sum === 0);
      cell.classList.toggle("off", state.complete && state.sum !== 0);
      cell.classList.toggle("partial", !state.complete && state.entered > 0);
      offer(round, state);
    });
    var totals = seats.map(function (seat, index) {
      var total = null;
      rounds.forEach(function (round) {
        var value = states[round].values[index];
        if (isNumber(value)) {
          total = (total || 0) + value;
        }
      });
      return total;
    });
    seats.forEach(function (seat, index) {
      grid.querySelector('[data-total][data-seat="' + seat + '"]').textContent =
        totals[index] === null ? "" : String(totals[index]);
    });
    showTies(totals, allComplete);
    var ranked = places(totals, seats.map(tieBreak));
    seats.forEach(function (seat, index) {
      grid.querySelector('[data-place][data-seat="' + seat + '"]').textContent =
        ranked[index] === null ? "" : String(ranked[index]);
    });
    // The main button finishes once every round is in, and says so before it is pressed.
    if (main.hasAttribute("data-label-finish")) {
      main.name = allComplete ? "finish" : "save";
      main.textContent = main.getAttribute(allComplete ? "data-label-finish" : "data-label-save");
      if (finishPrizes) {
        finishPrizes.hidden = !allComplete;
      }
    }
    return states;
  }

  // Whether the grid as typed can be saved: no bad cell, every round begun is complete and
  // adds up to zero.
  function savable(states) {
    return rounds.every(function (round) {
      var state = states[round];
      return !state.bad && (state.entered === 0 || (state.complete && state.sum === 0));
    });
  }

  function firstOpenCell() {
    for (var index = 0; index < inputs.length; index += 1) {
      if (!isNumber(valueOf(inputs[index]))) {
        return inputs[index];
      }
    }
    return null;
  }

  grid.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Enter" || !input.classList || !input.classList.contains("points-input")) {
      return;
    }
    // Return never submits by itself: it moves on, or saves a complete round that adds up.
    event.preventDefault();
    var states = update();
    var round = input.getAttribute("data-round");
    var cells = byRound[round];
    var next = inputs[inputs.indexOf(input) + 1];
    var lastOfRound = cells.indexOf(input) === cells.length - 1;
    if (lastOfRound && states[round].complete && savable(states)) {
      form.requestSubmit(main);
    } else if (next) {
      next.focus();
    } else {
      var open = firstOpenCell();
      if (open) {
        open.focus();
      }
    }
  });

  form.addEventListener("submit", function (event) {
    var bad = inputs.filter(function (input) { return valueOf(input) === BAD; });
    if (bad.length) {
      event.preventDefault();
      update();
      bad[0].focus();
    }
  });

  form.querySelectorAll("[data-keep-for]").forEach(function (box) {
    box.addEventListener("change", function (event) {
      var input = document.getElementById(box.getAttribute("data-keep-for"));
      input.value = box.getAttribute(event.target.value === "saved" ? "data-saved" : "data-mine");
      update();
    });
  });

  grid.addEventListener("input", update);
  if (tieBox) {
    tieBox.addEventListener("change", update);
  }
  update();
  // Back from saving a round: go on with the next round's first empty cell (the error
  // summary, where there is one, takes focus instead).
  if (!document.getElementById("form-errors")) {
    var open = firstOpenCell();
    if (open) {
      open.focus();
    }
  }
})();
