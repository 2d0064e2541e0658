"""Form inputs generated from the engine's field descriptions (engine/build/editing.py): the page
holds no rule, only how each kind of field is shown and read back.

Every input carries data-section (unit, weapon, attack, option, reaction), data-key (the
spec's key), data-index (a unit's index, or a reaction's unit id) and an aria-label that
names its unit ("Regult (r1): DF"), so a screen reader and a test find it by its words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pyscript import document

from engine.build import editing
from engine.words import DEFAULT_LANG, Lang, msg, say

from .dom import Element, attr, make, set_attrs

SECTIONS: dict[str, Callable[[str], Sequence[editing.Spec]]] = {
    "unit": lambda system: editing.UNIT_FIELDS[system],
    "weapon": lambda system: editing.WEAPON_FIELDS.get(system, ()),
    "attack": lambda system: editing.ATTACK_FIELDS[system],
    "option": editing.option_specs,
    "reaction": lambda system: editing.REACTION_FIELDS,
}


def spec_for(system: str, section: str, key: str) -> editing.Spec:
    """The description behind an input (KeyError for one the page did not make)."""
    for spec in SECTIONS[section](system):
        if spec.key == key:
            return spec
    raise KeyError(f"{section}:{key}")


def unit_choices(units: tuple[tuple[str, str], ...], pace: Callable[[], None]
                 ) -> Element:
    """The options of a unit picker, one per (id, label) of `units`, made once for all the
    pickers of a panel (each holds a copy: a board of 500 units has several pickers), and
    `pace` called after each (the page's `breathe`)."""
    options = document.createDocumentFragment()
    for uid, label in units:
        options.appendChild(make("option", label, value=uid))
        pace()
    return options


def pick(select: Element, value: str) -> None:
    """Show `value` in a unit picker, or its first option when no option holds it (a unit
    since removed), as a select shows by default."""
    select.value = value
    if select.selectedIndex < 0:
        select.selectedIndex = 0


def spec_input(spec: editing.Spec, value: object, *, section: str, who: str,
               index: int | str = "", unit_options: Element | None = None,
               lang: Lang = DEFAULT_LANG) -> Element:
    """A labelled input for one field, its words in `lang`; a unit picker holds a copy of
    `unit_options` (`unit_choices`)."""
    label = say(spec.label, lang)
    wrap = make("label", label, cls=f"form-field kind-{spec.kind}")
    name = say(msg("page.field.aria", who=who, field=spec.label), lang) if who else label
    common = {"data_section": section, "data_key": spec.key, "data_index": index,
              "aria_label": name}
    words = (tuple(say(w, lang) for w in spec.choice_words) if spec.choice_words
             else tuple(str(c).replace("_", " ") for c in spec.choices))
    if spec.kind == "flags":
        wrap = make("fieldset", cls="form-field kind-flags", aria_label=name)
        wrap.appendChild(make("legend", label))
        for choice, word in zip(spec.choices, words, strict=True):
            box = make("label", word, cls="flag")
            inp = make("input", type="checkbox", data_flag=choice)
            set_attrs(inp, {**common, "aria_label": f"{name}: {word}"})
            inp.checked = isinstance(value, (list, tuple)) and choice in value
            box.prepend(inp)
            wrap.appendChild(box)
        return wrap
    if spec.kind == "choice":
        inp = make("select")
        set_attrs(inp, common)
        for v, label in zip(spec.choices, words, strict=True):
            opt = make("option", label, value=v)
            opt.selected = str(v) == str(value)
            inp.appendChild(opt)
    elif spec.kind == "unit":
        inp = make("select")
        set_attrs(inp, common)
        if unit_options is not None:
            inp.appendChild(unit_options.cloneNode(True))
        pick(inp, str(value))
    elif spec.kind == "bool":
        inp = make("input", type="checkbox")
        set_attrs(inp, common)
        inp.checked = bool(value)
        wrap.prepend(inp)
        _add_help(wrap, spec, lang)
        return wrap
    else:
        numeric = spec.kind in ("int", "number", "save")
        inp = make("input", type="text")
        set_attrs(inp, common)
        if numeric:
            inp.setAttribute("inputmode", "decimal" if spec.kind == "number" else "numeric")
        if spec.kind == "hex":
            inp.setAttribute("maxlength", "6")
        inp.value = "" if value is None else str(value)
    wrap.appendChild(inp)
    _add_help(wrap, spec, lang)
    return wrap


def _add_help(wrap: Element, spec: editing.Spec, lang: Lang) -> None:
    parts = [say(spec.help, lang)] if spec.help else []
    if spec.kind in ("int", "number", "save") and spec.lo is not None:
        parts.append(say(msg("page.form.range_or_empty" if spec.kind == "save"
                             else "page.form.range", lo=spec.lo, hi=spec.hi), lang))
    if parts:
        wrap.appendChild(make("small", " · ".join(parts), cls="help"))


def read_input(inp: Element) -> list[str] | bool | str:
    """What an input holds: a flag list, a tick, or its text."""
    if attr(inp, "data-flag"):
        box = inp.closest("fieldset")
        return [attr(b, "data-flag") for b in box.querySelectorAll("input[data-flag]")
                if b.checked]
    if str(inp.type) == "checkbox":
        return bool(inp.checked)
    return str(inp.value)
