"""The command line of shared/spec/scenario.md.

    python -m engine validate FILE...
    python -m engine resolve FILE [--seed N] [--json] [--svg OUT.svg]
    python -m engine odds FILE [--json] [--svg OUT.svg] [--method auto|exact|monte-carlo]
    python -m engine render FILE --svg OUT.svg

Exit status: 0 on success, 1 for a bad scenario, an illegal attack, bad dice, odds too
large to enumerate or a file that cannot be read or written, 2 for a usage error. No input
or flag shows a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from engine import scenario as scenarios
from engine import systems
from engine.clauses import clause_text
from engine.dice import TooManyOutcomes
from engine.errors import ScatterlabError
from engine.log import Resolution, effect_text
from engine.odds import Odds

# The longest file worth reading: a scenario is at most MAX_DOCUMENT characters of UTF-8,
# at most 4 bytes each. Reading stops there, so /dev/zero or a huge file cannot hang it.
_MAX_FILE_BYTES = 4 * scenarios.MAX_DOCUMENT


MAX_TRIALS = 100_000_000
"""Monte Carlo runs the command accepts (hours of work already)."""


class CommandError(Exception):
    """A failure outside the engine (a file that cannot be read or written, odds too large
    to enumerate): the command prints it and exits 1."""


def _load(path: str) -> scenarios.Scenario:
    try:
        with open(path, "rb") as f:
            raw = f.read(_MAX_FILE_BYTES + 1)
    except OSError as e:
        raise scenarios.ScenarioError("scenario", f"cannot read {path}: "
                                      f"{e.strerror or e}") from None
    if len(raw) > _MAX_FILE_BYTES:
        raise scenarios.ScenarioError("scenario", f"{path} is larger than "
                                      f"{scenarios.MAX_DOCUMENT:,} characters")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise scenarios.ScenarioError("scenario", f"{path} is not UTF-8 text") from None
    return scenarios.loads(text)


def _write_svg(path: str | None, svg: str) -> None:
    if path:
        try:
            Path(path).write_text(svg, encoding="utf-8")
        except OSError as e:
            raise CommandError(f"cannot write {path}: {e.strerror or e}") from None


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


def _report(file: str, error: Exception) -> None:
    """The error message on stderr, with the clause text of an illegal attack."""
    print(f"{file}: error: {error}", file=sys.stderr)
    clause = getattr(error, "clause", None)
    if clause and clause_text(clause):
        print(f"  {clause}: {clause_text(clause)}", file=sys.stderr)


def _validate(files: Sequence[str]) -> int:
    """Load each file and check its attack as `resolve` would (the system's `prepare`
    raises `IllegalAttack` naming the clause), rolling no dice."""
    failed = 0
    for f in files:
        try:
            s = _load(f)
            systems.runner(s)
        except ScatterlabError as e:
            _report(f, e)
            failed += 1
        else:
            print(f"{f}: ok ({s.system}, {len(s.units)} units)")
    return 1 if failed else 0


def _bounded_int(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse type: an integer from `lo` to `hi` (a usage error otherwise)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not an integer") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"must be an integer from {lo} to {hi}")
        return value
    return parse


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("validate", help="check scenario files and the legality of their attack")
    p.add_argument("files", nargs="+")
    p = sub.add_parser("resolve", help="resolve the attack once, step by step")
    p.add_argument("file")
    p.add_argument("--seed", type=_bounded_int(0, scenarios.SEED_MAX))
    p.add_argument("--json", action="store_true")
    p.add_argument("--svg")
    p = sub.add_parser("odds", help="exact odds of every outcome for every unit")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.add_argument("--svg")
    p.add_argument("--method", choices=("auto", "exact", "monte-carlo"), default="auto")
    p.add_argument("--trials", type=_bounded_int(1, MAX_TRIALS), default=systems.DEFAULT_TRIALS)
    p = sub.add_parser("render", help="draw the scenario as SVG")
    p.add_argument("file")
    p.add_argument("--svg", required=True)
    return parser


def _run(args: argparse.Namespace) -> None:
    """The command `args` names, printing its result (raising on failure)."""
    s = _load(args.file)
    if args.command == "resolve":
        res = systems.resolve(s, args.seed)
        print(json.dumps(res.to_dict(), indent=2, ensure_ascii=False) if args.json
              else format_resolution(res))
        _write_svg(args.svg, args.svg and _svg(s, res))
    elif args.command == "odds":
        try:
            o = systems.odds(s, method=args.method, trials=args.trials)
        except TooManyOutcomes as e:
            raise CommandError(f"exact odds need too many outcomes ({e}); use "
                               "--method auto or --method monte-carlo") from None
        print(json.dumps(o.to_dict(), indent=2) if args.json else format_odds(o))
        _write_svg(args.svg, args.svg and _svg(s, odds=o))
    else:
        _write_svg(args.svg, _svg(s))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status (argparse exits 2 itself on a usage error)."""
    args = _parser().parse_args(argv)
    if args.command == "validate":
        return _validate(args.files)
    try:
        _run(args)
    except (ScatterlabError, CommandError) as e:
        _report(args.file, e)
        return 1
    except MemoryError:
        _report(args.file, CommandError("out of memory"))
        return 1
    return 0


def _entry() -> int:
    """`python -m engine`: text that the terminal cannot show is escaped, not fatal; a
    closed pipe or Ctrl-C ends quietly."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure:
            reconfigure(errors="backslashreplace")
    try:
        return main()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 1


if __name__ == "__main__":
    sys.exit(_entry())
