"""The command line never shows a traceback: every input and flag gives a clear message and
exit status 1 (a bad scenario, an illegal attack, a file it cannot read or write, odds too
large to enumerate) or 2 (a usage error)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import scenario as scenarios
from engine import systems
from engine.__main__ import main
from engine.enumeration import TooManyOutcomes

ROOT = Path(__file__).parents[1]
SCENARIOS = ROOT / "tests" / "scenarios"
ROBOTECH = str(SCENARIOS / "robotech.json")


def doc(system: str = "robotech") -> dict[str, Any]:
    return json.loads((SCENARIOS / f"{system}.json").read_text())


def write(tmp_path: Path, data: Any, name: str = "s.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    return capsys.readouterr().err


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True,
                          text=True, cwd=ROOT, env={**os.environ, **(env or {})}, timeout=60)


# -- flags: usage errors exit 2 ------------------------------------------------------------


@pytest.mark.parametrize("trials", ["0", "-5", "ten", "1e3", "9" * 5000])
def test_odds_trials_not_a_positive_integer_is_a_usage_error(
        trials: str, capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(["odds", ROBOTECH, "--method", "monte-carlo", "--trials", trials], capsys)
    assert "--trials" in err


@pytest.mark.parametrize("seed", ["-1", str(2**53), "99999999999999999999999", "x"])
def test_resolve_seed_out_of_range_is_a_usage_error(
        seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(["resolve", ROBOTECH, "--seed", seed], capsys)
    assert "--seed" in err


def test_seed_error_names_the_largest_seed_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(["resolve", ROBOTECH, "--seed", str(2**53)], capsys)
    assert "from 0 to 9007199254740991" in err


def test_unknown_method_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--method" in usage_error(["odds", ROBOTECH, "--method", "guess"], capsys)


# -- odds ------------------------------------------------------------------------------------


def test_odds_exact_past_the_budget_is_a_clear_error(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def too_many(scenario: Any, budget: Any = None, plan: Any = None) -> Any:
        raise TooManyOutcomes("more than 250000 dice paths")

    monkeypatch.setattr(systems, "exact", too_many)
    assert main(["odds", ROBOTECH, "--method", "exact"]) == 1
    err = capsys.readouterr().err
    assert "exact odds need too many outcomes (more than 250000 dice paths)" in err
    assert "--method monte-carlo" in err


def test_odds_one_trial_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", ROBOTECH, "--method", "monte-carlo", "--trials", "1"]) == 0
    assert "method: monte-carlo (1 trials)" in capsys.readouterr().out


# -- files -----------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["validate", "resolve", "odds", "render"])
def test_a_directory_is_a_clear_error(command: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    extra = ["--svg", str(tmp_path / "o.svg")] if command == "render" else []
    assert main([command, str(tmp_path), *extra]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_a_non_utf8_file_is_a_clear_error(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes(json.dumps(doc()).replace("Minimal", "Minimal \xe9").encode("latin-1"))
    assert main(["resolve", str(path)]) == 1
    assert "is not UTF-8 text" in capsys.readouterr().err


def test_an_endless_file_is_refused_without_reading_it_all(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "/dev/zero"]) == 1
    assert "is larger than 4,000,000 characters" in capsys.readouterr().err


def test_an_unreadable_file_is_a_clear_error(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resolve", str(tmp_path / "missing.json")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_an_unwritable_svg_is_a_clear_error(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", ROBOTECH, "--svg", str(tmp_path / "no" / "such" / "o.svg")]) == 1
    assert "cannot write" in capsys.readouterr().err


# -- documents -------------------------------------------------------------------------------


def test_deep_nesting_is_refused_before_parsing(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    d = doc()
    text = json.dumps(d).replace('"title": "Minimal Robotech blast"',
                                 '"title": ' + "[" * 500 + "]" * 500)
    assert main(["resolve", write(tmp_path, text)]) == 1
    assert "scenario: nests deeper than 20 levels" in capsys.readouterr().err


def test_lone_surrogate_is_refused_with_its_path(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(doc()).replace('"id": "b2"', '"id": "\\udc00"').replace(
        '"targets": ["b1"]', '"targets": ["b1"]')
    assert main(["resolve", write(tmp_path, text)]) == 1
    assert "units[2].id: holds text that cannot be encoded" in capsys.readouterr().err


def test_duplicate_key_is_refused_with_its_path(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(doc()).replace('"df": 4', '"df": 4, "df": 3')
    assert main(["validate", write(tmp_path, text)]) == 1
    assert "units[1].df: is given more than once" in capsys.readouterr().err


@pytest.mark.parametrize(("value", "message"), [
    ("1e400", "units[1].df: must be a finite number"),
    ("9" * 5000, "units[1].df: must be a number from -9007199254740992 to 9007199254740992"),
    (str(10**300), "units[1].df: must be a number from -9007199254740992 to 9007199254740992"),
])
def test_huge_numbers_are_clear_errors(value: str, message: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(doc()).replace('"df": 4', f'"df": {value}')
    assert main(["resolve", write(tmp_path, text)]) == 1
    assert message in capsys.readouterr().err


def test_too_many_units_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = doc()
    d["units"] += [{**d["units"][1], "id": f"s{i}", "x": 40, "y": 40} for i in range(500)]
    assert main(["validate", write(tmp_path, d)]) == 1
    assert "units: must hold at most 500 units" in capsys.readouterr().err


def test_validate_checks_the_attack_is_legal(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    d = doc()
    d["attack"]["weapon"]["range"] = 6
    assert main(["validate", write(tmp_path, d)]) == 1
    err = capsys.readouterr().err
    assert "error: RT-2: b1 is" in err and "beyond the range of 6\"" in err


def test_validate_legal_attack_is_ok(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", ROBOTECH]) == 0
    assert "ok (robotech, 3 units)" in capsys.readouterr().out


# -- the process: no traceback, whatever the terminal ------------------------------------


def test_output_the_terminal_cannot_encode_is_escaped_not_a_traceback() -> None:
    demo = str(ROOT / "web" / "demos" / "robotech-scatter-onto-friendly.json")
    run = cli("resolve", demo, "--seed", "3", env={"PYTHONIOENCODING": "ascii"})
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    assert "\\xb0" in run.stdout  # the degree sign of a scatter bearing, escaped


def test_bad_input_in_a_real_process_shows_no_traceback(tmp_path: Path) -> None:
    bad = write(tmp_path, "[" * 20000)
    run = cli("odds", bad)
    assert run.returncode == 1
    assert run.stderr.strip().endswith("scenario: nests deeper than 20 levels")
    assert "Traceback" not in run.stderr


# -- aim -------------------------------------------------------------------------------------

SPLASH = str(ROOT / "web" / "demos" / "robotech-direct-hit-splash.json")


def test_aim_prints_the_best_aims_and_how_many_were_tried(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["aim", SPLASH, "--top", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "friendly risk" in out[0] and out[1].strip().startswith("1 ")
    assert len(out) == 4 and "legal aims ranked" in out[-1]


def test_aim_written_gives_the_ranked_figures_with_odds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The best aim written with --write, run through ``odds --json``, gives the figures
    ``aim --json`` printed for it (to 1e-9)."""
    out = str(tmp_path / "best.json")
    assert main(["aim", SPLASH, "--json", "--objective", "destroyed", "--write", out]) == 0
    best = json.loads(capsys.readouterr().out)["aims"][0]
    assert json.loads(Path(out).read_text())["attack"]["targets"] == best["attack"]["targets"]
    assert main(["odds", out, "--json", "--method", "exact"]) == 0
    units = json.loads(capsys.readouterr().out)["units"]
    enemies = [uid for uid in units if uid != "a1"]
    figure = {"enemy_damage": ("expected_damage", enemies), "friendly_damage":
              ("expected_damage", ["a1"]), "value": ("p_destroyed", enemies),
              "enemy_destroyed": ("p_destroyed", enemies),
              "friendly_destroyed": ("p_destroyed", ["a1"]), "friendly_risk": ("p_hit", ["a1"])}
    for name, (key, ids) in figure.items():
        assert best[name] == pytest.approx(sum(units[u][key] for u in ids), abs=1e-9), name


