/* Card picker for the score calculator.
 *
 * Progressive enhancement: the form works as a plain POST without this script. With it,
 * tapping a row field makes it the target, tapping a card adds that card to the target row,
 * cards already used anywhere are greyed out (tapping one takes it back), and surrender
 * boxes are hidden for rule sets without surrender. Data comes from the json_script block
 * "calculator-data"; there is no inline script or style (strict Content Security Policy).
 */
(function () {
  "use strict";

  // After "Score hand" the page comes back at #result: put focus there, scrolled into view.
  var result = document.getElementById("result");
  if (result) {
    result.focus();
    result.scrollIntoView({ block: "start" });
  }

  var dataNode = document.getElementById("calculator-data");
  var form = document.getElementById("calc-form");
  var picker = document.getElementById("card-picker");
  if (!dataNode || !form || !picker) {
    return;
  }
  var data = JSON.parse(dataNode.textContent);
  var labels = data.labels || {};
  var RANKS = "23456789TJQKA";
  var SUITS = [["s", "♠"], ["h", "♥"], ["d", "♦"], ["c", "♣"]];
  var SUIT_INPUT = {
    S: "s", "♠": "s", "♤": "s", H: "h", "♥": "h", "♡": "h",
    D: "d", "♦": "d", "♢": "d", C: "c", "♣": "c", "♧": "c"
  };
  // The same card syntax the server accepts: rank and suit in either order, any case.
  var CARD_RE = /(10|[2-9TJQKA])([SHDC♠♤♥♡♦♢♣♧])|([SHDC♠♤♥♡♦♢♣♧])(10|[2-9TJQKA])/gu;
  var inputs = Array.prototype.slice.call(form.querySelectorAll("input.cards-input"));
  var buttons = {};
  var target = null;
  var targetLabel = null;

  function parse(text) {
    var cards = [];
    var cleaned = text.replace(/\uFE0F/g, "").toUpperCase();
    var match;
    CARD_RE.lastIndex = 0;
    while ((match = CARD_RE.exec(cleaned)) !== null) {
      var rank = match[1] || match[4];
      var suit = match[2] || match[3];
      cards.push((rank === "10" ? "T" : rank) + SUIT_INPUT[suit]);
    }
    return cards;
  }

  function size(input) {
    return parseInt(input.getAttribute("data-size"), 10);
  }

  function describe(input) {
    var seat = input.closest("fieldset");
    var legend = seat ? seat.querySelector("legend") : null;
    var label = form.querySelector('label[for="' + input.id + '"]');
    var seatName = input.closest("fieldset").querySelector('input[name$="_name"]');
    var who = seatName && seatName.value.trim() ? seatName.value.trim()
      : (legend ? legend.firstChild.textContent.trim() : "");
    return who + " · " + (label ? label.textContent.replace(/:$/, "") : "");
  }

  function refresh() {
    var owner = {};
    inputs.forEach(function (input) {
      parse(input.value).forEach(function (card) {
        owner[card] = input;
      });
    });
    Object.keys(buttons).forEach(function (card) {
      var used = Object.prototype.hasOwnProperty.call(owner, card);
      buttons[card].classList.toggle("used", used);
      buttons[card].setAttribute("aria-pressed", used ? "true" : "false");
      buttons[card].title = used ? labels.used || "" : "";
    });
    inputs.forEach(function (input) {
      input.classList.toggle("is-full", parse(input.value).length >= size(input));
    });
    return owner;
  }

  function setTarget(input) {
    if (target) {
      target.classList.remove("is-target");
    }
    target = input;
    target.classList.add("is-target");
    targetLabel.textContent = describe(input);
    var seat = input.closest("fieldset");
    // Keep the picker right below the player being filled in, which matters on a phone.
    if (seat && picker.previousElementSibling !== seat) {
      seat.parentNode.insertBefore(picker, seat.nextSibling);
    }
  }

  function nextOpen(from) {
    var start = inputs.indexOf(from);
    for (var step = 1; step <= inputs.length; step += 1) {
      var candidate = inputs[(start + step) % inputs.length];
      if (parse(candidate.value).length < size(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  function write(input, cards) {
    input.value = cards.join(" ");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function tap(card) {
    var owner = refresh();
    if (owner[card]) {
      write(owner[card], parse(owner[card].value).filter(function (c) { return c !== card; }));
      setTarget(owner[card]);
      return;
    }
    var input = target;
    if (parse(input.value).length >= size(input)) {
      input = nextOpen(input);
      if (!input) {
        return;
      }
    }
    var cards = parse(input.value);
    cards.push(card);
    write(input, cards);
    var next = cards.length >= size(input) ? nextOpen(input) : input;
    setTarget(next || input);
  }

  function button(text, className, handler) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = className;
    element.textContent = text;
    element.addEventListener("click", handler);
    return element;
  }

  function build() {
    var head = document.createElement("div");
    head.className = "picker-head";
    var status = document.createElement("p");
    status.className = "picker-target";
    status.setAttribute("aria-live", "polite");
    var prefix = document.createElement("span");
    prefix.textContent = (labels.target || "") + " ";
    targetLabel = document.createElement("strong");
    status.appendChild(prefix);
    status.appendChild(targetLabel);
    head.appendChild(status);
    head.appendChild(button(labels.undo || "⌫", "button picker-tool", function () {
      var cards = parse(target.value);
      cards.pop();
      write(target, cards);
    }));
    head.appendChild(button(labels.clear || "×", "button picker-tool", function () {
      write(target, []);
    }));
    // While the picker is used, tapping a row opens no keyboard that would cover the picker;
    // this switch brings the keyboard back for typing.
    var keyboard = button(labels.keyboard || "⌨", "button picker-tool", function () {
      var typing = keyboard.getAttribute("aria-pressed") !== "true";
      keyboard.setAttribute("aria-pressed", typing ? "true" : "false");
      setTyping(typing);
      if (typing && target) {
        target.blur();
        target.focus();
      }
    });
    keyboard.setAttribute("aria-pressed", "false");
    keyboard.title = labels.keyboardHint || "";
    head.appendChild(keyboard);
    picker.appendChild(head);
    SUITS.forEach(function (suit) {
      var group = document.createElement("div");
      group.className = "picker-suit";
      group.setAttribute("role", "group");
      group.setAttribute("aria-label", suit[1]);
      RANKS.split("").reverse().forEach(function (rank) {
        var card = rank + suit[0];
        var face = (rank === "T" ? "10" : rank) + suit[1];
        var red = suit[0] === "h" || suit[0] === "d";
        var element = button(face, "pick-card" + (red ? " red" : ""), function () {
          tap(card);
        });
        element.setAttribute("aria-pressed", "false");
        buttons[card] = element;
        group.appendChild(element);
      });
      picker.appendChild(group);
    });
    picker.setAttribute("aria-label", labels.picker || "");
    picker.hidden = false;
  }

  function setTyping(typing) {
    inputs.forEach(function (input) {
      input.inputMode = typing ? "text" : "none";
    });
  }

  function syncSurrender() {
    var select = form.querySelector('select[name="rules"]');
    if (!select) {
      return;
    }
    var allowed = Boolean(data.surrender[select.value]);
    form.querySelectorAll(".surrender-field").forEach(function (field) {
      var box = field.querySelector("input");
      // A ticked box stays visible, so the server's error next to it can be read.
      field.hidden = !allowed && !(box && box.checked);
    });
  }

  if (!inputs.length) {
    return;
  }
  build();
  setTyping(false);
  inputs.forEach(function (input) {
    input.addEventListener("focus", function () { setTarget(input); });
    input.addEventListener("input", refresh);
  });
  form.addEventListener("input", function (event) {
    if (event.target.name && /_name$/.test(event.target.name) && target) {
      targetLabel.textContent = describe(target);
    }
  });
  var rulesSelect = form.querySelector('select[name="rules"]');
  if (rulesSelect) {
    rulesSelect.addEventListener("change", syncSurrender);
  }
  syncSurrender();
  setTarget(nextOpen(inputs[inputs.length - 1]) || inputs[0]);
  refresh();
})();
