(function () {
  "use strict";
  // Filters the rows (any element with data-key) by text, scope and deprecation; no network.
  var form = document.querySelector("form.filter");
  if (!form) { return; }
  form.hidden = false;
  var text = document.getElementById("filter-text");
  var scope = document.getElementById("filter-scope");
  var deprecated = document.getElementById("filter-deprecated");
  var count = document.getElementById("filter-count");
  var rows = Array.prototype.slice.call(document.querySelectorAll("[data-key]"));

  function matches(row, words, wanted, showDeprecated) {
    var haystack = row.textContent.toLowerCase();
    for (var i = 0; i < words.length; i++) {
      if (haystack.indexOf(words[i]) === -1) { return false; }
    }
    var scopes = (row.getAttribute("data-scope") || "").split(" ");
    if (wanted !== "all" && scopes.indexOf(wanted) === -1) { return false; }
    return showDeprecated || row.getAttribute("data-deprecated") !== "true";
  }

  function apply() {
    var words = text ? text.value.toLowerCase().split(/\s+/).filter(Boolean) : [];
    var wanted = scope ? scope.value : "all";
    var showDeprecated = deprecated ? deprecated.checked : true;
    var shown = 0;
    rows.forEach(function (row) {
      var ok = matches(row, words, wanted, showDeprecated);
      row.hidden = !ok;
      if (ok) { shown += 1; }
    });
    if (count) { count.textContent = shown + " of " + rows.length + " options"; }
  }

  [text, scope, deprecated].forEach(function (input) {
    if (input) {
      input.addEventListener("input", apply);
      input.addEventListener("change", apply);
    }
  });
  apply();
})();
