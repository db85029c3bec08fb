/* The score pad: enter a table's hands on a phone, through a bad connection.
 *
 * Every hand gets an id made here (a UUID) and goes into a queue in localStorage first; the
 * queue is sent in order whenever the connection allows (now, on the "online" event, every
 * few seconds). The server recognises a resent id, so a hand never counts twice. The state
 * (players, saved hands, who deals, Fantasyland) comes from the json_script "pad-state" and
 * from every answer of the server. No inline script or style (Content Security Policy).
 */
(function () {
  "use strict";

  var stateNode = document.getElementById("pad-state");
  var form = document.getElementById("calc-form");
  if (!stateNode || !form) {
    return;
  }
  var state = JSON.parse(stateNode.textContent);
  var urls = JSON.parse(document.getElementById("pad-urls").textContent);
  var L = JSON.parse(document.getElementById("pad-labels").textContent);
  var QUEUE = "ofc-pad-queue";
  var key = [state.evening, state.round, state.table].join("/");
  var correcting = null;
  var sending = false;
  var previewed = null;
  // A refusal stays readable: later hands of the same flush do not replace its message.
  var refused = false;

  var el = function (id) { return document.getElementById(id); };
  var seats = Array.prototype.slice.call(form.querySelectorAll("fieldset[data-seat]"));

  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  }

  function signed(n) { return n > 0 ? "+" + n : String(n); }

  function uuid() {
    if (window.crypto && window.crypto.randomUUID) {
      return window.crypto.randomUUID();
    }
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
    return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
  }

  // The queue ----------------------------------------------------------------------------------

  function queue() {
    try {
      return JSON.parse(window.localStorage.getItem(QUEUE) || "[]");
    } catch (error) {
      return [];
    }
  }

  function saveQueue(items) {
    window.localStorage.setItem(QUEUE, JSON.stringify(items));
  }

  function pending() {
    return queue().filter(function (item) { return item.key === key; });
  }

  function csrf() {
    var input = form.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        return { status: response.status, data: data };
      });
    });
  }

  function message(text, kind) {
    var box = el("pad-message");
    box.textContent = text || "";
    box.className = "message " + (kind || "error");
    box.hidden = !text;
  }

  // Send the queued hands one after the other; stop at the first that cannot get through.
  function flush() {
    if (sending) {
      return;
    }
    var items = queue();
    if (!items.length) {
      render();
      return;
    }
    sending = true;
    var item = items[0];
    post(item.url, item.body).then(function (answer) {
      sending = false;
      if (answer.status >= 500 || answer.status === 403 || answer.status === 0) {
        message(answer.data.error ? answer.data.error.message : L.not_sent);
        render();
        return;
      }
      saveQueue(queue().filter(function (other) { return other.body.id !== item.body.id; }));
      if (item.key === key && answer.data.state) {
        state = answer.data.state;
      }
      refused = refused || answer.status >= 400;
      if (answer.status === 409) {
        // Nothing is lost: the refused entry is named too, to enter again if it was another hand.
        message(answer.data.error.message + " " + describe(answer.data.saved) + " · " +
          L.yours + " " + describe(item.body), "warning");
      } else if (answer.status >= 400) {
        message(answer.data.error ? answer.data.error.message : L.not_sent);
        // The hands queued after the refused one move up a number; the refused one goes back
        // into the form, to be corrected and saved again.
        saveQueue(queue().map(function (other) {
          if (other.key === item.key && other.body.number > item.body.number) {
            other.body.number -= 1;
          }
          return other;
        }));
        if (item.key === key) {
          load(item.body);
        }
      } else if (item.key === key && !refused) {
        message(fill(L.saved, { number: item.body.number }), "success");
      }
      render();
      flush();
    }, function () {
      sending = false;
      render();
    });
  }

  // What the form holds ------------------------------------------------------------------------

  function mode() {
    var checked = form.querySelector('input[name="entry"]:checked');
    return checked ? checked.value : "points";
  }

  function field(seat, name) {
    return seat.querySelector('[data-field="' + name + '"]');
  }

  function pointsOf(seat) {
    var text = field(seat, "points").value.trim();
    return /^[+-]?\d+$/.test(text) ? parseInt(text, 10) : null;
  }

  function collect() {
    return seats.map(function (seat) {
      var tick = field(seat, "fantasyland_next");
      return {
        seat: parseInt(seat.getAttribute("data-seat"), 10),
        points: pointsOf(seat),
        front: field(seat, "front").value,
        middle: field(seat, "middle").value,
        back: field(seat, "back").value,
        fouled: field(seat, "fouled").checked,
        surrender: Boolean(field(seat, "surrender") && field(seat, "surrender").checked),
        fantasyland_next: tick && tick.value ? parseInt(tick.value, 10) : null
      };
    });
  }

  function clear() {
    seats.forEach(function (seat) {
      ["points", "front", "middle", "back"].forEach(function (name) {
        field(seat, name).value = "";
        field(seat, name).classList.remove("offered");
      });
      field(seat, "fouled").checked = false;
      if (field(seat, "surrender")) {
        field(seat, "surrender").checked = false;
      }
      var tick = field(seat, "fantasyland_next");
      if (tick) {
        tick.value = "";
      }
    });
    previewed = null;
    el("pad-preview").hidden = true;
    form.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // Put a hand (saved, queued or refused) back into the form.
  function load(hand) {
    clear();
    var radio = form.querySelector('input[name="entry"][value="' + hand.entry + '"]');
    if (radio) {
      radio.checked = true;
    }
    hand.results.forEach(function (result) {
      var seat = form.querySelector('fieldset[data-seat="' + result.seat + '"]');
      if (!seat) {
        return;
      }
      field(seat, "points").value = result.points === null ? "" : result.points;
      field(seat, "front").value = result.front || "";
      field(seat, "middle").value = result.middle || "";
      field(seat, "back").value = result.back || "";
      field(seat, "fouled").checked = Boolean(result.fouled);
      if (field(seat, "surrender")) {
        field(seat, "surrender").checked = Boolean(result.surrender);
      }
      var tick = field(seat, "fantasyland_next");
      if (tick) {
        tick.value = result.fantasyland_next || "";
      }
    });
    // Let the card picker see the rows again.
    seats.forEach(function (seat) {
      field(seat, "front").dispatchEvent(new Event("input", { bubbles: true }));
    });
    syncMode();
    offerLast();
  }

  function describe(hand) {
    if (!hand) {
      return "";
    }
    return fill(L.hand_short, { number: hand.number }) + ": " + hand.results.map(function (result) {
      var points = result.points === null || result.points === undefined ? "?" : signed(result.points);
      return state.players[result.seat - 1].name + " " + points;
    }).join(", ");
  }

  // Zero-sum: once all but one player have points, the last one is offered the rest.
  function offerLast() {
    var inputs = seats.map(function (seat) { return field(seat, "points"); });
    var open = inputs.filter(function (input) {
      return input.value.trim() === "" || input.classList.contains("offered");
    });
    if (open.length === 1) {
      var sum = 0;
      inputs.forEach(function (input) {
        if (input !== open[0]) {
          sum += parseInt(input.value, 10) || 0;
        }
      });
      open[0].value = String(-sum);
      open[0].classList.add("offered");
    }
    var total = 0;
    var all = true;
    seats.forEach(function (seat) {
      var value = pointsOf(seat);
      if (value === null) {
        all = false;
      } else {
        total += value;
      }
    });
    var sumBox = el("pad-sum");
    sumBox.textContent = fill(L.sum, { sum: signed(total) });
    sumBox.classList.toggle("off", all && total !== 0);
  }

  function syncMode() {
    form.classList.toggle("mode-boards", mode() === "boards");
    form.classList.toggle("mode-points", mode() !== "boards");
  }

  // The view ------------------------------------------------------------------------------------

  function dealerOf(number) {
    var n = state.players.length;
    return ((state.first_dealer - 1 + number - 1) % n) + 1;
  }

  function nameOf(seat) { return state.players[seat - 1].name; }

  function render() {
    var waiting = pending();
    var number = state.hands.length + waiting.length + 1;
    var closed = number > state.hands_per_round;
    var queueBox = el("pad-queue");
    queueBox.hidden = !waiting.length;
    queueBox.textContent = fill(waiting.length === 1 ? L.waiting_one : L.waiting, { count: waiting.length });

    var fantasyland = {};
    if (waiting.length) {
      waiting[waiting.length - 1].body.results.forEach(function (result) {
        if (result.fantasyland_next) {
          fantasyland[result.seat] = result.fantasyland_next;
        }
      });
    } else {
      fantasyland = state.next.fantasyland || {};
    }
    var status = el("pad-status");
    if (correcting) {
      status.textContent = fill(L.correcting, { number: correcting });
    } else if (closed) {
      status.textContent = L.closed;
    } else {
      var dealer = dealerOf(number);
      var first = (dealer % state.players.length) + 1;
      var parts = [
        fill(L.hand_of, { number: number, hands: state.hands_per_round }),
        fill(L.deals, { name: nameOf(dealer) }),
        fill(L.first, { name: nameOf(first) })
      ];
      Object.keys(fantasyland).forEach(function (seat) {
        parts.push(fill(L.fantasyland, { name: nameOf(parseInt(seat, 10)), cards: fantasyland[seat] }));
      });
      status.textContent = parts.join(" · ");
    }
    seats.forEach(function (seat) {
      var position = parseInt(seat.getAttribute("data-seat"), 10);
      var badges = [];
      if (!closed && !correcting) {
        if (dealerOf(number) === position) {
          badges.push(L.button);
        }
        if (fantasyland[position]) {
          badges.push(fill(L.fl_badge, { cards: fantasyland[position] }));
        }
      }
      seat.querySelector("[data-badges]").textContent = badges.join(" ");
    });
    form.hidden = closed && !correcting;
    el("pad-closed").hidden = !closed || Boolean(correcting);
    el("pad-cancel").hidden = !correcting;
    el("pad-undo").hidden = !state.hands.length || waiting.length > 0 || Boolean(correcting);
    if (state.hands.length) {
      el("pad-undo").textContent = fill(L.undo, { number: state.hands[state.hands.length - 1].number });
    }
    drawHands(waiting);
  }

  function cell(row, text, className) {
    var td = document.createElement("td");
    td.textContent = text;
    if (className) {
      td.className = className;
    }
    row.appendChild(td);
    return td;
  }

  function drawHands(waiting) {
    var body = el("pad-hands").querySelector("tbody");
    body.textContent = "";
    var totals = state.players.map(function () { return 0; });
    function line(hand, isWaiting) {
      var row = document.createElement("tr");
      var th = document.createElement("th");
      th.scope = "row";
      if (isWaiting) {
        th.textContent = hand.number + " ⏳";
        th.title = L.waiting_mark;
        row.className = "waiting";
      } else {
        // The hand's number is the button that loads it into the form for a correction.
        var button = document.createElement("button");
        button.type = "button";
        button.className = "link-button";
        button.textContent = hand.number + " ✎";
        button.setAttribute("aria-label", fill(L.correct_hand, { number: hand.number }));
        button.addEventListener("click", function () {
          correcting = hand.number;
          load(hand);
          render();
          form.scrollIntoView();
        });
        th.appendChild(button);
      }
      row.appendChild(th);
      hand.results.forEach(function (result) {
        var text = result.points === null ? "?" : signed(result.points);
        if (result.fouled) {
          text += " ✗";
        }
        if (result.fantasyland) {
          text += " FL";
        }
        totals[result.seat - 1] += result.points || 0;
        cell(row, text, "num");
      });
      body.appendChild(row);
    }
    state.hands.forEach(function (hand) { line(hand, false); });
    waiting.forEach(function (item) { line(item.body, true); });
    var foot = el("pad-hands").querySelectorAll("tfoot [data-total]");
    Array.prototype.forEach.call(foot, function (td, index) {
      td.textContent = signed(totals[index]);
    });
  }

  // Actions --------------------------------------------------------------------------------------

  function submit(event) {
    event.preventDefault();
    var body = { entry: mode(), results: collect() };
    if (body.entry === "points") {
      var missing = body.results.some(function (result) { return result.points === null; });
      var total = body.results.reduce(function (sum, result) { return sum + (result.points || 0); }, 0);
      if (missing || total !== 0) {
        message(missing ? L.missing : fill(L.not_zero, { diff: signed(total) }));
        return;
      }
    } else {
      body.results.forEach(function (result) { result.points = previewed ? previewed[result.seat - 1] : null; });
    }
    if (correcting) {
      body.number = correcting;
      post(urls.hand.replace(/\/0\/$/, "/" + correcting + "/"), body).then(function (answer) {
        if (answer.status === 200) {
          state = answer.data.state;
          message(fill(L.corrected, { number: correcting }), "success");
          correcting = null;
          clear();
        } else {
          message(answer.data.error ? answer.data.error.message : L.not_sent);
        }
        render();
      }, function () {
        message(L.offline_correction);
      });
      return;
    }
    body.id = uuid();
    body.number = state.hands.length + pending().length + 1;
    var items = queue();
    items.push({ key: key, url: urls.hands, body: body });
    saveQueue(items);
    refused = false;
    message("");
    clear();
    render();
    flush();
  }

  function scoreBoards() {
    var results = collect();
    var players = results.map(function (result) {
      return {
        name: nameOf(result.seat), front: result.front, middle: result.middle, back: result.back,
        surrender: result.surrender
      };
    });
    post(urls.score, { rules: state.rules, players: players }).then(function (answer) {
      var box = el("pad-preview");
      if (answer.status !== 200) {
        message(answer.data.error ? answer.data.error.message : L.not_sent);
        box.hidden = true;
        return;
      }
      message("");
      previewed = answer.data.players.map(function (player) { return player.points; });
      box.textContent = "";
      var list = document.createElement("ul");
      answer.data.players.forEach(function (player, index) {
        var item = document.createElement("li");
        var parts = [player.name + " " + signed(player.points)];
        if (player.fouled) {
          parts.push(L.fouled);
        } else {
          parts.push(fill(L.royalties, {
            front: player.royalties.front, middle: player.royalties.middle, back: player.royalties.back
          }));
        }
        if (player.fantasyland) {
          parts.push(fill(L.fl_badge, { cards: player.fantasyland }));
        }
        item.textContent = parts.join(" · ");
        list.appendChild(item);
        field(seats[index], "points").value = player.points;
        field(seats[index], "fouled").checked = player.fouled;
      });
      box.appendChild(list);
      box.hidden = false;
      offerLast();
    }, function () {
      message(L.offline_preview, "warning");
    });
  }

  function undo() {
    var last = state.hands[state.hands.length - 1];
    if (!last || !window.confirm(fill(L.undo_confirm, { number: last.number }))) {
      return;
    }
    post(urls.undo.replace(/\/0\/undo\/$/, "/" + last.number + "/undo/"), {}).then(function (answer) {
      if (answer.data.state) {
        state = answer.data.state;
      }
      message(answer.status === 200 ? fill(L.undone, { number: last.number }) : answer.data.error.message,
        answer.status === 200 ? "success" : "error");
      render();
    }, function () {
      message(L.offline_correction);
    });
  }

  form.addEventListener("submit", submit);
  form.addEventListener("change", function (event) {
    if (event.target.name === "entry") {
      syncMode();
    }
  });
  form.addEventListener("input", function (event) {
    if (event.target.getAttribute("data-field") === "points") {
      event.target.classList.remove("offered");
      offerLast();
    }
    if (/front|middle|back/.test(event.target.getAttribute("data-field") || "")) {
      previewed = null;
    }
  });
  el("pad-score").addEventListener("click", scoreBoards);
  el("pad-undo").addEventListener("click", undo);
  el("pad-cancel").addEventListener("click", function () {
    correcting = null;
    clear();
    render();
  });
  window.addEventListener("online", flush);
  window.setInterval(flush, 4000);
  syncMode();
  offerLast();
  render();
  flush();
})();