@pytest.mark.parametrize(("flags", "message"), [
    (["--objective", "glory"], "unknown objective 'glory'"),
    (["--objective", "hits:0"], "hits:<N>"),
    (["--objective", "destroy:"], "unknown objective"),
    (["--friendly-risk", "1.5"], "must be a number from 0 to 1"),
    (["--friendly-risk", "nan"], "must be a number from 0 to 1"),
    (["--top", "0"], "must be an integer from 1"),
])
def test_aim_bad_flags_are_usage_errors(flags: list[str], message: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert message in usage_error(["aim", SPLASH, *flags], capsys)


@pytest.mark.parametrize(("flags", "message"), [
    (["--objective", "destroy:nobody"], "no unit has the id 'nobody'"),
    (["--friendly-risk", "0"], "no legal aim within a friendly risk of 0"),
])
def test_aim_without_an_answer_is_a_clear_error(flags: list[str], message: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["aim", SPLASH, *flags]) == 1
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(("demo", "message"), [
    ("rule-heresy-snap-shot-refused.json", "HH-11: Blast weapons cannot be fired as Snap Shots"),
    ("rule-battletech-artillery-scatter.json", "the attack has no aim to choose"),
])
def test_aim_says_why_there_is_nothing_to_rank(demo: str, message: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["aim", str(ROOT / "web" / "demos" / demo)]) == 1
    assert message in capsys.readouterr().err


def test_aim_out_of_reach_of_exact_odds_is_estimated_and_says_so(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24: the 6-missile volley into ten mecha has legal aims, but none within reach
    of exact odds: they are ranked by Monte Carlo, each value with its 95 % margin, and the
    table says how it was estimated; in JSON, ``estimated`` and each aim's margin and runs."""
    path = str(ROOT / "tests" / "suite" / "robotech-derringer-six-into-ten.json")
    assert main(["aim", path, "--top", "2"]) == 0
    out = capsys.readouterr().out
    head, first = out.splitlines()[:2]
    assert head.split()[:4] == ["#", "value", "+/-", "95"], head
    assert out.count("\n") == 5 and "Estimated by Monte Carlo" in out, out
    assert "1 out of reach of exact odds" in out
    assert main(["aim", path, "--top", "1", "--json"]) == 0
    ranked = json.loads(capsys.readouterr().out)
    assert ranked["estimated"] is True and ranked["why_none"] is None
    assert ranked["aims"][0]["runs"] == 600 and 0 < ranked["aims"][0]["margin"] < 5


def test_aim_unwritable_output_is_a_clear_error(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["aim", SPLASH, "--write", str(tmp_path / "no" / "o.json")]) == 1
    assert "cannot write" in capsys.readouterr().err


def test_aim_in_a_real_process_shows_no_traceback(tmp_path: Path) -> None:
    run = cli("aim", write(tmp_path, {**doc(), "units": []}), "--json")
    assert run.returncode == 1 and "Traceback" not in run.stderr


# -- odds: Monte Carlo's stops -------------------------------------------------------------


def test_odds_precision_stop_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", ROBOTECH, "--method", "monte-carlo", "--precision", "0.05",
                 "--seconds", "0"]) == 0
    assert "stop: precision, half_width: 0.0" in capsys.readouterr().out


