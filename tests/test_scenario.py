"""Scenario loading, validation with field paths, dumping, share strings and the CLI."""

from __future__ import annotations

import contextlib
import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import scenario as scenarios
from engine.__main__ import main
from engine.errors import ScenarioError
from engine.scenario import robotech

HERE = Path(__file__).parent / "scenarios"
SYSTEMS = ("robotech", "heresy", "battletech")


def doc(system: str) -> dict[str, Any]:
    return json.loads((HERE / f"{system}.json").read_text())


@pytest.mark.parametrize("system", SYSTEMS)
def test_valid_scenario_of_each_system_loads(system: str) -> None:
    s = scenarios.load_dict(doc(system))
    assert s.system == system
    assert s.seed == 7
    assert [u.id for u in s.units] == [u["id"] for u in doc(system)["units"]]


def test_defaults_and_options_are_filled() -> None:
    s = scenarios.load_dict(doc("robotech"))
    assert s.options == robotech.OPTIONS
    assert {"natural_rolls": False, "dodge_adds_pil": True,
            "template_winding": "clockwise"}.items() <= s.options.items()
    assert s.unit("b2").base_mm == 40
    assert scenarios.load_dict(doc("heresy")).options["edition"] == "hh2"


def _edit(system: str, change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    d = copy.deepcopy(doc(system))
    change(d)
    return d


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


MALFORMED = [
    ("robotech", _set(["units", 1, "df"], 13), "units[1].df: must be an integer from 1 to 12"),
    ("robotech", _set(["units", 1, "df"], "4"), "units[1].df: must be an integer"),
    ("robotech", _set(["units", 2, "id"], "b1"), "units[2].id: duplicate unit id 'b1'"),
    ("robotech", _set(["attack", "targets"], ["zz"]), "attack.targets[0]: names unknown unit id"),
    ("robotech", _set(["attack", "attacker"], "b1"), "attack.attacker: must be a mecha"),
    ("robotech", _set(["units", 0, "base_mm"], -40), "units[0].base_mm: must be a number greater"),
    ("robotech", _set(["units", 0, "x"], 60), "units[0].x: must be a number from 0 to 48"),
    ("robotech", _set(["units", 0, "colour"], "red"), "units[0].colour: is not a known field"),
    ("robotech", _set(["options"], {"natural_rolls": 1}), "options.natural_rolls: must be one of"),
    ("robotech", _set(["table"], [48, 48]), "table: must be an object"),
    ("heresy", _set(["attack", "weapon", "blast"], 4), "attack.weapon.blast: must be a marker"),
    ("heresy", _set(["attack", "bs"], None), "attack.bs: must be an integer"),
    ("heresy", _set(["units", 2, "armour"], {"front": 11}), "units[2].armour.side: is required"),
    ("heresy", _set(["units", 0, "base_mm"], 0), "units[0].base_mm: must be a number greater"),
    ("heresy", _set(["attack", "target"], "nobody"), "attack.target: names unknown unit id"),
    ("battletech", _set(["units", 0, "hex"], "3201"), "units[0].hex: hex '3201' is off the"),
    ("battletech", _set(["units", 0, "hex"], "9x08"), "units[0].hex:"),
    ("battletech", _set(["units", 1, "facing"], 6), "units[1].facing: must be an integer from 0"),
    ("battletech", _set(["map", "sheets"], [2]), "map.sheets: must hold 2 to 2 items"),
    ("battletech", _set(["attack", "supports", 0, "kind"], "nuke"),
     "attack.supports[0].kind: must be one of"),
    ("battletech", _set(["attack", "supports", 1, "hexes"], ["0901"] * 6),
     "attack.supports[1].hexes: BT-STRAFE.1: a strafing run is 1 to 5 hexes"),
    ("battletech", _set(["map", "terrain", "4040"], {"water": 1}), "map.terrain.4040: hex"),
    ("robotech", _set(["system"], "chess"), "system: must be one of"),
    ("robotech", _set(["dice"], [1, "x"]), "dice[1]: must be a die face"),
    ("robotech", _set(["seed"], -1), "seed: must be an integer from 0"),
]


@pytest.mark.parametrize(("system", "change", "message"), MALFORMED)
def test_malformed_scenario_names_field_and_reason(system: str, change: Any,
                                                   message: str) -> None:
    with pytest.raises(ScenarioError) as err:
        scenarios.load_dict(_edit(system, change))
    assert str(err.value).startswith(message)
    assert err.value.path == message.split(":")[0]


def test_bad_json_is_a_scenario_error() -> None:
    with pytest.raises(ScenarioError, match="scenario: is not valid JSON"):
        scenarios.loads('{"system": "robotech",')


def test_dump_round_trips_the_document() -> None:
    s = scenarios.load_dict(doc("heresy"))
    assert json.loads(scenarios.dumps(s)) == doc("heresy")
    assert scenarios.to_dict(scenarios.loads(scenarios.dumps(s))) == doc("heresy")


@pytest.mark.parametrize("system", SYSTEMS)
def test_share_string_round_trips_with_seed(system: str) -> None:
    s = scenarios.load_dict(doc(system))
    text = scenarios.encode_share(s, seed=99)
    assert all(c.isalnum() or c in "-_" for c in text)
    back = scenarios.decode_share(text)
    assert back.seed == 99
    assert scenarios.to_dict(back) == {**doc(system), "seed": 99}
    assert len(text) < len(scenarios.dumps(s, indent=None))


@pytest.mark.parametrize("bad", ["", "2abc", "1!!!!", "1" + "A" * 40, "1eJwLyc8HAAX6AiU"])
def test_damaged_share_string_is_a_scenario_error(bad: str) -> None:
    with pytest.raises(ScenarioError) as err:
        scenarios.decode_share(bad)
    assert err.value.path in ("share", "scenario", "system")


def test_with_seed_drops_scripted_dice() -> None:
    s = scenarios.load_dict({**doc("robotech"), "dice": [6, 6]})
    assert scenarios.with_seed(s, 5).dice is None
    assert scenarios.with_seed(s, 5).seed == 5


# -- fuzzing: any input gives a Scenario or a ScenarioError, never another exception --

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True)
    | st.text(max_size=12),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=10), children, max_size=6),
    max_leaves=30,
)


