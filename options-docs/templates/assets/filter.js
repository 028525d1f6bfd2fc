(function () {
  "use strict";
  // Filters the option rows (any element with data-key) by words, scope, change class and
  // deprecation.
  // Works from file:// and makes no network request.
  var form = document.querySelector("form.filter");
  if (!form) { return; }
  form.hidden = false;
  // Whatever takes focus scrolls clear of the sticky filter (WCAG 2.4.11): the page's scroll
  // padding follows the bar's height, which grows when its fields wrap onto a second line
  // (style.css's 7rem is the one-line height).
  function clearSticky() {
    var sticky = form.classList.contains("filter-sticky") && getComputedStyle(form).position === "sticky";
    document.documentElement.style.scrollPaddingTop = sticky ? (form.offsetHeight + 16) + "px" : "";
  }
  clearSticky();
  window.addEventListener("resize", clearSticky);
  var text = document.getElementById("filter-text");
  var scope = document.getElementById("filter-scope");
  var change = document.getElementById("filter-change");
  var deprecated = document.getElementById("filter-deprecated");
  var absent = document.getElementById("filter-absent");
  var absentMatches = document.getElementById("filter-absent-matches");
  var count = document.getElementById("filter-count");
  var empty = document.getElementById("filter-empty");
  var rows, haystacks;
  // The rows and their text; the release picker asks again for the rows it re-rendered.
  function collect(changed) {
    if (changed && rows) {
      changed.forEach(function (row) {
        var i = rows.indexOf(row);
        if (i !== -1) { haystacks[i] = row.textContent.toLowerCase(); }
      });
      return;
    }
    rows = Array.prototype.slice.call(document.querySelectorAll("[data-key]"));
    haystacks = rows.map(function (row) { return row.textContent.toLowerCase(); });
  }
  collect();
  // A row of an option the chosen release does not read (set by assets/release.js).
  function isAbsent(row) { return row.getAttribute("data-absent") === "true"; }

  // Options without a declared scope apply to every job, so a scope filter keeps them.
  function inScope(row, wanted) {
    if (wanted === "all") { return true; }
    var scopes = (row.getAttribute("data-scope") || "none").split(" ");
    return scopes.indexOf(wanted) !== -1 || scopes.indexOf("none") !== -1;
  }

  function matches(i, words, wanted, showDeprecated, wantedChange) {
    var row = rows[i];
    for (var w = 0; w < words.length; w++) {
      if (haystacks[i].indexOf(words[w]) === -1) { return false; }
    }
    if (!inScope(row, wanted)) { return false; }
    if (wantedChange !== "all" && row.getAttribute("data-change") !== wantedChange) { return false; }
    return showDeprecated || row.getAttribute("data-deprecated") !== "true";
  }

  // Options the chosen release does not read that the words match, while they are hidden: each
  // named with why ("removed in 2.0: use ..."), so a search never silently finds nothing.
  function tellAbsent(found) {
    if (!absentMatches) { return; }
    absentMatches.textContent = "";
    absentMatches.hidden = found.length === 0;
    if (!found.length) { return; }
    var release = document.documentElement.getAttribute("data-release") || "";
    absentMatches.appendChild(document.createTextNode(
      (found.length === 1 ? "1 option not in " + release + " also matches: "
        : found.length + " options not in " + release + " also match: ")));
    found.slice(0, 5).forEach(function (row, i) {
      if (i > 0) { absentMatches.appendChild(document.createTextNode("; ")); }
      var code = document.createElement("code");
      code.textContent = row.getAttribute("data-key");
      absentMatches.appendChild(code);
      absentMatches.appendChild(document.createTextNode(" (" + (row.getAttribute("data-state") || "") + ")"));
    });
    if (found.length > 5) { absentMatches.appendChild(document.createTextNode("; ...")); }
    absentMatches.appendChild(document.createTextNode(". Tick \u201cShow options not in this release\u201d to list them."));
  }

  function apply() {
    var words = text ? text.value.toLowerCase().split(/\s+/).filter(Boolean) : [];
    var wanted = scope ? scope.value : "all";
    var wantedChange = change ? change.value : "all";
    var showDeprecated = deprecated ? deprecated.checked : true;
    var showAbsent = absent ? absent.checked : true;
    var shown = 0;
    var total = 0;
    var hiddenAbsent = [];
    rows.forEach(function (row, i) {
      var ok = matches(i, words, wanted, showDeprecated, wantedChange);
      var out = isAbsent(row);
      if (!out) { total += 1; }
      if (ok && out && !showAbsent) {
        ok = false;
        if (words.length) { hiddenAbsent.push(row); }
      }
      row.hidden = !ok;
      if (ok && !out) { shown += 1; }
    });
    tellAbsent(hiddenAbsent);
    var filtering = words.length > 0 || wanted !== "all" || wantedChange !== "all" || !showDeprecated;
    document.body.classList.toggle("filtering", filtering);
    if (count) {
      count.textContent = filtering
        ? shown + " of " + total + " options match"
        : total + " options";
    }
    if (empty) { empty.hidden = shown > 0 || hiddenAbsent.length > 0 || rows.some(function (r) { return !r.hidden; }); }
  }

  function reset() {
    if (text) { text.value = ""; }
    if (scope) { scope.value = "all"; }
    if (change) { change.value = "all"; }
    if (deprecated) { deprecated.checked = true; }
    apply();
  }

  function firstShown() {
    for (var i = 0; i < rows.length; i++) {
      if (!rows[i].hidden) { return rows[i]; }
    }
    return null;
  }

  // A linked option (#anchor, also an old key's anchor) is shown even if the filters hid it.
  function reveal() {
    var id;
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }
    var target = id && document.getElementById(id);
    var row = target && target.closest("[data-key]");
    if (row && row.hidden) {
      reset();
    }
    // An option the chosen release lacks is still shown when linked, marked as absent.
    if (row && row.hidden && absent && isAbsent(row)) {
      absent.checked = true;
      apply();
    }
    if (row) { row.scrollIntoView({ block: "start" }); }
  }

  [text, scope, change, deprecated, absent].forEach(function (input) {
    if (input) {
      input.addEventListener("input", apply);
      input.addEventListener("change", apply);
    }
  });
  Array.prototype.forEach.call(document.querySelectorAll(".filter-reset"), function (button) {
    button.addEventListener("click", function () { reset(); if (text) { text.focus(); } });
  });

  // Enter opens the first match (on the index) or moves to it (on a section page).
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var row = firstShown();
    if (!row) { return; }
    var link = row.querySelector("a[href]");
    if (row.tagName === "LI" && link) {
      location.href = link.href;
    } else if (link) {
      row.scrollIntoView({ block: "start" });
      link.focus({ preventScroll: true });
    }
  });

  document.addEventListener("keydown", function (event) {
    var typing = /^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName) || event.target.isContentEditable;
    if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey && text) {
      event.preventDefault();
      text.focus();
      text.select();
    } else if (event.key === "Escape" && event.target === text && text.value) {
      text.value = "";
      apply();
    }
  });

  // ?q=words pre-fills the filter, so a filtered view can be bookmarked or shared.
  var params = new URLSearchParams(location.search);
  var query = params.get("q");
  if (query && text && !text.value) { text.value = query; }
  // ?change=<class id> pre-selects a change class ("every option a restart needs").
  var wantedClass = params.get("change");
  if (wantedClass && change && change.querySelector("option[value=\"" + wantedClass.replace(/["\\]/g, "") + "\"]")) {
    change.value = wantedClass;
  }
  apply();
  window.addEventListener("hashchange", reveal);
  if (location.hash) { reveal(); }
  // For assets/release.js: after a release switch, read the rows again and filter them.
  window.optionFilter = {
    refresh: function (changed) { collect(changed); apply(); },
    reveal: reveal
  };
})();
(function () {
  "use strict";
  // Navigation: one family menu open at a time; Escape, a click elsewhere or focus moving out
  // closes it.
  var menus = Array.prototype.slice.call(document.querySelectorAll("details.nav-family"));
  function closeAll(except) {
    menus.forEach(function (m) { if (m !== except) { m.open = false; } });
  }
  menus.forEach(function (menu) {
    // Tab past the last section, or Shift+Tab before the title, leaves the menu: close it. Focus
    // moving to nothing (a click on plain text, the window losing focus) is left to the click
    // handler, so a click on a section link still lands.
    menu.addEventListener("focusout", function (e) {
      if (menu.open && e.relatedTarget && !menu.contains(e.relatedTarget)) { menu.open = false; }
    });
    menu.addEventListener("toggle", function () {
      if (!menu.open) { return; }
      closeAll(menu);
      // A menu near the right edge opens leftwards rather than past the window.
      var list = menu.querySelector(".nav-sections");
      if (!list) { return; }
      list.style.left = "";
      list.style.right = "";
      if (list.getBoundingClientRect().right > document.documentElement.clientWidth) {
        list.style.left = "auto";
        list.style.right = "0";
      }
    });
  });
  document.addEventListener("click", function (e) {
    if (!e.target.closest || !e.target.closest("details.nav-family")) { closeAll(null); }
  });
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape") { return; }
    // Closing a menu hides the link that had focus; give focus back to the menu's title rather
    // than letting it fall to the page.
    var inside = e.target.closest && e.target.closest("details.nav-family[open]");
    closeAll(null);
    if (inside) { inside.querySelector("summary").focus(); }
    // Escape closes an open "How to set" too, from its title or from within.
    var howTo = e.target.closest && e.target.closest("details.how-to-set[open]");
    if (howTo) {
      howTo.open = false;
      howTo.querySelector("summary").focus();
    }
  });
})();
