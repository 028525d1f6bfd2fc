// Generated from the option declarations; do not edit. Regenerate with: BLESS=1 cargo test
(function () {
  "use strict";
  // The release picker. The pages show the newest release completely; assets/release-facts.js
  // holds only what each earlier release differs in, and this re-renders the rows that differ in
  // place: default, type, possible values, old spellings, badges, and whether the release reads
  // the option at all. The choice is in the URL (?release=2.0) and remembered for the next page.
  var facts = window.releaseFacts;
  var select = document.getElementById("release-select");
  if (!facts || !select) { return; }
  var newest = facts.newest;
  var storeKey = "declared-options.release." + facts.engine;
  var list = document.querySelector("ul.option-list");
  var sectionTitles = {};
  Array.prototype.forEach.call(document.querySelectorAll("tr[data-section] a"), function (a) {
    sectionTitles[a.closest("tr").getAttribute("data-section")] = a.textContent;
  });

  var LINK_ICON = "<svg class=\"icon\" viewBox=\"0 0 16 16\" width=\"16\" height=\"16\" aria-hidden=\"true\" focusable=\"false\">" +
    "<path d=\"M6.6 9.4l2.8-2.8M7.1 4.6l1.3-1.3a2.9 2.9 0 0 1 4.1 4.1l-1.3 1.3M8.9 11.4l-1.3 1.3a2.9 2.9 0 0 1-4.1-4.1l1.3-1.3\" " +
    "fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.6\" stroke-linecap=\"round\"/></svg>";

  function esc(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" }[c];
    });
  }
  function codes(values) {
    return values.map(function (v) { return "<code>" + esc(v) + "</code>"; }).join(", ");
  }
  function badge(label) {
    var cls = label.split(" ")[0].toLowerCase();
    return "<span class=\"badge badge-" + cls + "\">" + esc(label) + "</span>";
  }

  // The row of an option documented only by earlier releases, as its newest documenting release
  // showed it.
  function extraHtml(key, e) {
    var badges = (e.x ? badge("Deprecated") + " " : "") + (e.b || []).map(badge).join(" ");
    if (list) {
      return "<span class=\"option-head\"><a href=\"" + esc(e.s) + ".html#" + esc(e.a) + "\"><code>" +
        esc(key) + "</code></a> " + badges + " <span class=\"section-name\">" +
        esc(sectionTitles[e.s] || e.s) + "</span></span> <span class=\"summary\">" + e.sum + "</span>";
    }
    var notes = [["Possible values", e.v], ["Deprecated keys", e.k], ["Fallback keys", e.f]]
      .filter(function (n) { return n[1] && n[1].length; })
      .map(function (n) {
        return "<p class=\"note\"><span class=\"note-label\">" + n[0] + ":</span> " + codes(n[1]) + "</p>";
      }).join("\n");
    return "<th scope=\"row\" class=\"key\"><span class=\"key-line\"><code class=\"key-name\">" + esc(key) +
      "<a class=\"anchor\" href=\"#" + esc(e.a) + "\" aria-label=\"Link to " + esc(key) +
      "\" title=\"Link to this option\">" + LINK_ICON + "</a></code></span>\n<span class=\"badges\">" + badges +
      "</span></th>\n<td class=\"default\" data-label=\"Default\">" +
      (e.n ? "<span class=\"none\">" + esc(e.d) + "</span>" : "<code>" + esc(e.d) + "</code>") +
      "</td>\n<td class=\"type\" data-label=\"Type\">" + esc(e.t) +
      "</td>\n<td class=\"description\"><p>" + e.sum + "</p>\n" + notes + "</td>";
  }

  // Every option the page lists: its element, whether the page shows it deprecated, what the
  // release shown makes of it (`look`), and, for an earlier release's only, its facts (`extra`).
  var entries = {};
  Array.prototype.forEach.call(document.querySelectorAll("[data-key]"), function (el) {
    entries[el.getAttribute("data-key")] = {
      el: el, deprecated: el.getAttribute("data-deprecated"), look: JSON.stringify([null, null, 0])
    };
  });
  var pageSection = (document.querySelector("table.configuration[data-section]") || { getAttribute: function () { return null; } })
    .getAttribute("data-section");
  Object.keys(facts.extra).forEach(function (key) {
    var e = facts.extra[key];
    var parent, tag;
    if (list) {
      parent = list; tag = "li";
    } else if (pageSection === e.s) {
      parent = document.querySelector("table.configuration tbody"); tag = "tr";
    } else {
      return;
    }
    var el = document.createElement(tag);
    el.setAttribute("data-key", key);
    el.setAttribute("data-scope", e.sc);
    el.setAttribute("data-deprecated", e.x ? "true" : "false");
    el.setAttribute("data-extra", "true");
    el.className = "extra";
    // An old key that a newer option still reads has an anchor on that option's row; the extra
    // row takes the anchor only while its release reads it (see render).
    if (tag === "tr" && !document.getElementById(e.a)) { el.id = e.a; }
    el.innerHTML = extraHtml(key, e);
    // In key order among the section's entries (on the index: after its last one).
    var before = null;
    var last = null;
    Array.prototype.forEach.call(parent.children, function (sibling) {
      var link = list ? sibling.querySelector("a") : null;
      var mine = !list || (link && link.getAttribute("href").indexOf(e.s + ".html#") === 0);
      if (!mine) { return; }
      last = sibling;
      if (!before && sibling.getAttribute("data-key") > key) { before = sibling; }
    });
    if (!before && last) { before = last.nextSibling; }
    parent.insertBefore(el, before);
    entries[key] = { el: el, deprecated: el.getAttribute("data-deprecated"), extra: e };
  });

  // The facts of `key` at `release`: the page's (or the extra's), with the release's differences.
  function baseFacts(key) {
    var entry = entries[key];
    if (entry.extra) { return entry.extra; }
    if (!entry.base) {
      // Read from the row: its saved cells once patched, and the page's own notes (hidden ones
      // included, added ones not).
      var el = entry.el;
      var probe = document.createElement("td");
      probe.innerHTML = entry.saved ? entry.saved.def || "" : (el.querySelector("td.default") || probe).innerHTML;
      var note = function (label) {
        var found = [];
        Array.prototype.forEach.call(el.querySelectorAll("p.note:not(.release-added)"), function (p) {
          var l = p.querySelector(".note-label");
          if (l && l.textContent === label + ":") {
            found = Array.prototype.map.call(p.querySelectorAll("code"), function (c) { return c.textContent; });
          }
        });
        return found;
      };
      entry.base = {
        d: probe.textContent, n: probe.querySelector(".none") ? 1 : 0,
        t: entry.saved ? entry.saved.type : (el.querySelector("td.type") || { textContent: "" }).textContent,
        v: note("Possible values"), k: note("Deprecated keys"), f: note("Fallback keys"),
        x: entry.deprecated === "true" ? 1 : 0, h: 0
      };
    }
    return entry.base;
  }
  function factsAt(key, release) {
    var base = baseFacts(key);
    var diff = (facts.diff[release] || {})[key] || {};
    var out = {};
    ["d", "n", "t", "v", "k", "f", "x", "h"].forEach(function (f) { out[f] = f in diff ? diff[f] : base[f]; });
    var absent = (facts.absent[release] || {})[key];
    out.absent = absent || null;
    return out;
  }

  // A note as the release has it: the page's own note is hidden (not removed), so restoring
  // the page's release only drops what was added.
  function setNote(cell, label, values) {
    var existing = null;
    Array.prototype.forEach.call(cell.querySelectorAll("p.note"), function (p) {
      var l = p.querySelector(".note-label");
      if (l && l.textContent === label + ":" && !p.hidden) { existing = p; }
    });
    if (existing) { existing.hidden = true; existing.classList.add("release-replaced"); }
    if (!values || !values.length) { return; }
    var p = document.createElement("p");
    p.className = "note release-differs release-added";
    p.innerHTML = "<span class=\"note-label\">" + esc(label) + ":</span> " + codes(values);
    cell.insertBefore(p, existing || cell.querySelector("p.note, details"));
  }

  // Undoes `patch`: the row as the page has it.
  function restore(entry) {
    var el = entry.el;
    var saved = entry.saved;
    if (!saved) {
      var def = el.querySelector("td.default");
      var type = el.querySelector("td.type");
      var head = el.querySelector(".badges") || el.querySelector(".option-head");
      saved = entry.saved = {
        def: def && def.innerHTML, type: type && type.textContent, head: head, badges: head && head.innerHTML,
        how: Array.prototype.map.call(howToSet(el), function (c) { return c.textContent; })
      };
      return;
    }
    Array.prototype.forEach.call(howToSet(el), function (c, i) {
      if (saved.how[i] !== undefined && c.textContent !== saved.how[i]) { c.textContent = saved.how[i]; }
    });
    Array.prototype.forEach.call(el.querySelectorAll(".release-added, .release-state"), function (n) { n.remove(); });
    Array.prototype.forEach.call(el.querySelectorAll(".release-replaced"), function (n) {
      n.hidden = false; n.classList.remove("release-replaced");
    });
    Array.prototype.forEach.call(el.querySelectorAll(".release-differs"), function (n) { n.classList.remove("release-differs"); });
    var def = el.querySelector("td.default");
    if (def && def.innerHTML !== saved.def) { def.innerHTML = saved.def; }
    var type = el.querySelector("td.type");
    if (type && type.textContent !== saved.type) { type.textContent = saved.type; }
    if (saved.head && saved.head.innerHTML !== saved.badges) { saved.head.innerHTML = saved.badges; }
    el.setAttribute("data-deprecated", entry.deprecated);
    el.removeAttribute("data-absent");
    el.removeAttribute("data-state");
    el.classList.remove("absent");
  }

  // The code of each line of the row's "How to set" (they show the default).
  function howToSet(el) {
    return el.querySelectorAll("details.how-to-set dd code");
  }

  function stateLine(el, html) {
    var p = document.createElement(el.tagName === "LI" ? "span" : "p");
    p.className = "release-state";
    p.innerHTML = html;
    var host = el.querySelector("td.description") || el;
    host.insertBefore(p, el.tagName === "LI" ? null : host.firstChild);
  }

  // Puts the option of `entry` as `release` has it.
  function patch(key, entry, release) {
    var el = entry.el;
    var diff = (facts.diff[release] || {})[key];
    var why = (facts.absent[release] || {})[key];
    // An option the release reads but leaves out of its docs is listed like an absent one.
    var hidden = !why && (diff && "h" in diff ? diff.h : (entry.extra ? entry.extra.h : 0));
    if (hidden) {
      el.setAttribute("data-absent", "true");
      el.setAttribute("data-state", "not documented in " + release);
      el.classList.add("absent");
      stateLine(el, "Not documented in " + esc(facts.engine) + " " + esc(release) + " (read, but hidden from its docs).");
    }
    if (why) {
      el.setAttribute("data-absent", "true");
      var replacement = entry.extra && entry.extra.note && why.indexOf("removed") === 0
        ? document.createRange().createContextualFragment(entry.extra.note).textContent : "";
      el.setAttribute("data-state", why + (replacement ? ": " + replacement : ""));
      el.classList.add("absent");
      var text = "Not in " + esc(facts.engine) + " " + esc(release) + ": " + esc(why) + ".";
      if (entry.extra && entry.extra.note && why.indexOf("removed") === 0) {
        text += " " + entry.extra.note;
      }
      stateLine(el, text);
    }
    if (entry.extra && el.tagName === "TR") {
      // The anchor belongs to this row while the release reads it, else to the newer option that
      // reads the old key (its span.old-anchor), which lends it meanwhile.
      var holder = document.getElementById(entry.extra.a);
      if (!why && holder && holder !== el) {
        holder.removeAttribute("id");
        entry.lender = holder;
        el.id = entry.extra.a;
      }
      if (why && entry.lender) {
        el.removeAttribute("id");
        entry.lender.id = entry.extra.a;
        entry.lender = null;
      }
    }
    if (!diff) { return; }
    var cell = el.querySelector("td.default");
    if (cell && "d" in diff) {
      var none = "n" in diff ? diff.n : baseFacts(key).n;
      cell.innerHTML = none ? "<span class=\"none\">" + esc(diff.d) + "</span>" : "<code>" + esc(diff.d) + "</code>";
      cell.classList.add("release-differs");
    }
    if ("w" in diff) {
      Array.prototype.forEach.call(howToSet(el), function (c, i) {
        if (typeof diff.w[i] === "string" && c.textContent !== diff.w[i]) {
          c.textContent = diff.w[i];
          c.classList.add("release-differs");
        }
      });
    }
    var type = el.querySelector("td.type");
    if (type && "t" in diff) { type.textContent = diff.t; type.classList.add("release-differs"); }
    var description = el.querySelector("td.description");
    if (description) {
      if ("v" in diff) { setNote(description, "Possible values", diff.v); }
      if ("k" in diff) { setNote(description, "Deprecated keys", diff.k); }
      if ("f" in diff) { setNote(description, "Fallback keys", diff.f); }
    }
    var badges = el.querySelector(".badges") || el.querySelector(".option-head");
    if ("x" in diff) {
      el.setAttribute("data-deprecated", diff.x ? "true" : "false");
      var old = badges && badges.querySelector(".badge-deprecated");
      if (!diff.x && old) { old.remove(); }
      if (diff.x && !old && badges) { badges.insertAdjacentHTML("beforeend", badge("Deprecated") + " "); }
    }
    if ("b" in diff && badges) {
      Array.prototype.forEach.call(badges.querySelectorAll(".badge-new, .badge-changed"), function (b) { b.remove(); });
      var at = badges.querySelector(".section-name");
      diff.b.forEach(function (label) {
        var span = document.createElement("span");
        span.innerHTML = badge(label);
        badges.insertBefore(span.firstChild, at);
        if (at) { badges.insertBefore(document.createTextNode(" "), at); }
      });
    }
  }

  // The history of one option: every release side by side.
  function historyTable(key) {
    var rows = facts.releases.slice().reverse().map(function (r) {
      var f = factsAt(key, r);
      var state = f.absent ? "Not read: " + esc(f.absent) : f.h ? "Hidden" : f.x ? "Deprecated" : "Documented";
      var current = r === shown ? " class=\"picked\" aria-current=\"true\"" : "";
      return "<tr" + current + "><th scope=\"row\">" + esc(r) + "</th><td>" + state + "</td><td>" +
        (f.absent ? "" : f.n ? "<span class=\"none\">" + esc(f.d) + "</span>" : "<code>" + esc(f.d) + "</code>") +
        "</td><td>" + (f.absent ? "" : esc(f.t)) + "</td><td>" + (f.absent || !f.v ? "" : codes(f.v)) + "</td></tr>";
    });
    return "<table class=\"history-table\"><caption>" + esc(key) + " in each " + esc(facts.engine) +
      " release</caption><thead><tr><th scope=\"col\">Release</th><th scope=\"col\">State</th>" +
      "<th scope=\"col\">Default</th><th scope=\"col\">Type</th><th scope=\"col\">Values</th></tr></thead><tbody>" +
      rows.join("") + "</tbody></table>";
  }
  function addHistory(key, entry) {
    var cell = entry.el.querySelector("td.description");
    if (!cell) { return; }
    var details = document.createElement("details");
    details.className = "release-history";
    details.innerHTML = "<summary>History across releases</summary>";
    details.addEventListener("toggle", function () {
      if (details.open) { details.insertAdjacentHTML("beforeend", historyTable(key)); } else {
        var t = details.querySelector("table"); if (t) { t.remove(); }
      }
    });
    cell.insertBefore(details, cell.querySelector("details.how-to-set"));
  }

  var shown = newest;
  var touched = {};
  // Re-renders the page as `release` has it; returns the milliseconds it took.
  function render(release) {
    var started = performance.now();
    var next = {};
    [facts.diff[release], facts.absent[release]].forEach(function (m) {
      Object.keys(m || {}).forEach(function (k) { if (entries[k]) { next[k] = true; } });
    });
    Object.keys(facts.extra).forEach(function (k) { if (entries[k]) { next[k] = true; } });
    var changed = [];
    Object.keys(touched).concat(Object.keys(next)).forEach(function (key) {
      var entry = entries[key];
      if (!entry || entry.done === release) { return; }
      entry.done = release;
      // A row that the two releases show alike is left as it is.
      var look = JSON.stringify([(facts.diff[release] || {})[key], (facts.absent[release] || {})[key], entry.extra ? release : 0]);
      if (entry.look === look) { return; }
      entry.look = look;
      changed.push(entry.el);
      restore(entry);
      patch(key, entry, release);
    });
    Object.keys(entries).forEach(function (k) { if (entries[k].done !== release) { entries[k].done = null; } });
    touched = next;
    shown = release;
    document.documentElement.setAttribute("data-release", release);
    Array.prototype.forEach.call(document.querySelectorAll(".release-shown"), function (s) { s.textContent = release; });
    // An open history marks the release shown.
    Array.prototype.forEach.call(document.querySelectorAll("details.release-history[open]"), function (d) {
      var table = d.querySelector("table");
      if (table) { table.outerHTML = historyTable(d.closest("[data-key]").getAttribute("data-key")); }
    });
    if (window.optionFilter) { window.optionFilter.refresh(changed); }
    return performance.now() - started;
  }

  // The row to keep in view across a switch: the linked one, else the first one on screen.
  function anchorRow() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    var row = target && target.closest("[data-key]");
    if (row && !row.hidden) { return row; }
    var all = document.querySelectorAll("[data-key]");
    for (var i = 0; i < all.length; i++) {
      var r = all[i].getBoundingClientRect();
      if (!all[i].hidden && r.bottom > 80) { return all[i]; }
    }
    return null;
  }

  function choose(release, remember) {
    var keep = anchorRow();
    var top = keep && keep.getBoundingClientRect().top;
    var key = keep && keep.getAttribute("data-key");
    var ms = render(release);
    var url = new URL(location.href);
    if (release === newest) { url.searchParams.delete("release"); } else { url.searchParams.set("release", release); }
    history.replaceState(history.state, "", url.href);
    if (remember) {
      try { localStorage.setItem(storeKey, release); } catch (e) { /* storage may be off */ }
    }
    var back = key && entries[key] && entries[key].el;
    if (back && !back.hidden) {
      window.scrollBy(0, back.getBoundingClientRect().top - top);
    } else if (location.hash && window.optionFilter) {
      window.optionFilter.reveal();
    }
    window.releasePicker.lastRenderMs = ms;
    return ms;
  }

  window.releasePicker = { choose: function (r) { select.value = r; return choose(r, true); }, lastRenderMs: 0 };
  Object.keys(entries).forEach(function (k) { addHistory(k, entries[k]); });
  select.form.hidden = false;
  select.form.addEventListener("submit", function (e) { e.preventDefault(); });
  var plain = document.querySelector(".release-static");
  if (plain) { plain.hidden = true; }
  // A "What changed in V" page has one for every release but the first: switching goes there.
  var step = /(^|\/)changes-([^/]+)\.html$/.exec(location.pathname);
  select.addEventListener("change", function () {
    var r = select.value;
    if (step && r !== step[2] && r !== facts.releases[0]) {
      try { localStorage.setItem(storeKey, r); } catch (e) { /* storage may be off */ }
      location.href = "changes-" + encodeURIComponent(r) + ".html" + (r === newest ? "" : "?release=" + encodeURIComponent(r));
      return;
    }
    choose(r, true);
  });

  var wanted = new URLSearchParams(location.search).get("release");
  if (!wanted) { try { wanted = localStorage.getItem(storeKey); } catch (e) { wanted = null; } }
  if (facts.releases.indexOf(wanted) === -1) { wanted = newest; }
  select.value = wanted;
  document.documentElement.setAttribute("data-release", newest);
  // Extra rows start out as the newest release has them (not read), before the first filter.
  render(wanted);
  if (wanted !== newest) {
    var url = new URL(location.href);
    url.searchParams.set("release", wanted);
    history.replaceState(history.state, "", url.href);
  }
})();
