"""The page's language (issue 26): which one it speaks, the switch that changes it, and the
page's static words said in it.

Which language a visit starts in (`initial`):

1. a link's ``?lang=`` (``ja`` or ``en``) wins for that visit: a demo sent to a Japanese
   group opens in Japanese whatever the reader chose before. It is not remembered: the
   reader's own choice, stored, is unchanged until they use the switch;
2. else the choice made with the switch on an earlier visit (localStorage `KEY`, kept as
   the theme is: web/theme.js);
3. else the browser's languages on a first visit: the first of ``navigator.languages``
   that is Japanese or English decides (``ja``, ``ja-JP``... give Japanese); English when
   none is.

A share link carries the sharer's language as ``?lang=ja`` when it is not English (the
default), so an English link leaves the reader's own choice alone (page/storage.py).

The static text of web/index.html names its message in data attributes: ``data-words``
(the element's text), ``data-words-aria`` (aria-label), ``data-words-title`` (title) and
``data-words-placeholder``; `say_static` fills them. index.html keeps the English, the same
as the catalogue's, as the first paint. The switch (English / 日本語) re-says everything
shown at once (`on_switch`), keeping the scenario, the rolled result, the odds and the aims.

<body data-said> names the language everything shown is said in, once it all is (the
switch's work runs in slices on a large board: tests wait on it).
"""

from __future__ import annotations

from pyscript import document, window

from engine.words import LANG_NAMES, LANGS, Lang, msg, say

from .dom import Element, Event, absent, attr, make
from .state import State
from .words import chosen_language

KEY = "scatterlab:lang"
"""Where the switch's choice is kept (localStorage)."""

ATTRIBUTES = (("data-words-aria", "aria-label"), ("data-words-title", "title"),
              ("data-words-placeholder", "placeholder"))
"""The data attributes naming an attribute's message, and the attribute each fills."""


def stored() -> str | None:
    """The switch's choice of an earlier visit, None when there is none."""
    try:
        value = window.localStorage.getItem(KEY)
    except Exception:
        return None
    return None if absent(value) else str(value)


def remember(lang: Lang) -> None:
    """Keep the switch's choice for the next visits (storage off: for this visit only)."""
    try:
        window.localStorage.setItem(KEY, lang)
    except Exception:
        return


def browser_languages() -> list[str]:
    """navigator.languages (navigator.language where the browser has no list)."""
    nav = window.navigator
    langs = getattr(nav, "languages", None)
    if not absent(langs) and langs is not None and int(langs.length):
        return [str(tag) for tag in langs]
    one = getattr(nav, "language", None)
    return [] if absent(one) or one is None else [str(one)]


def initial(link: str | None) -> Lang:
    """The language this visit starts in, from the link's ``lang=`` (`link`), the stored
    choice and the browser."""
    return chosen_language(link, stored(), browser_languages())


def say_static(lang: Lang) -> None:
    """The page's static words in `lang`: every element naming a message in its data
    attributes, <html lang>, the document's title and the switch's state."""
    root = document.documentElement
    root.lang = lang
    document.title = say(msg("page.html.doc_title"), lang)  # <title> stays bare for CI's check
    for node in document.querySelectorAll("[data-words]"):
        node.textContent = say(msg(attr(node, "data-words")), lang)
    for data, name in ATTRIBUTES:
        for node in document.querySelectorAll(f"[{data}]"):
            text = say(msg(attr(node, data)), lang)
            node.setAttribute(name, text)
            if name == "title" and node.hasAttribute("data-title"):
                node.setAttribute("data-title", text)  # the title a legal setup restores
    theme = document.getElementById("theme")
    if not absent(theme):  # web/theme.js titles the toggle with these
        theme.dataset.titleDark = say(msg("page.html.theme_dark"), lang)
        theme.dataset.titleLight = say(msg("page.html.theme_light"), lang)
        dark = attr(theme, "aria-pressed") == "true"
        theme.title = theme.dataset.titleLight if dark else theme.dataset.titleDark
    for button in document.querySelectorAll("#lang button[data-lang]"):
        button.setAttribute("aria-pressed", "true" if attr(button, "data-lang") == lang
                            else "false")


def fill_switch() -> Element:
    """The switch's buttons, each language named in its own words (and marked as that
    language, so a screen reader says it so): English, 日本語."""
    box = document.getElementById("lang")
    box.replaceChildren()
    for lang in LANGS:
        box.appendChild(make("button", LANG_NAMES[lang], type="button", data_lang=lang,
                             lang=lang, aria_pressed="false"))
    return box


async def on_switch(state: State, ev: Event) -> None:
    """A language picked with the switch: remembered, and everything shown said in it."""
    button = ev.target.closest("button[data-lang]")
    if absent(button):
        return
    lang = chosen_language(attr(button, "data-lang"), state.lang, ())
    if lang == state.lang:
        return
    state.lang = lang
    remember(state.lang)
    await resay(state)


async def resay(state: State) -> None:
    """Everything on screen said again in `state.lang`, nothing resolved or lost: the
    static words, the fields, the result and the log (the same resolution, said anew), the
    board, the odds, the best aims, the open "I rolled" question, the rules, the Build
    panel, the message box and the notices."""
    # imported here: these modules import the page's whole chain, this one stays light
    from . import aim, board, bridge, editor, irolled, library, panels, rules
    from .build import panel
    from .dom import resay_message
    from .notice import resay_notices

    say_static(state.lang)
    editor.fill_system_select(state)
    editor.fill_demo_select(state, state.shown.system)
    editor.fill_fields(state)
    if state.resolution is not None:
        state.res_dict = state.resolution.to_dict(state.lang)
    if state.entered is not None:
        irolled.ask(state)  # the question, the result so far and the board, said anew
    else:
        panels.show_log(state)
        if board.board_svg() is not None:
            bridge.draw(state)
    if state.odds is not None and not document.getElementById("odds-box").hidden:
        panels.show_odds(state, state.odds.to_dict())
    aim.fill_objectives(state)
    if state.aim_ranking is not None:
        placed = document.querySelector("#aim-table tr.placed")
        aim.show_table(state, -1 if absent(placed) else int(attr(placed, "data-index")))
    library.fill(state)
    panel.after_change(state)
    resay_message(state)
    resay_notices(state)
    await rules.rebuild(state)
    document.body.dataset.said = state.lang  # all of it said: tests wait on this
