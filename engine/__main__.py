"""The command line of shared/spec/scenario.md.

    python -m engine validate FILE...
    python -m engine resolve FILE [--seed N] [--json] [--svg OUT.svg]
    python -m engine odds FILE [--json] [--svg OUT.svg] [--method auto|exact|monte-carlo]
    python -m engine render FILE --svg OUT.svg

Exit status: 0 on success, 1 for a bad scenario, an illegal attack or bad dice, 2 for a
usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from engine import scenario as scenarios
from engine import systems
from engine.clauses import clause_text
from engine.errors import ScatterlabError
from engine.log import Resolution, effect_text
from engine.odds import Odds


def _load(path: str) -> scenarios.Scenario:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise scenarios.ScenarioError("scenario", f"cannot read {path}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise scenarios.ScenarioError("scenario", f"{path} is not UTF-8 text") from None
    return scenarios.loads(text)


def _write_svg(path: str | None, svg: str) -> None:
    if path:
        Path(path).write_text(svg, encoding="utf-8")


def _svg(scenario: scenarios.Scenario, resolution: Resolution | None = None,
         odds: Odds | None = None) -> str:
    from engine import render  # drawing needs svgwrite; validation and rules do not

    return render.board(scenario, resolution, odds=odds)


def format_resolution(resolution: Resolution) -> str:
    """A resolution as text: one line per step with its clause and dice, then effects."""
    lines = []
    for i, step in enumerate(resolution.steps, 1):
        rolls = ", ".join(
            f"{r.label} {'+'.join(map(str, r.dice))}={r.value}" if len(r.dice) > 1
            else f"{r.label} {r.value}" for r in step.rolls
        )
        lines.append(f"{i:>3}. [{step.clause}] {step.text}" + (f"  ({rolls})" if rolls else ""))
    lines.append("Effects:")
    for uid, eff in resolution.effects.items():
        lines.append(f"  {uid}: {effect_text(eff)}")
    return "\n".join(lines)


def format_odds(odds: Odds) -> str:
    """Odds as a table: one line per unit."""
    head = f"method: {odds.method}" + (f" ({odds.trials} trials)" if odds.trials else "")
    lines = [head] + ([odds.note] if odds.note else [])
    lines.append(f"{'unit':<16}{'p_hit':>9}{'p_damaged':>11}{'E[damage]':>11}")
    for uid, f in odds.units.items():
        lines.append(f"{uid:<16}{f['p_hit']:>9.4f}{f['p_damaged']:>11.4f}"
                     f"{f['expected_damage']:>11.3f}")
    for name, g in odds.groups.items():
        lines.append(f"group {name}: hits " + ", ".join(f"{k}: {v:.4f}"
                                                        for k, v in g["hits"].items()))
    return "\n".join(lines)


def _validate(files: Sequence[str]) -> int:
    failed = 0
    for f in files:
        try:
            s = _load(f)
        except ScatterlabError as e:
            print(f"{f}: error: {e}", file=sys.stderr)
            failed += 1
        else:
            print(f"{f}: ok ({s.system}, {len(s.units)} units)")
    return 1 if failed else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("validate", help="check scenario files")
    p.add_argument("files", nargs="+")
    p = sub.add_parser("resolve", help="resolve the attack once, step by step")
    p.add_argument("file")
    p.add_argument("--seed", type=int)
    p.add_argument("--json", action="store_true")
    p.add_argument("--svg")
    p = sub.add_parser("odds", help="exact odds of every outcome for every unit")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.add_argument("--svg")
    p.add_argument("--method", choices=("auto", "exact", "monte-carlo"), default="auto")
    p.add_argument("--trials", type=int, default=systems.DEFAULT_TRIALS)
    p = sub.add_parser("render", help="draw the scenario as SVG")
    p.add_argument("file")
    p.add_argument("--svg", required=True)
    args = parser.parse_args(argv)

    if args.command == "validate":
        return _validate(args.files)
    try:
        if args.command == "resolve":
            s = _load(args.file)
            res = systems.resolve(s, args.seed)
            if args.json:
                print(json.dumps(res.to_dict(), indent=2, ensure_ascii=False))
            else:
                print(format_resolution(res))
            _write_svg(args.svg, args.svg and _svg(s, res))
        elif args.command == "odds":
            s = _load(args.file)
            o = systems.odds(s, method=args.method, trials=args.trials)
            print(json.dumps(o.to_dict(), indent=2) if args.json else format_odds(o))
            _write_svg(args.svg, args.svg and _svg(s, odds=o))
        else:
            _write_svg(args.svg, _svg(_load(args.file)))
    except ScatterlabError as e:
        print(f"{args.file}: error: {e}", file=sys.stderr)
        clause = getattr(e, "clause", None)
        if clause and clause_text(clause):
            print(f"  {clause}: {clause_text(clause)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
