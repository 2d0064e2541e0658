"""The rules, browsable (issue 14.11): every clause with its text, by system, each with a
button that opens the demo at the step citing it (or at the refusal, for a prohibition;
one the loader enforces shows its example, engine.render.rules.load_refusals); a clause ID
in the log opens its entry. Built the first time it is opened: it resolves
every demo once (engine.render.rules.where_shown)."""

from __future__ import annotations

import js
from pyodide.ffi import to_js

from engine.render.rules import LoadRefusal, load_refusals, rules_by_family, where_shown
from engine.words import msg, say

from . import bridge
from .dom import Element, Event, absent, attr, el, make, show_message, tell
from .editor import demo_title
from .loading import fetch_text, load_demo
from .state import State
from .words import in_words


async def rebuild(state: State) -> None:
    """The rules said again in the page's language (the language switch): built anew
    if they are open, else the next time they are."""
    el("rules").setAttribute("data-built", "")
    if el("rules-box").open:
        await build(state)


async def build(state: State) -> None:
    """Fill #rules once (in the page's language): the clauses by family, and where each
    is shown."""
    box = el("rules")
    if attr(box, "data-built") == "yes":
        return
    lang = state.lang
    demos, texts = [], {}
    for d in state.index.get("demos", []):
        try:
            texts[d["file"]] = await fetch_text("./demos/" + d["file"])
            demos.append((d["file"], bridge.load(texts[d["file"]])))
        except Exception as err:  # a demo that cannot be read simply shows nothing
            js.console.warn(f"scatterlab: rules: {d['file']}: {err}")
    shown = where_shown(demos)
    examples = load_refusals(texts)
    titles = {d["file"]: demo_title(d, lang) for d in state.index.get("demos", [])}
    box.replaceChildren()
    for family, clauses in rules_by_family(lang=lang):
        box.appendChild(make("h3", family))
        ul = make("ul", cls="rules-list")
        for clause, text in clauses:
            li = make("li", id=f"rule-{clause}", cls="rule", data_clause=clause)
            li.appendChild(make("b", clause, cls="rule-id"))
            li.appendChild(make("span", " " + in_words(state.shown, text, lang)))
            where = shown.get(clause)
            if where is not None:
                demo, step = where
                title = titles.get(demo, demo)
                words = (msg("page.rules.see_refusal", title=title) if step is None
                         else msg("page.rules.see_step", step=step + 1, title=title))
                li.appendChild(make("button", say(words, lang),
                                    type="button", cls="show-rule", data_demo=demo,
                                    data_step="" if step is None else step))
            elif clause in examples:
                li.appendChild(refusal_example(state, examples[clause], titles))
            ul.appendChild(li)
        box.appendChild(ul)
    box.setAttribute("data-built", "yes")


def refusal_example(state: State, example: LoadRefusal, titles: dict[str, str]) -> Element:
    """A prohibition the loader enforces: the demo, the change, the engine's refusal, and a
    button that opens the demo with that refusal in the message box."""
    lang = state.lang
    title = titles.get(example.demo, example.demo)
    reason = in_words(state.shown, say(example.reason, lang), lang)
    box = make("span", cls="refusal-example")
    box.appendChild(make("span", say(msg("page.rules.example", title=title,
                                         change=example.change, reason=reason), lang)))
    box.appendChild(make("button", say(msg("page.rules.see_refusal", title=title), lang),
                         type="button", cls="show-rule", data_demo=example.demo, data_step="",
                         data_refusal=say(msg("page.rules.refused", reason=reason), lang)))
    return box


async def on_rules_toggle(state: State, ev: Event) -> None:
    if el("rules-box").open:
        await build(state)


async def on_rules_click(state: State, ev: Event) -> None:
    """A "see it" button: open its demo and show the step that cites the clause."""
    button = ev.target.closest("button.show-rule")
    if absent(button):
        return
    demo, step = str(button.dataset.demo), str(button.dataset.step)
    if not await load_demo(state, demo):
        return
    refusal = attr(button, "data-refusal")
    if step == "" and refusal:  # refused when loaded: the example's words
        show_message(refusal, "error")
    elif step == "":
        bridge.on_roll(state, None)  # the refusal shows in the message box
    else:
        bridge.show_step(state, int(step))
    el("board-pane").scrollIntoView(to_js({"block": "start"},
                                          dict_converter=js.Object.fromEntries))


async def on_log_click(state: State, ev: Event) -> None:
    """A clause ID in the log: open the rules at that clause."""
    link = ev.target.closest("a.clause")
    if absent(link):
        return
    ev.preventDefault()
    el("rules-box").open = True
    await build(state)
    entry = el(f"rule-{link.dataset.clause or link.textContent}")
    if absent(entry):
        tell(state, msg("page.rules.no_text", clause=str(link.textContent)), "info")
        return
    for old in js.document.querySelectorAll("#rules .rule.current"):
        old.classList.remove("current")
    entry.classList.add("current")
    entry.scrollIntoView(to_js({"block": "center"}, dict_converter=js.Object.fromEntries))
