"""The command line's building commands (issue 15), the page's Build panel as commands:

    python -m engine presets SYSTEM [--json]
    python -m engine new SYSTEM [--out FILE]
    python -m engine add FILE PRESET --side SIDE (--at X,Y | --hex HEX)
                         [--count N] [--shape line|ranks|blob] [--spacing INCHES] [--out FILE]
    python -m engine next-turn FILE [--out FILE]

`presets` lists a system's presets (engine/build/presets/); `new` is the page's New board
(engine/build/starters.py); `add` adds one unit of a unit preset, or with `--count` a squad of
them in a formation (engine/build/squads.py; Heresy's `unit` names the squad); `next-turn` is
BattleTech's Next turn (BT-ART.3: shells in flight land next turn). Each prints the new
scenario document, or writes it to `--out` (which may be FILE itself); the document is
loaded by the parser first, so what is written is always a scenario the engine accepts.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from engine import scenario as scenarios
from engine.build import presets, squads, starters
from engine.errors import ScenarioError
from engine.systems import dice_for
from engine.systems.battletech.turn import next_turn
from engine.words import DEFAULT_LANG, Lang, msg

COMMANDS = ("presets", "new", "add", "next-turn")
SYSTEMS = tuple(presets.KINDS)


def _point(text: str) -> tuple[float, float]:
    """An argparse type: "X,Y" in inches."""
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError("must be X,Y in inches, e.g. 30,24") from None
    return x, y


def add_parsers(sub: Any, lang_option: Callable[[argparse.ArgumentParser], None]) -> None:
    """The building commands' parsers, beside the others of `python -m engine`; each takes
    the language option `lang_option` adds (the presets' labels and a new board's title in
    it, and the errors)."""
    p = sub.add_parser("presets", help="list a system's presets (units, weapons, supports)")
    p.add_argument("system", choices=SYSTEMS)
    p.add_argument("--json", action="store_true")
    lang_option(p)
    p = sub.add_parser("new", help="a new scenario to build on (the page's New board)")
    p.add_argument("system", choices=SYSTEMS)
    p.add_argument("--out", help="write it to this file (default: print it)")
    lang_option(p)
    p = sub.add_parser("add", help="add a unit, or a squad, made from a unit preset")
    p.add_argument("file")
    p.add_argument("preset", help="a unit preset's id (see `presets SYSTEM`)")
    p.add_argument("--side", required=True)
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--at", type=_point, help="X,Y in inches (tabletop)")
    where.add_argument("--hex", help="a hex label (BattleTech)")
    p.add_argument("--count", type=int, default=1, help="models in the squad (default 1)")
    p.add_argument("--shape", choices=squads.SHAPES, default="line")
    p.add_argument("--spacing", type=float, default=squads.COHERENCY,
                   help=f"gap between bases in inches (default {squads.COHERENCY:g})")
    p.add_argument("--out", help="write it to this file, FILE itself included (default: print)")
    lang_option(p)
    p = sub.add_parser("next-turn", help="BattleTech: the next turn, shells in flight landing")
    p.add_argument("file")
    p.add_argument("--out", help="write it to this file (default: print it)")
    lang_option(p)


def presets_text(system: str, as_json: bool, lang: Lang = DEFAULT_LANG) -> str:
    """The presets of `system`, a line each by kind (id, label in `lang`), or as JSON (the
    labels as the files hold them)."""
    cat = presets.catalog(system)
    if as_json:
        return json.dumps({kind: [{"id": p.id, "label": p.label, "source": p.source,
                                   "fields": p.fields, "info": p.info} for p in items]
                           for kind, items in cat.kinds.items()}, indent=2, ensure_ascii=False)
    lines = []
    for kind, items in cat.kinds.items():
        lines.append(f"{kind}:")
        lines += [f"  {p.id:<24} {p.said(lang)}" for p in items]
    return "\n".join(lines)


def built(args: argparse.Namespace, scenario: scenarios.Scenario | None) -> dict[str, Any]:
    """The document `new`, `add` or `next-turn` makes (from `scenario`, the loaded FILE),
    checked by the parser."""
    if args.command == "new":
        doc = starters.starter(args.system, args.lang)
    elif scenario is None:
        raise ScenarioError("file", msg("build.cli.file"))
    elif args.command == "next-turn":
        if scenario.system != "battletech":
            raise ScenarioError("system", msg("build.cli.next_turn", system=scenario.system))
        doc = next_turn(scenario, dice_for(scenario)[0])  # the turn as `resolve` plays it
    else:
        doc = _added(args, scenarios.to_dict(scenario))
    scenarios.load_dict(doc)
    return doc


def _added(args: argparse.Namespace, doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` with the unit or squad `add` asks for."""
    if args.count < 1 or args.count > scenarios.MAX_UNITS:
        raise ScenarioError("count", msg("build.cli.count", max=scenarios.MAX_UNITS))
    if doc["system"] == "battletech" or args.hex is not None:
        if args.hex is None:
            raise ScenarioError("hex", msg("build.cli.hex"))
        if args.count != 1:
            raise ScenarioError("count", msg("build.squad.hexes"))
        return presets.with_unit(doc, args.preset, side=args.side, at=args.hex,
                                 lang=args.lang)
    if args.count == 1:
        return presets.with_unit(doc, args.preset, side=args.side, at=args.at, lang=args.lang)
    return squads.with_squad(doc, args.preset, args.count, shape=args.shape,
                             spacing=args.spacing, at=args.at, side=args.side, lang=args.lang)
