"""The command line of shared/spec/scenario.md.

    python -m engine validate FILE... [--lang en|ja]
    python -m engine resolve FILE [--seed N] [--json] [--svg OUT.svg] [--lang en|ja]
    python -m engine odds FILE [--json] [--svg OUT.svg] [--method auto|exact|monte-carlo]
                          [--trials N] [--precision P] [--seconds S] [--lang en|ja]
    python -m engine aim FILE [--objective damage|destroyed|destroy:ID|hits:N]
                         [--friendly-risk P] [--top N] [--json] [--write OUT.json]
                         [--lang en|ja]
    python -m engine render FILE --svg OUT.svg [--lang en|ja]
    python -m engine presets|new|add|next-turn ...   (building scenarios: engine/cli/build.py)

Exit status: 0 on success, 1 for a bad scenario, an illegal attack, bad dice, odds too
large to enumerate or a file that cannot be read or written, 2 for a usage error. No input
or flag shows a traceback. ``--lang ja`` says the log, the tables, the drawing's words and
the errors in Japanese (English by default; ``--json`` keeps its keys and says its texts in
the language asked for).
"""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine import aim, objectives, systems
from engine import scenario as scenarios
from engine.clauses import clause_text
from engine.cli import build as cli_build
from engine.enumeration import TooManyOutcomes
from engine.errors import ScatterlabError, ScenarioError
from engine.log import Resolution, effect_text
from engine.odds import Odds
from engine.ranking import TOP, Ranking
from engine.scenario.bounds import MAX_TEXT
from engine.words import DEFAULT_LANG, LANGS, Lang, Words, msg, say

# The longest file worth reading: a scenario's text is at most MAX_TEXT characters of UTF-8
# (indentation included), at most 4 bytes each. Reading stops there, so /dev/zero or a huge
# file cannot hang it.
_MAX_FILE_BYTES = 4 * MAX_TEXT


MAX_TRIALS = 100_000_000
"""Monte Carlo runs the command accepts (hours of work already)."""
MAX_SECONDS = 86_400.0
"""The longest Monte Carlo time limit the command accepts (a day)."""
MAX_TOP = 1000
"""The most aims ``aim --top`` prints."""


class CommandError(Exception):
    """A failure outside the engine (a file that cannot be read or written, odds too large
    to enumerate): the command prints it and exits 1. `message` says it (``str()``: in
    English)."""

    def __init__(self, message: Words) -> None:
        self.message = message
        super().__init__(say(message))

    def said(self, lang: Lang = DEFAULT_LANG) -> str:
        """The failure in `lang`."""
        return say(self.message, lang)


def _load(path: str) -> scenarios.Scenario:
    try:
        with open(path, "rb") as f:
            raw = f.read(_MAX_FILE_BYTES + 1)
    except OSError as e:
        raise ScenarioError("scenario", msg("render.cli.cannot_read", path=path,
                                            why=str(e.strerror or e))) from None
    if len(raw) > _MAX_FILE_BYTES:
        raise ScenarioError("scenario", msg("render.cli.too_large", path=path,
                                            limit=MAX_TEXT))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError("scenario", msg("render.cli.not_utf8", path=path)) from None
    return scenarios.loads(text)


def _write_file(path: str | None, text: str) -> None:
    """Write `text` to `path` (nothing when there is no path); CommandError if it cannot."""
    if path:
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as e:
            raise CommandError(msg("render.cli.cannot_write", path=path,
                                   why=str(e.strerror or e))) from None


def _svg(scenario: scenarios.Scenario, resolution: Resolution | None = None,
         odds: Odds | None = None, lang: Lang = DEFAULT_LANG) -> str:
    from engine.render.board import board  # drawing needs svgwrite; validation and rules do not

    return board(scenario, resolution, odds=odds, lang=lang)