@pytest.mark.parametrize("flags", [["--precision", "-0.1"], ["--precision", "2"],
                                   ["--seconds", "-1"], ["--seconds", "inf"]])
def test_odds_bad_stops_are_usage_errors(flags: list[str],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert flags[0] in usage_error(["odds", ROBOTECH, *flags], capsys)


# -- building scenarios (issue 15): presets, new, add, next-turn -----------------------------


@pytest.mark.parametrize("system, preset", [("robotech", "regult"), ("heresy", "tactical")])
def test_new_then_add_a_squad_builds_a_scenario_the_engine_accepts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str, preset: str) -> None:
    from engine import scenario as sc

    path = str(tmp_path / "mine.json")
    assert main(["new", system, "--out", path]) == 0
    assert main(["add", path, preset, "--side", "red", "--at", "30,24", "--count", "10",
                 "--shape", "blob", "--out", path]) == 0
    sc.loads(Path(path).read_text("utf-8"))  # the engine accepts it
    added = [u for u in json.loads(Path(path).read_text("utf-8"))["units"]
             if u["side"] == "red"]
    assert len(added) == 10
    if system == "heresy":  # one 40K unit: the squad's name
        assert {u["unit"] for u in added} == {preset}
    assert main(["validate", path]) in (0, 1)  # a starter may still lack a target
    assert main(["presets", system]) == 0
    assert f"  {preset} " in capsys.readouterr().out