def _mutations(system: str) -> st.SearchStrategy[dict[str, Any]]:
    """A valid document with one value somewhere replaced by arbitrary JSON."""
    base = doc(system)
    paths: list[list[Any]] = []

    def walk(node: Any, path: list[Any]) -> None:
        paths.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, [*path, k])
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, [*path, i])

    walk(base, [])
    return st.tuples(st.sampled_from(paths[1:]), JSON).map(
        lambda pv: _edit(system, _set(pv[0], pv[1])))


def _loads_or_scenario_error(action: Callable[[], Any]) -> None:
    with contextlib.suppress(ScenarioError):
        action()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SYSTEMS).flatmap(_mutations))
def test_fuzz_mutated_documents_give_scenario_or_scenario_error(data: dict[str, Any]) -> None:
    _loads_or_scenario_error(lambda: scenarios.load_dict(data))


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_fuzz_arbitrary_json_gives_scenario_error(data: Any) -> None:
    _loads_or_scenario_error(lambda: scenarios.load_dict(data))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_fuzz_text_loader(text: str) -> None:
    _loads_or_scenario_error(lambda: scenarios.loads(text))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="1-_ABCDEFabcdefxyzeJw0123456789", max_size=120))
def test_fuzz_share_decoder(text: str) -> None:
    _loads_or_scenario_error(lambda: scenarios.decode_share(text))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(SYSTEMS).flatmap(_mutations))
def test_fuzz_share_decoder_on_packed_documents(data: dict[str, Any]) -> None:
    import base64
    import zlib
    raw = json.dumps(data, allow_nan=True).encode()
    text = "1" + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")
    _loads_or_scenario_error(lambda: scenarios.decode_share(text))


# -- command line --------------------------------------------------------------------


def test_cli_validate_accepts_each_system(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", *(str(HERE / f"{s}.json") for s in SYSTEMS)]) == 0
    assert capsys.readouterr().out.count(": ok (") == 3


def test_cli_validate_rejects_with_path_and_nonzero_exit(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_edit("robotech", _set(["units", 1, "df"], 13))))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    run = subprocess.run([sys.executable, "-m", "engine", "validate", str(bad), str(broken)],
                         capture_output=True, text=True, cwd=Path(__file__).parents[1])
    assert run.returncode == 1
    assert "bad.json: error: units[1].df: must be an integer from 1 to 12" in run.stderr
    assert "broken.json: error: scenario: is not valid JSON" in run.stderr


def test_cli_missing_file_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "/nonexistent/x.json"]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_fingerprint_follows_the_document() -> None:
    a = scenarios.load_dict(doc("robotech"))
    b = scenarios.loads(scenarios.dumps(a, indent=None))
    assert scenarios.fingerprint(a) == scenarios.fingerprint(b)
    assert scenarios.fingerprint(a) != scenarios.fingerprint(scenarios.with_seed(a, 8))


# -- bounds: checked before any work ---------------------------------------------------