def format_resolution(resolution: Resolution, lang: Lang = DEFAULT_LANG,
                      scenario: scenarios.Scenario | None = None) -> str:
    """A resolution as text: one line per step with its clause and dice, then effects (in
    Japanese, with the `scenario`, the result in players' words: engine.render.tally)."""
    lines = []
    for i, step in enumerate(resolution.steps, 1):
        rolls = ", ".join(
            f"{say(r.label, lang)} {'+'.join(map(str, r.dice))}={r.value}" if len(r.dice) > 1
            else f"{say(r.label, lang)} {r.value}" for r in step.rolls
        )
        lines.append(f"{i:>3}. [{step.clause}] {say(step.text, lang)}"
                     + (f"  ({rolls})" if rolls else ""))
    if lang != "en" and scenario is not None:
        from engine.render.tally import tally_lines

        lines.append(say(msg("render.cli.result"), lang))
        tally = tally_lines(scenario, resolution, lang=lang)
        lines += [f"  {line.text}" for line in tally] or [
            f"  {say(msg('render.nothing_hit'), lang)}"]
        return "\n".join(lines)
    lines.append(say(msg("render.cli.effects"), lang))
    for uid, eff in resolution.effects.items():
        lines.append(f"  {uid}: {effect_text(eff)}")
    return "\n".join(lines)


def format_odds(odds: Odds, lang: Lang = DEFAULT_LANG) -> str:
    """Odds as a table: one line per unit (Monte Carlo also says why it stopped and its
    largest 95 % half-width)."""
    if lang == "en":
        head = f"method: {odds.method}" + (f" ({odds.trials} trials)" if odds.trials else "")
        if odds.stop is not None:
            head += f", stop: {odds.stop}, half_width: {odds.half_width or 0.0:.4f}"
        columns = f"{'unit':<16}{'p_hit':>9}{'p_damaged':>11}{'E[damage]':>11}"
    else:
        head = say(msg(f"render.cli.method.{odds.method}", trials=odds.trials or 0), lang)
        if odds.stop is not None:
            head = say(msg("render.cli.stopped", head=head,
                           stop=msg(f"render.cli.stop.{odds.stop}"),
                           half_width=odds.half_width or 0.0), lang)
        columns = (_cell(say(msg("render.odds.head.unit"), lang), 16)
                   + "".join(_cell(say(msg(f"render.cli.{k}"), lang), w, right=True)
                             for k, w in (("p_hit", 9), ("p_damaged", 11), ("e_damage", 11))))
    lines = [head] + ([say(odds.note, lang)] if odds.note else [])
    lines.append(columns)
    for uid, f in odds.units.items():
        lines.append(f"{uid:<16}{f['p_hit']:>9.4f}{f['p_damaged']:>11.4f}"
                     f"{f['expected_damage']:>11.3f}")
    for name, g in odds.groups.items():
        hits = ", ".join(f"{k}: {v:.4f}" for k, v in g["hits"].items())
        lines.append(say(msg("render.cli.group_hits", group=name, hits=hits), lang))
    return "\n".join(lines)


def _cell(text: str, width: int, right: bool = False) -> str:
    """`text` padded to `width` terminal columns (a Japanese character takes two), with a
    space at least before a column on the right."""
    used = sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)
    pad = " " * max(1 if right else 0, width - used)
    return pad + text if right else text + pad


_RANKING_COLUMNS = (("value", 9), ("enemy_damage", 13), ("enemy_destroyed", 19),
                    ("friendly_damage", 16), ("friendly_destroyed", 22), ("friendly_risk", 14))


def format_ranking(ranking: Ranking, top: int, lang: Lang = DEFAULT_LANG) -> str:
    """The best `top` aims as a table, best first, then how many candidates there were; an
    estimated ranking (`Ranking.estimated`) has a column of each value's 95 % margin
    and says how it was estimated."""
    columns = (_RANKING_COLUMNS[:1] + ((("margin", 9),) if ranking.estimated else ())
               + _RANKING_COLUMNS[1:])
    lines = [f"{'#':>3}  " + "".join(_cell(say(msg(f"render.cli.{k}"), lang), w, right=True)
                                     for k, w in columns)
             + "  " + say(msg("render.cli.aim"), lang)]
    for i, r in enumerate(ranking.scored[:top], 1):
        figures = {"value": r.value, "margin": r.margin, "enemy_damage": r.enemy_damage,
                   "enemy_destroyed": r.enemy_destroyed, "friendly_damage": r.friendly_damage,
                   "friendly_destroyed": r.friendly_destroyed,
                   "friendly_risk": r.friendly_risk}
        lines.append(f"{i:>3}  " + "".join(f"{figures[k]:>{w}.4f}" for k, w in columns)
                     + f"  {say(r.aim.label, lang)}")
    if ranking.estimated:
        lines.append(say(msg("render.cli.estimated", first=ranking.rounds[0],
                             last=ranking.rounds[-1]), lang))
    lines.append(say(msg("render.cli.ranked", n=len(ranking.scored), illegal=ranking.illegal,
                         out_of_reach=ranking.out_of_reach, over_risk=ranking.over_risk,
                         untried=ranking.untried), lang))
    if ranking.bounded:
        lines.append(say(msg("render.cli.bounded", n=ranking.bounded, keep=max(top, TOP)),
                         lang))
    return "\n".join(lines)


