// The colour scheme (issue 22.10), applied before the page paints: the player's choice
// from the toggle, kept in localStorage, else the system's prefers-color-scheme. A classic
// script in <head>, so the page never flashes the other scheme while Python loads.
(function () {
  "use strict";
  var KEY = "scatterlab-theme";
  var root = document.documentElement;
  var system = window.matchMedia("(prefers-color-scheme: dark)");

  function stored() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function dark() {
    var chosen = root.dataset.theme;
    return chosen ? chosen === "dark" : system.matches;
  }
  function mark() {
    var button = document.getElementById("theme");
    if (button) {
      button.setAttribute("aria-pressed", dark() ? "true" : "false");
      // the words in the page's language (page/language.py sets them), English until then
      button.title = dark() ? (button.dataset.titleLight || "Light colours")
                            : (button.dataset.titleDark || "Dark colours");
    }
  }
  var chosen = stored();
  if (chosen === "dark" || chosen === "light") root.dataset.theme = chosen;
  system.addEventListener("change", mark);
  document.addEventListener("DOMContentLoaded", function () {
    var button = document.getElementById("theme");
    mark();
    button.addEventListener("click", function () {
      root.dataset.theme = dark() ? "light" : "dark";
      try { window.localStorage.setItem(KEY, root.dataset.theme); } catch (e) { /* off */ }
      mark();
    });
  });
})();