def _pack(raw: bytes) -> str:
    import base64
    import zlib
    return "1" + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def test_share_link_of_20000_nested_lists_is_refused_before_parsing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    link = _pack(b"[" * 20000)
    assert len(link) < 100
    monkeypatch.setattr(json, "loads", lambda *a, **k: pytest.fail("parsed anyway"))
    with pytest.raises(ScenarioError, match="^scenario: nests deeper than 20 levels$"):
        scenarios.decode_share(link)


def test_nesting_inside_text_does_not_count() -> None:
    d = doc("robotech")
    d["notes"] = "[{" * 4000 + '\\"]'
    assert scenarios.loads(json.dumps(d)).notes == d["notes"]


def test_deep_document_built_in_python_is_refused_without_recursion() -> None:
    deep: list[Any] = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(ScenarioError, match="nests deeper than 20 levels"):
        scenarios.load_dict({**doc("robotech"), "notes": deep})


@pytest.mark.parametrize(("text", "message"), [
    ('{"system": "robotech", "system": "heresy"}', "system: is given more than once"),
    ('{"units": [{"id": "a", "x": 1, "x": 2}]}', "units[0].x: is given more than once"),
    ('{"system": "robotech", "seed": NaN}', "scenario: is not valid JSON (NaN is not"),
    ('{"system": "robotech", "seed": 1e999}', "seed: must be a finite number"),
    ('{"system": "robotech", "notes": "\\udc00"}', "notes: holds text that cannot be encoded"),
    ('{"\\ud800": 1}', "scenario: has a key text that cannot be encoded"),
])
def test_text_outside_the_bounds_is_refused_with_its_path(text: str, message: str) -> None:
    with pytest.raises(ScenarioError) as err:
        scenarios.loads(text)
    assert str(err.value).startswith(message)


@pytest.mark.parametrize("system", SYSTEMS)
def test_lone_surrogate_in_a_unit_name_is_refused_with_its_path(system: str) -> None:
    d = doc(system)
    d["units"][0]["name"] = "\udc00"
    with pytest.raises(ScenarioError, match=r"^units\[0\]\.name: holds text that cannot be"):
        scenarios.load_dict(d)


def test_value_that_is_not_json_is_refused() -> None:
    with pytest.raises(ScenarioError, match=r"^title: is not a JSON value"):
        scenarios.load_dict({**doc("robotech"), "title": {1, 2}})


def test_document_larger_than_the_limit_is_refused() -> None:
    d = {**doc("robotech"), "notes": "x" * scenarios.MAX_DOCUMENT}
    with pytest.raises(ScenarioError, match="is larger than 1,000,000 characters"):
        scenarios.loads(json.dumps(d))


def test_share_link_longer_than_the_limit_is_refused() -> None:
    with pytest.raises(ScenarioError, match="^share: is longer than 250,000 characters"):
        scenarios.decode_share("1" + "A" * scenarios.MAX_SHARE)


def test_share_inflating_past_the_document_limit_is_refused() -> None:
    with pytest.raises(ScenarioError, match="share: is damaged .*larger than 1,000,000"):
        scenarios.decode_share(_pack(b" " * (4 * scenarios.MAX_DOCUMENT + 10)))
    with pytest.raises(ScenarioError, match="^scenario: is larger than 1,000,000 characters"):
        scenarios.decode_share(_pack(json.dumps({"notes": "x" * scenarios.MAX_DOCUMENT},
                                                separators=(",", ":")).encode()))


def test_share_of_a_document_with_wide_characters_round_trips() -> None:
    d = {**doc("robotech"), "notes": "\U0001f4a5" * 10_000}
    s = scenarios.load_dict(d)
    assert scenarios.to_dict(scenarios.decode_share(scenarios.encode_share(s))) == d


def test_scenario_too_large_for_a_share_link_is_refused_when_encoding() -> None:
    import random

    rng = random.Random(5)
    d = doc("robotech")
    d["terrain"] = [{"points": [[round(rng.uniform(0, 48), 9), round(rng.uniform(0, 48), 9)]
                                for _ in range(200)]} for _ in range(100)]
    s = scenarios.load_dict(d)
    with pytest.raises(ScenarioError, match="^share: the scenario is too large for a share"):
        scenarios.encode_share(s)


@pytest.mark.parametrize("tail", ["AAAA", "abc", "&x=1", " ", "%20", "=="])
def test_text_after_a_valid_share_link_is_refused(tail: str) -> None:
    link = scenarios.encode_share(scenarios.load_dict(doc("robotech")))
    with pytest.raises(ScenarioError) as err:
        scenarios.decode_share(link + tail)
    assert err.value.path == "share"


