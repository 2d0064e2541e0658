// What a closing tab keeps (issue 27.4). While another tab's save waits for this tab's
// answer, this tab's own scenario is stored nowhere; the page (page/storage.py) hands it
// here as text, window.scatterlabHeld = {key, name, doc}, and when the tab goes away it
// is put into My scenarios (localStorage[key]) under that name, beside what is there.
// No Python runs at that moment: a tab may close while Python is suspended mid-work
// (page/slices.py), so this is a classic script of its own.
(function () {
  "use strict";
  window.addEventListener("pagehide", function () {
    var held = window.scatterlabHeld;
    if (!held) return;
    try {
      var saves = JSON.parse(window.localStorage.getItem(held.key) || "{}");
      if (!saves || typeof saves !== "object" || Array.isArray(saves)) return;
      var doc = JSON.parse(held.doc), name = held.name, n = 2;
      while (Object.prototype.hasOwnProperty.call(saves, name)
             && JSON.stringify(saves[name]) !== JSON.stringify(doc)) {
        name = held.name + " " + n++;
      }
      saves[name] = doc;
      window.localStorage.setItem(held.key, JSON.stringify(saves));
    } catch (e) { /* storage full or off: nothing more can be done as the tab closes */ }
  });
})();