def test_add_on_a_hex_map_and_next_turn_lands_the_shells_in_flight(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """BT-ART.3: the Long Tom fired this turn is in flight next turn, the turn moves on,
    and the supports used this turn are spent."""
    demo = ROOT / "web" / "demos" / "battletech-long-tom-spotted.json"
    path = write(tmp_path, json.loads(demo.read_text("utf-8")))
    assert main(["add", path, "locust", "--side", "Kurita", "--hex", "0303", "--out", path]) == 0
    assert main(["next-turn", path]) == 0
    nxt = json.loads(capsys.readouterr().out)
    attack = nxt["attack"]
    assert attack["turn"] == 5 and attack["supports"] == []
    assert [s["target"] for s in attack["in_flight"]] == ["2424"]
    assert attack["in_flight"][0]["fired_turn"] == 4 and attack["held"] == {"long_tom": 0}
    assert any(u.get("hex") == "0303" for u in nxt["units"])


def test_next_turn_has_new_dice_and_carries_the_record_sheet(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 22.8: next-turn plays the turn with the scenario's own dice (as `resolve`
    does), carries each record sheet's damage (``record.left``) and moves the seed on."""
    demo = ROOT / "web" / "demos" / "battletech-long-tom-atlas.json"
    scn = scenarios.loads(demo.read_text("utf-8"))
    assert main(["next-turn", str(demo)]) == 0
    nxt = json.loads(capsys.readouterr().out)
    assert nxt["seed"] == 2 and "dice" not in nxt
    effects = systems.resolve(scn).effects
    assert any("record" in u for u in nxt["units"])
    for unit in nxt["units"]:
        if "record" in unit:
            left = effects[unit["id"]]["record"]["armour"]
            assert unit["record"]["left"]["armour"] == {k: v[0] for k, v in left.items()}


@pytest.mark.parametrize("argv, says", [
    (["add", "FILE", "locust", "--side", "k", "--at", "3,3"], "give --hex"),
    (["add", "FILE", "nope", "--side", "k", "--hex", "0303"], "has no preset 'nope'"),
    (["add", "FILE", "locust", "--side", "k", "--hex", "0303", "--count", "3"], "one by one"),
    (["next-turn", "HERESY"], "next-turn is BattleTech's"),
])
def test_building_errors_name_the_field_and_exit_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    files = {"FILE": write(tmp_path, json.loads(
        (ROOT / "web" / "demos" / "battletech-long-tom-spotted.json").read_text("utf-8"))),
             "HERESY": write(tmp_path, doc("heresy"), "h.json")}
    assert main([files.get(a, a) for a in argv]) == 1
    assert says in capsys.readouterr().err


def test_building_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert "invalid choice" in usage_error(["new", "chess"], capsys)
    assert "X,Y" in usage_error(["add", "f.json", "regult", "--side", "r", "--at", "3"], capsys)


def test_the_command_line_reads_the_page_s_indented_export_of_a_large_scenario(
        tmp_path: Path) -> None:
    """Issue 27.8: a scenario whose compact form is within the limit, exported indented
    past it (as the page exports), is read by the command line."""
    d = json.loads(Path("tests/scenarios/robotech.json").read_text())
    wall = {"points": [[1.234567891234, 2.345678912345], [3.456789123456, 4.567891234567]]}
    d["terrain"] = [wall] * 12_000
    path = tmp_path / "big.json"
    path.write_text(json.dumps(d, indent=2))
    assert path.stat().st_size > scenarios.MAX_DOCUMENT
    assert main(["validate", str(path)]) == 0


def _busy() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


def test_odds_and_aim_json_are_the_same_beside_two_busy_processes() -> None:
    """Issue 27.5: whether odds are exact, when Monte Carlo stops and every figure printed
    depend on the scenario alone: `odds --json` on a suite file that falls back to Monte
    Carlo and `aim --json` on a demo give identical output on a quiet machine and beside
    two processes that keep both cores busy."""
    runs = [[sys.executable, "-m", "engine", "odds", "--json",
             "tests/suite/robotech-derringer-six-into-ten.json"],
            [sys.executable, "-m", "engine", "aim", "--json",
             "web/demos/robotech-derringer-volley.json"]]
    env = {**os.environ, "PYTHONHASHSEED": "1"}
    quiet = [subprocess.run(r, capture_output=True, text=True, env=env, check=True).stdout
             for r in runs]
    busy = [_busy(), _busy()]
    try:
        env["PYTHONHASHSEED"] = "2"
        loaded = [subprocess.run(r, capture_output=True, text=True, env=env,
                                 check=True).stdout for r in runs]
    finally:
        for p in busy:
            p.kill()
            p.wait()
    assert json.loads(quiet[0])["method"] == "monte-carlo"
    assert loaded == quiet