@pytest.mark.parametrize("system", SYSTEMS)
def test_unit_count_limit(system: str) -> None:
    d = doc(system)
    d["units"] += [copy.deepcopy(d["units"][-1]) for _ in range(scenarios.MAX_UNITS)]
    with pytest.raises(ScenarioError, match=r"^units: must hold at most 500 units$"):
        scenarios.load_dict(d)


def test_seed_error_shows_the_largest_seed_in_full() -> None:
    with pytest.raises(ScenarioError, match=r"^seed: must be an integer from 0 to "
                                            r"9007199254740991$"):
        scenarios.load_dict({**doc("robotech"), "seed": 2**53})


def test_the_docs_state_the_bounds() -> None:
    from engine import geometry
    from engine.scenario import bounds

    root = Path(__file__).parents[1]
    readme = " ".join(p.read_text("utf-8") for p in [root / "README.md", *root.glob("docs/*.md")])
    for figure in (f"at most {bounds.MAX_DOCUMENT:,} characters",
                   f"nested at most {bounds.MAX_DEPTH} levels",
                   f"at most {scenarios.MAX_UNITS} units",
                   f"at most {scenarios.MAX_SHARE:,} characters",
                   f"rounded to {geometry.GRID:.0e} inch".replace("e-0", "e-"),
                   f"within {geometry.TOUCH_EPS:.0e} inch".replace("e-0", "e-")):
        assert figure in " ".join(readme.split()), figure


def test_depth_count_reads_each_character_once() -> None:
    """An unterminated string of escaped quotes (each one could start a string) took
    quadratic time in a first version of the depth count: hours for this one."""
    import time

    text = '{"notes": "' + '\\"' * 400_000
    start = time.perf_counter()
    with pytest.raises(ScenarioError, match="scenario: is not valid JSON"):
        scenarios.loads(text)
    assert time.perf_counter() - start < 5


def _numeric_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _numeric_paths(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _numeric_paths(v, (*path, i))]
    return [path] if isinstance(value, int | float) and not isinstance(value, bool) else []


def _shown_path(path: tuple[Any, ...]) -> str:
    return "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path).lstrip(".")


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_huge_integer_in_any_numeric_field_is_refused_with_its_path(system: str) -> None:
    """Issue 27.4: a few hundred digits, valid JSON, in any number of the document is a
    ScenarioError naming that field, before any arithmetic (no OverflowError)."""
    d = doc(system)
    for path in _numeric_paths(d):
        changed = copy.deepcopy(d)
        where = changed
        for k in path[:-1]:
            where = where[k]
        where[path[-1]] = "HUGE"
        text = json.dumps(changed).replace('"HUGE"', "9" * 400)
        with pytest.raises(ScenarioError) as err:
            scenarios.loads(text)
        assert err.value.path == _shown_path(path), (path, str(err.value))
        assert "must be a number from -9007199254740992 to 9007199254740992" in str(err.value)


def test_an_integer_of_thousands_of_digits_is_refused_with_its_path() -> None:
    """Past Python's 4,300-digit conversion limit, still the field's error."""
    text = json.dumps({**doc("robotech"), "seed": "HUGE"}).replace('"HUGE"', "7" * 50_000)
    with pytest.raises(ScenarioError, match="^seed: must be a number from"):
        scenarios.loads(text)


def test_the_size_limit_is_measured_on_the_compact_form_whatever_the_indentation() -> None:
    """Issue 27.8: a document just under the limit, indented past it, still loads (the
    page's indented exports, its JSON box); compact past the limit stays refused."""
    d = doc("robotech")
    d["notes"] = ""
    wall = {"points": [[1.234567891234, 2.345678912345], [3.456789123456, 4.567891234567]]}
    size = len(json.dumps(d, separators=(",", ":")))
    d["terrain"] = [wall] * ((scenarios.MAX_DOCUMENT - size - 9_000) // 77)
    d["notes"] = "x" * (scenarios.MAX_DOCUMENT - 10 - len(json.dumps(d, separators=(",", ":"))))
    assert len(d["notes"]) <= 10_000
    indented = json.dumps(d, indent=2)
    assert len(indented) > 2 * scenarios.MAX_DOCUMENT
    assert scenarios.to_dict(scenarios.loads(indented)) == d
    d["terrain"].append(wall)
    with pytest.raises(ScenarioError, match="^scenario: is larger than 1,000,000 characters"):
        scenarios.loads(json.dumps(d, indent=2))


def test_a_document_built_in_python_with_a_huge_integer_is_refused_with_its_path() -> None:
    """Found by the property test: the page's editor builds documents as Python values, and
    an int of 400 digits cannot even be compared as a float."""
    d = doc("battletech")
    d["units"][0]["facing"] = 10**400
    with pytest.raises(ScenarioError, match=r"^units\[0\]\.facing: must be a number from"):
        scenarios.load_dict(d)
