/* Following an evening live: every few seconds ask for the evening's changing part
 * (If-None-Match with the last ETag; the server answers 304 while nothing changed) and put in
 * only the pieces of it that changed, so places, totals, rounds, status and statistics always
 * come from one answer and add up, and whatever has focus keeps it (WCAG 2.4.3): an unchanged
 * piece stays as it is, and in a changed one focus goes back to the same element (by its id,
 * link or position). The page's one live region says in one sentence whose place changed
 * and by how many points ("Anna now in place 1, +12"). A button pauses the updates and
 * resumes them
 * (WCAG 2.2.2). "updated HH:MM:SS" (Berlin time, filled in here so the page stays the same for
 * every visitor) says when the phone last heard from the server; without signal it says so
 * and keeps trying. Once the evening is finished the part says so and the polling stops.
 * No inline script, no CDN. */
(function () {
  "use strict";

  var INTERVAL = 3000;
  var part = document.getElementById("evening-now");
  if (!part || !window.fetch || part.getAttribute("data-state") !== "in_progress") {
    return;
  }
  var url = part.getAttribute("data-live-url");
  var news = document.getElementById("live-news");
  var labelsNode = document.getElementById("live-labels");
  var labels = labelsNode ? JSON.parse(labelsNode.textContent) : {};
  var etag = null;
  var clock = null;
  var paused = false;
  var timer = null;
  var asking = false;
  // The pieces as the server sent them (before this script filled anything in), to tell
  // which pieces a new answer changes.
  var sent = Array.prototype.map.call(part.children, function (child) {
    return child.outerHTML;
  });
  try {
    clock = new Intl.DateTimeFormat(document.documentElement.lang || "de", {
      hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23",
      timeZone: "Europe/Berlin"
    });
  } catch (error) {
    clock = null;
  }

  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  }

  function heard(online) {
    var time = part.querySelector("[data-live-updated]");
    var shown = part.querySelector("[data-live-clock]");
    var offline = part.querySelector("[data-live-offline]");
    if (online && time && clock) {
      var now = new Date();
      time.textContent = clock.format(now);
      time.setAttribute("datetime", now.toISOString());
      shown.hidden = false;
    }
    if (offline) {
      offline.hidden = online;
    }
  }

  // The pause button and the "paused" note as the state is, in whatever piece holds them.
  function showPause() {
    var button = document.getElementById("live-pause");
    var note = part.querySelector("[data-live-paused]");
    if (button && labels.pause) {
      button.hidden = false;
      button.textContent = paused ? labels.resume : labels.pause;
    }
    if (note) {
      note.hidden = !paused;
    }
  }

  // The live standings: each player's place and total.
  function standings(root) {
    var rows = {};
    root.querySelectorAll("tr[data-live-player]").forEach(function (row) {
      rows[row.getAttribute("data-live-player")] = {
        place: row.cells[0].textContent.trim().replace(/\.$/, ""),
        total: parseInt(row.querySelector("[data-live-total]").textContent, 10)
      };
    });
    return rows;
  }

  // One sentence for everyone whose place changed, best place first, with what their total
  // did; a hand that moves nobody is not announced (the totals are on screen).
  function sentence(before, after) {
    var parts = [];
    Object.keys(after).sort(function (a, b) {
      return after[a].place - after[b].place;
    }).forEach(function (name) {
      var old = before[name];
      var now = after[name];
      if (old && old.place === now.place) {
        return;
      }
      var change = old && !isNaN(old.total) ? now.total - old.total : now.total;
      var values = { name: name, place: now.place, change: change > 0 ? "+" + change : String(change) };
      parts.push(fill(change ? labels.moved : labels.placed, values));
    });
    return parts.length ? parts.join("; ") + "." : "";
  }

  function say(text) {
    if (news && text) {
      news.textContent = text;
    }
  }

  // Where focus is, as something the new piece has too: its id, else its link, else its
  // path of child positions from the part.
  function focusKey() {
    var active = document.activeElement;
    if (!active || active === part || !part.contains(active)) {
      return null;
    }
    if (active.id) {
      return { id: active.id };
    }
    if (active.getAttribute("aria-labelledby")) {
      return { selector: '[aria-labelledby="' + active.getAttribute("aria-labelledby") + '"]' };
    }
    var path = [];
    for (var node = active; node !== part; node = node.parentElement) {
      path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    }
    return { href: active.getAttribute("href"), path: path };
  }

  function refocus(key) {
    if (!key || part.contains(document.activeElement)) {
      return;
    }
    var target = null;
    if (key.id) {
      target = document.getElementById(key.id);
    } else if (key.selector) {
      target = part.querySelector(key.selector);
    } else {
      target = part;
      key.path.forEach(function (index) {
        target = target && target.children[index];
      });
      if (key.href && (!target || target.getAttribute("href") !== key.href)) {
        target = part.querySelector('a[href="' + key.href + '"]');
      }
    }
    if (target) {
      target.focus({ preventScroll: true });
    }
  }

  // Put in the pieces of the new part that changed; true while the evening is played.
  function swap(html) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("#evening-now");
    if (!fresh) {
      return true;
    }
    var before = standings(part);
    var key = focusKey();
    var pieces = Array.prototype.slice.call(fresh.children);
    if (pieces.length !== sent.length) {
      // Another shape (a table appeared): take the new part's pieces all.
      sent = [];
      while (part.firstChild) {
        part.removeChild(part.firstChild);
      }
      pieces.forEach(function (piece) {
        sent.push(piece.outerHTML);
        part.appendChild(piece);
      });
    } else {
      pieces.forEach(function (piece, index) {
        var html = piece.outerHTML;
        if (html === sent[index]) {
          return;
        }
        var old = part.children[index];
        var scrolled = old.classList.contains("table-scroll") ? old.scrollLeft : 0;
        old.replaceWith(piece);
        piece.scrollLeft = scrolled;
        sent[index] = html;
      });
    }
    var state = fresh.getAttribute("data-state");
    part.setAttribute("data-state", state);
    showPause();
    refocus(key);
    var text = sentence(before, standings(part));
    if (state !== "in_progress" && labels.finished) {
      text = (text ? text + " " : "") + labels.finished;
    }
    say(text);
    return state === "in_progress";
  }

  function poll() {
    timer = null;
    asking = true;
    var headers = {};
    if (etag) {
      headers["If-None-Match"] = etag;
    }
    var going = true;
    fetch(url, { headers: headers, credentials: "same-origin", cache: "no-cache" }).then(function (response) {
      if (response.status === 304) {
        heard(true);
        return null;
      }
      if (!response.ok) {
        heard(false);
        return null;
      }
      etag = response.headers.get("ETag");
      return response.text();
    }).then(function (html) {
      // Paused while the answer was on its way: it is not shown.
      if (html && !paused) {
        going = swap(html);
        heard(true);
      } else if (html) {
        etag = null;
      }
    }).catch(function () {
      // Offline for a moment: say so, and the next poll tries again.
      heard(false);
    }).then(function () {
      asking = false;
      if (!going) {
        var button = document.getElementById("live-pause");
        if (button && button !== document.activeElement) {
          button.hidden = true;
        }
        return;
      }
      if (!paused) {
        timer = window.setTimeout(poll, INTERVAL);
      }
    });
  }

  part.addEventListener("click", function (event) {
    if (!event.target.closest("#live-pause")) {
      return;
    }
    paused = !paused;
    if (paused && timer) {
      window.clearTimeout(timer);
      timer = null;
    }
    showPause();
    if (!paused && !timer && !asking) {
      poll();
    }
  });

  // The page was current when it came (the server checks the league's version first).
  heard(true);
  showPause();
  timer = window.setTimeout(poll, INTERVAL);
})();