def _aim(s: scenarios.Scenario, args: argparse.Namespace) -> None:
    """The ``aim`` command: rank the aims, print the best, write the best into a copy."""
    lang: Lang = args.lang
    try:
        ranking = aim.rank(s, objective=args.objective, friendly_risk=args.friendly_risk,
                           keep=max(args.top, TOP))
    except objectives.ObjectiveError as e:
        raise CommandError(e.message) from None
    except ValueError as e:
        raise CommandError(str(e)) from None
    why = ranking.why_none()
    if why is not None:
        if why == "nothing":
            raise CommandError(msg("render.cli.no_aim_to_choose"))
        if why == "rules":
            systems.runner(s)  # the attack as given is refused too: say which clause
        counts = {"illegal": ranking.illegal, "out_of_reach": ranking.out_of_reach,
                  "over_risk": ranking.over_risk, "untried": ranking.untried}
        if why == "risk":
            raise CommandError(msg("render.cli.no_legal_aim_within", risk=args.friendly_risk,
                                   **counts))
        raise CommandError(msg("render.cli.no_legal_aim", **counts))
    print(json.dumps(ranking.to_dict(args.top, lang), indent=2,
                     ensure_ascii=False) if args.json
          else format_ranking(ranking, args.top, lang))
    if args.write:
        text = scenarios.dumps(aim.aimed(s, ranking.scored[0].aim))
        try:
            Path(args.write).write_text(text + "\n", encoding="utf-8")
        except OSError as e:
            raise CommandError(msg("render.cli.cannot_write", path=args.write,
                                   why=str(e.strerror or e))) from None


def _report(file: str, error: Exception, lang: Lang = DEFAULT_LANG) -> None:
    """The error message on stderr, with the clause text of an illegal attack."""
    said = error.said(lang) if isinstance(error, ScatterlabError | CommandError) else str(error)
    print(say(msg("render.cli.error", file=file, error=said), lang), file=sys.stderr)
    clause = getattr(error, "clause", None)
    if clause and clause_text(clause, lang):
        print(say(msg("render.cli.clause", clause=clause, text=clause_text(clause, lang)),
                  lang), file=sys.stderr)


def _validate(files: Sequence[str], lang: Lang = DEFAULT_LANG) -> int:
    """Load each file and check its attack as `resolve` would (the system's `prepare`
    raises `IllegalAttack` naming the clause), rolling no dice."""
    failed = 0
    for f in files:
        try:
            s = _load(f)
            systems.runner(s)
        except ScatterlabError as e:
            _report(f, e, lang)
            failed += 1
        else:
            print(say(msg("render.cli.ok", file=f, system=s.system, n=len(s.units)), lang))
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


