"""Where to aim (issue 16): candidates are legal, the best is not always the obvious one,
and the chosen aim written into the scenario gives exactly the figures it was ranked by."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from engine import aim, hexgrid, systems
from engine import scenario as scenarios
from engine.errors import IllegalAttack

DEMOS = Path(__file__).parents[1] / "web" / "demos"


def marine(uid: str, x: float, y: float, side: str = "traitor", unit: str = "squad"
           ) -> dict[str, Any]:
    return {"id": uid, "side": side, "unit": unit, "x": x, "y": y, "base_mm": 32, "t": 4,
            "w": 1, "sv": 3}


def heresy(units: list[dict[str, Any]], target: str) -> scenarios.Scenario:
    return scenarios.load_dict({
        "format": "scatterlab/1", "system": "heresy", "seed": 1,
        "table": {"width": 72, "height": 48},
        "units": [marine("hw", 20, 24, side="loyal", unit="devastators"), *units],
        "attack": {"firer": "hw", "bs": 4, "target": target,
                   "weapon": {"name": "frag", "s": 4, "ap": 6, "shots": 1, "range": 48,
                              "blast": 3}}})


def test_hh_3_the_best_hole_is_offset_over_the_base_away_from_a_friendly_model() -> None:
    """Over the target's centre the marker would cover the friendly model (HH-3): the best
    legal hole sits on the far side of the target's base."""
    s = heresy([marine("e1", 41, 24), marine("f1", 41, 26, side="loyal", unit="tac")], "e1")
    with pytest.raises(IllegalAttack, match="HH-3"):
        systems.rules_of("heresy").prepare(aim.aimed(s, aim.Aim("centre", (
            ("aim", {"x": 41, "y": 24}),))))
    ranking = aim.rank(s)
    best = ranking.scored[0]
    point = dict(best.aim.attack)["aim"]
    assert ranking.illegal > 0 and point["y"] < 24
    assert aim.legal(scenarios.to_dict(s), best.aim) is not None
    assert 0 < best.friendly_risk < 0.5  # only a scatter can reach the friendly model


def test_the_chosen_aim_gives_exactly_its_figures_with_odds() -> None:
    s = scenarios.loads((DEMOS / "robotech-direct-hit-splash.json").read_text())
    ranking = aim.rank(s)
    assert [r.value for r in ranking.scored] == sorted(
        (r.value for r in ranking.scored), reverse=True)
    for r in ranking.scored[:2]:
        again = systems.odds(aim.aimed(s, r.aim), method="exact")
        assert again.to_dict() == r.odds.to_dict()
        enemies = [u.id for u in s.units if u.side != "UEDF"]
        assert r.value == pytest.approx(
            math.fsum(again.units[u]["expected_damage"] for u in enemies), abs=1e-9)


def test_a_friendly_risk_limit_keeps_only_aims_within_it() -> None:
    s = scenarios.loads((DEMOS / "robotech-direct-hit-splash.json").read_text())
    every = aim.rank(s)
    safe = aim.rank(s, friendly_risk=0.01)
    assert len(safe.scored) < len(every.scored)
    assert all(r.friendly_risk <= 0.01 for r in safe.scored)


def test_objectives_rank_by_their_own_figure() -> None:
    s = scenarios.loads((DEMOS / "robotech-direct-hit-splash.json").read_text())
    r1 = aim.rank(s, objective="destroy:r1").scored[0]
    assert r1.value == r1.odds.units["r1"]["p_destroyed"]
    with pytest.raises(ValueError, match="unknown objective"):
        aim.rank(s, objective="glory")


def test_bt_bomb_every_support_aimed_at_a_hex_is_tried_near_the_enemy() -> None:
    doc = json.loads((DEMOS / "battletech-bombing-scatter.json").read_text())
    aims = aim.battletech_aims(doc)
    assert aims and all(a.attack[0][0] == "supports" for a in aims)
    labels = {dict(a.attack)["supports"][0]["target"] for a in aims}
    assert doc["attack"]["supports"][0]["target"] in labels


def test_bt_bomb_under_a_friendly_risk_limit_the_best_bombing_is_one_hex_off_the_enemy(
        ) -> None:
    """Bombing the Atlas's own hex risks the Kurita lance around it (a scatter, BT-BOMB);
    capped at 5 % friendly risk, the best bombing is aimed one hex off the Atlas."""
    s = scenarios.loads((DEMOS / "battletech-bombing-scatter.json").read_text())
    obvious = aim.rank(s).scored[0]
    assert dict(obvious.aim.attack)["supports"][0]["target"] == "1010"
    assert obvious.friendly_risk > 0.05
    safe = aim.rank(s, friendly_risk=0.05).scored[0]
    target = dict(safe.aim.attack)["supports"][0]["target"]
    atlas = hexgrid.Hex.from_label("1010")
    assert hexgrid.distance(hexgrid.Hex.from_label(target), atlas) == 1
    assert safe.value > 0 and safe.friendly_risk <= 0.05
    again = systems.odds(aim.aimed(s, safe.aim), method="exact")
    assert again.to_dict() == safe.odds.to_dict()


def regult(uid: str, x: float, y: float) -> dict[str, Any]:
    return {"id": uid, "side": "Zentraedi", "kind": "mecha", "x": x, "y": y, "base_mm": 40,
            "df": 5, "gn": 1, "pil": 2, "cp": 0}


def test_rt_3_an_indirect_fire_ground_point_between_three_mecha_beats_each_of_them() -> None:
    """Three Regults 5" apart: a template on one covers only it (full MD, RT-5); on the
    ground between them it covers all three (half MD each, no primary target, RT-3)."""
    s = scenarios.load_dict({
        "format": "scatterlab/1", "system": "robotech", "seed": 1,
        "table": {"width": 48, "height": 48},
        "units": [{"id": "a1", "side": "UEDF", "kind": "mecha", "x": 6, "y": 24, "base_mm": 40,
                   "df": 5, "gn": 2, "pil": 2, "cp": 0},
                  regult("r1", 30, 21.113), regult("r2", 27.5, 25.443),
                  regult("r3", 32.5, 25.443)],
        "attack": {"attacker": "a1", "targets": ["r1"],
                   "weapon": {"name": "Grenade", "md": 10, "range": 48,
                              "abilities": ["blast", "indirect_fire"]}}})
    ranking = aim.rank(s)
    best = ranking.scored[0]
    point = dict(best.aim.attack).get("point")
    assert point is not None and math.hypot(point["x"] - 30, point["y"] - 24) < 1
    targeted = [r for r in ranking.scored if "targets" in dict(r.aim.attack)
                and dict(r.aim.attack)["targets"]]
    assert len(targeted) == 3 and best.value > max(r.value for r in targeted)