def _bounded_float(lo: float, hi: float) -> Callable[[str], float]:
    """An argparse type: a number from `lo` to `hi` (a usage error otherwise)."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number") from None
        if not lo <= value <= hi:  # NaN fails this too
            raise argparse.ArgumentTypeError(f"must be a number from {lo:g} to {hi:g}")
        return value
    return parse


def _objective(text: str) -> str:
    """An argparse type: an objective of `engine.aim` (its unit id is checked later,
    against the scenario)."""
    try:
        objectives.check_objective(text, [text.partition(":")[2]])
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)[:200]) from None
    return text


def _lang_option(p: argparse.ArgumentParser) -> None:
    """``--lang``: the language the command speaks."""
    p.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG,
                   help="the language of the output: en (English, the default) or ja (日本語)")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("validate", help="check scenario files and the legality of their attack")
    p.add_argument("files", nargs="+")
    _lang_option(p)
    p = sub.add_parser("resolve", help="resolve the attack once, step by step")
    p.add_argument("file")
    p.add_argument("--seed", type=_bounded_int(0, scenarios.SEED_MAX))
    p.add_argument("--json", action="store_true")
    p.add_argument("--svg")
    _lang_option(p)
    p = sub.add_parser("odds", help="exact odds of every outcome for every unit")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.add_argument("--svg")
    p.add_argument("--method", choices=("auto", "exact", "monte-carlo"), default="auto")
    p.add_argument("--trials", type=_bounded_int(1, MAX_TRIALS), default=systems.DEFAULT_TRIALS)
    p.add_argument("--precision", type=_bounded_float(0, 1),
                   help="Monte Carlo stops at this 95 %% half-width (0: no such stop)")
    p.add_argument("--seconds", type=_bounded_float(0, MAX_SECONDS),
                   help="Monte Carlo stops after this many seconds (0: no time limit)")
    _lang_option(p)
    p = sub.add_parser("aim", help="every legal aim of the attack, best first by exact odds")
    p.add_argument("file")
    p.add_argument("--objective", type=_objective, default="damage",
                   help="damage, destroyed, destroy:ID or hits:N (default: damage)")
    p.add_argument("--friendly-risk", type=_bounded_float(0, 1),
                   help="keep only aims whose friendly risk is at most this")
    p.add_argument("--top", type=_bounded_int(1, MAX_TOP), default=5)
    p.add_argument("--json", action="store_true")
    p.add_argument("--write", help="write the scenario with the best aim to this file")
    _lang_option(p)
    p = sub.add_parser("render", help="draw the scenario as SVG")
    p.add_argument("file")
    p.add_argument("--svg", required=True)
    _lang_option(p)
    cli_build.add_parsers(sub, _lang_option)
    return parser


def _write_document(path: str | None, doc: dict[str, Any]) -> None:
    """A scenario document as JSON: into `path`, or printed."""
    text = json.dumps(doc, indent=2, ensure_ascii=False)
    if path:
        _write_file(path, text + "\n")
    else:
        print(text)


def _run(args: argparse.Namespace) -> None:
    """The command `args` names, printing its result (raising on failure)."""
    if args.command == "presets":
        print(cli_build.presets_text(args.system, args.json, args.lang))
        return
    if "file" not in args:
        _write_document(args.out, cli_build.built(args, None))
        return
    s = _load(args.file)
    if args.command in cli_build.COMMANDS:
        _write_document(args.out, cli_build.built(args, s))
    elif args.command == "resolve":
        res = systems.resolve(s, args.seed)
        print(json.dumps(res.to_dict(args.lang), indent=2, ensure_ascii=False) if args.json
              else format_resolution(res, args.lang, s))
        _write_file(args.svg, args.svg and _svg(s, res, lang=args.lang))
    elif args.command == "odds":
        try:
            o = systems.odds(s, method=args.method, trials=args.trials,
                             precision=args.precision, seconds=args.seconds)
        except TooManyOutcomes as e:
            raise CommandError(msg("render.cli.too_many_outcomes",
                                   limit=systems.too_large(e).args["limit"])) from None
        print(json.dumps(o.to_dict(args.lang), indent=2, ensure_ascii=args.lang == "en")
              if args.json else format_odds(o, args.lang))
        _write_file(args.svg, args.svg and _svg(s, odds=o, lang=args.lang))
    elif args.command == "aim":
        _aim(s, args)
    else:
        _write_file(args.svg, _svg(s, lang=args.lang))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status (argparse exits 2 itself on a usage error)."""
    args = _parser().parse_args(argv)
    lang: Lang = getattr(args, "lang", DEFAULT_LANG)
    if args.command == "validate":
        return _validate(args.files, lang)
    where = getattr(args, "file", None) or args.system
    try:
        _run(args)
    except (ScatterlabError, CommandError) as e:
        _report(where, e, lang)
        return 1
    except MemoryError:
        _report(where, CommandError(msg("render.cli.out_of_memory")), lang)
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
