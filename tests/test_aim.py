"""Where to aim (issue 16): candidates are legal, the best is not always the obvious one,
and the chosen aim written into the scenario gives exactly the figures it was ranked by."""

from __future__ import annotations

import itertools
import json
import math
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine import aim, candidates, geometry, hexgrid, objectives, systems
from engine import scenario as scenarios
from engine.enumeration import Budget, TooManyOutcomes
from engine.errors import IllegalAttack
from engine.odds import Odds
from engine.words import say

DEMOS = Path(__file__).parents[1] / "web" / "demos"
SUITE = Path(__file__).parent / "suite"


def marine(uid: str, x: float, y: float, side: str = "traitor", unit: str = "squad"
           ) -> dict[str, Any]:
    return {"id": uid, "side": side, "unit": unit, "x": x, "y": y, "base_mm": 32, "t": 4,
            "w": 1, "sv": 3}


def heresy(units: list[dict[str, Any]], target: str, reach: float = 48) -> scenarios.Scenario:
    return scenarios.load_dict({
        "format": "scatterlab/1", "system": "heresy", "seed": 1,
        "table": {"width": 72, "height": 48},
        "units": [marine("hw", 20, 24, side="loyal", unit="devastators"), *units],
        "attack": {"firer": "hw", "bs": 4, "target": target,
                   "weapon": {"name": "frag", "s": 4, "ap": 6, "shots": 1, "range": reach,
                              "blast": 3}}})


def assert_figures_are_those_of_odds(s: scenarios.Scenario, best: aim.Scored,
                                     objective: str = "damage") -> None:
    """The aim is legal, and the scenario with it written in gives, with `odds`, every
    figure the aim was ranked by (to 1e-9)."""
    assert aim.legal(s, best.aim) is not None
    chosen = aim.aimed(s, best.aim)
    again = aim.score(chosen, best.aim, objective)
    odds = systems.odds(chosen, method="exact", landing=False)
    assert odds.to_dict() == best.odds.to_dict()
    for name in ("value", "enemy_damage", "enemy_destroyed", "friendly_damage",
                 "friendly_destroyed", "friendly_risk"):
        assert getattr(again, name) == pytest.approx(getattr(best, name), abs=1e-9), name
    side = candidates.firing_side(scenarios.to_dict(s))
    enemies = [u.id for u in s.units if u.side != side]
    assert best.enemy_damage == pytest.approx(
        math.fsum(odds.units[u]["expected_damage"] for u in enemies), abs=1e-9)


def test_hh_3_the_best_hole_is_offset_over_the_base_away_from_a_friendly_model() -> None:
    """Over the target's centre the marker would cover the friendly model (HH-3): the best
    legal hole sits on the far side of the target's base."""
    s = heresy([marine("e1", 41, 24), marine("f1", 41, 26, side="loyal", unit="tac")], "e1")
    with pytest.raises(IllegalAttack, match="HH-3"):
        systems.rules_of("heresy").prepare(aim.aimed(s, candidates.Aim("centre", (
            ("aim", {"x": 41, "y": 24}),))))
    ranking = aim.rank(s)
    best = ranking.scored[0]
    point = dict(best.aim.attack)["aim"]
    assert ranking.illegal > 0 and point["y"] < 24
    assert_figures_are_those_of_odds(s, best)
    assert 0 < best.friendly_risk < 0.5  # only a scatter can reach the friendly model


def test_hh_7_the_best_hole_leans_over_the_target_s_base_toward_a_second_enemy_unit() -> None:
    """A lone target 2.3" from another squad just out of range (20", HH-2: only the lone
    model may be targeted): a 3" marker at its centre covers it alone, but moved over the
    edge of its base toward the squad it covers them too (HH-7)."""
    s = heresy([marine("e1", 40, 24), marine("s1", 42.3, 24, unit="other"),
                marine("s2", 42.3, 25.3, unit="other"), marine("s3", 42.3, 22.7, unit="other")],
               "e1", reach=20)
    ranking = aim.rank(s)
    best = ranking.scored[0]
    point = dict(best.aim.attack)["aim"]
    assert dict(best.aim.attack)["target"] == "e1" and point["x"] > 40
    centre = next(r for r in ranking.scored if dict(r.aim.attack)["aim"] == {"x": 40, "y": 24})
    assert best.value > centre.value
    assert_figures_are_those_of_odds(s, best)


def test_hh_1_holes_over_a_hull_are_tried_over_its_rectangle_and_refused_off_it() -> None:
    """A Rhino's hull, 4.5" by 2.75" facing east: holes on the grid over the rectangle are
    ranked; those over its corners' bounding circle but off the hull are refused."""
    doc = json.loads((Path(__file__).parent / "scenarios" / "heresy.json").read_text())
    doc["units"] = [u for u in doc["units"] if u["id"] in ("f1", "rh")]
    doc["attack"]["target"] = "rh"
    doc["attack"].pop("aim", None)
    s = scenarios.load_dict(doc)
    ranking = aim.rank(s)
    points = [dict(r.aim.attack)["aim"] for r in ranking.scored]
    assert ranking.illegal > 0 and len(points) > 1
    assert all(abs(q["x"] - 46) <= 2.25 + 1e-9 and abs(q["y"] - 22) <= 1.375 + 1e-9
               for q in points)
    assert_figures_are_those_of_odds(s, ranking.scored[0])


def test_the_chosen_aim_gives_exactly_its_figures_with_odds() -> None:
    s = scenarios.loads((DEMOS / "robotech-direct-hit-splash.json").read_text())
    ranking = aim.rank(s)
    assert [r.value for r in ranking.scored] == sorted(
        (r.value for r in ranking.scored), reverse=True)
    for r in ranking.scored[:2]:
        again = systems.odds(aim.aimed(s, r.aim), method="exact", landing=False)
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


def test_an_empty_ranking_names_why_for_the_command_line_and_the_page() -> None:
    """Issue 24: a ranking that lists no aim says why, once (`Ranking.why_none`, also in
    its JSON): every aim past the friendly-risk limit, the rules refusing every candidate,
    or nothing to aim at (exact odds out of reach are estimated instead: never a why)."""
    def why(name: str, **kwargs: Any) -> str | None:
        ranking = aim.rank(scenarios.loads((DEMOS / name).read_text()), **kwargs)
        assert ranking.to_dict()["why_none"] == ranking.why_none()
        return ranking.why_none()

    assert why("robotech-direct-hit-splash.json") is None
    assert why("robotech-direct-hit-splash.json", friendly_risk=0.0) == "risk"
    assert why("heresy-blast-squad.json", allowance=aim.Allowance(steps=10)) is None
    assert why("rule-heresy-snap-shot-refused.json") == "rules"
    assert why("rule-battletech-artillery-scatter.json") == "nothing"


def test_objectives_rank_by_their_own_figure() -> None:
    s = scenarios.loads((DEMOS / "robotech-direct-hit-splash.json").read_text())
    r1 = aim.rank(s, objective="destroy:r1").scored[0]
    assert r1.value == r1.odds.units["r1"]["p_destroyed"]
    with pytest.raises(ValueError, match="unknown objective"):
        aim.rank(s, objective="glory")
    with pytest.raises(ValueError, match="no unit has the id"):
        aim.rank(s, objective="destroy:nobody")


def test_hh_7_hits_objective_is_the_best_unit_s_chance_of_at_least_n_hits() -> None:
    """Counted over the 40K unit's models together (its group)."""
    s = scenarios.loads((DEMOS / "heresy-blast-squad.json").read_text())
    best = aim.rank(s, objective="hits:3").scored[0]
    squad = best.odds.groups["Tactical Squad"]
    assert best.value == pytest.approx(squad["hits_at_least"]["3"], abs=1e-9)
    assert_figures_are_those_of_odds(s, best, "hits:3")


def test_bt_bomb_every_support_aimed_at_a_hex_is_tried_near_the_enemy() -> None:
    doc = json.loads((DEMOS / "battletech-bombing-scatter.json").read_text())
    aims = candidates.battletech_aims(doc)
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
    again = systems.odds(aim.aimed(s, safe.aim), method="exact", landing=False)
    assert again.to_dict() == safe.odds.to_dict()
    assert_figures_are_those_of_odds(s, safe)


def test_bt_strafe_1_strafing_lines_are_straight_runs_of_1_to_5_hexes_through_the_enemy(
        ) -> None:
    s = scenarios.loads((DEMOS / "battletech-strafing-run.json").read_text())
    doc = scenarios.to_dict(s)
    lines = [dict(a.attack)["supports"][0]["hexes"] for a in candidates.battletech_aims(doc)]
    assert {len(h) for h in lines} == {1, 2, 3, 4, 5}
    assert all(hexgrid.is_straight_contiguous_line([hexgrid.Hex.from_label(x) for x in h])
               for h in lines)
    best = aim.rank(s).scored[0]
    assert dict(best.aim.attack)["supports"][0]["hexes"] == [
        "0905", "0906", "0907", "0908", "0909"]
    assert_figures_are_those_of_odds(s, best)


def test_bt_strafe_2_under_a_risk_limit_the_run_stops_short_of_a_friendly_unit() -> None:
    """The Centurion in 0907, mid-line, is now the strafer's own: the full run over all
    four 'Mechs risks it; under a 1 % limit the best run leaves its hex out."""
    doc = json.loads((DEMOS / "battletech-strafing-run.json").read_text())
    doc["units"][1]["side"] = "Kurita"
    s = scenarios.load_dict(doc)
    obvious = aim.rank(s).scored[0]
    assert "0907" in dict(obvious.aim.attack)["supports"][0]["hexes"]
    assert obvious.friendly_risk > 0.01
    safe = aim.rank(s, friendly_risk=0.01).scored[0]
    assert "0907" not in dict(safe.aim.attack)["supports"][0]["hexes"]
    assert safe.friendly_risk == 0 and 0 < safe.value < obvious.value
    assert_figures_are_those_of_odds(s, safe)


def test_bt_gen_a_support_the_side_holds_is_tried_in_place_of_the_one_declared() -> None:
    """With a heavy bombing held, the light strike's place may take it instead."""
    doc = json.loads((DEMOS / "battletech-bombing-scatter.json").read_text())
    kind = doc["attack"]["supports"][0]["kind"]
    other = "light_strike" if kind != "light_strike" else "heavy_strike"
    doc["attack"]["held"] = {kind: 1, other: 1}
    s = scenarios.load_dict(doc)
    kinds = {dict(r.aim.attack)["supports"][0]["kind"] for r in aim.rank(s).scored}
    assert kinds == {kind, other}


def test_bt_gen_a_turn_s_supports_are_aimed_together_and_a_second_press_keeps_the_best(
        ) -> None:
    """Two supports declared far from the enemy, two Davion 'Mechs 7 hexes apart: each
    single aim moves one support (the other stays where the player put it), so the best
    aim moves both (`candidates.combined_supports`), beats every single one, has the
    figures of `odds`, is named as players would say it (supports at one hex together),
    and Best aim asked again from it names an aim as good."""
    doc = json.loads((DEMOS / "battletech-bombing-scatter.json").read_text())
    second = {**doc["units"][0], "id": "atlas-2", "name": "Atlas AS7-D (2)", "hex": "1710"}
    doc["units"].append(second)
    doc["attack"]["supports"] = [{"kind": "heavy_bombing", "target": "0502"},
                                 {"kind": "light_strike", "target": "0502"}]
    s = scenarios.load_dict(doc)
    ranking = aim.rank(s)
    best = ranking.scored[0]
    moved = dict(best.aim.attack)["supports"]
    assert {x["target"] for x in moved} <= {"1010", "1710"}
    singles = [r for r in ranking.scored
               if sum(x["target"] == "0502" for x in dict(r.aim.attack)["supports"]) == 1]
    assert singles and best.value > max(r.value for r in singles)
    words = say(best.aim.label)  # "Heavy Bombing + Light Air Strike at 1710"
    assert "Heavy Bombing" in words and "Light Air Strike" in words
    assert all(x["target"] in words for x in moved)
    assert_figures_are_those_of_odds(s, best)
    again = aim.rank(aim.aimed(s, best.aim)).scored[0]
    assert again.value == pytest.approx(best.value, abs=1e-12)


@pytest.mark.parametrize("path", [p for p in sorted(DEMOS.glob("*.json"))
                                  if p.stem != "heresy-mega-blast"], ids=lambda p: p.stem)
def test_best_aim_names_an_aim_as_good_wherever_the_attack_was_aimed(path: Path) -> None:
    """Best aim asked again with its best aim in place (a player pressing it twice), or
    with its worst, names an aim exactly as good on every demo: the ranking does not
    hang on where the attack was aimed (a BattleTech turn's supports are aimed together:
    one moved at a time, the hidden bluff's best depended on where the others were). The
    Mega-blast demo is left out for time (3 s a ranking); `test_hh_9_two_shots_spread...`
    checks a spread's second press."""
    s = scenarios.loads(path.read_text(encoding="utf-8"))
    first = aim.rank(s).scored
    if not first:
        return
    for placed in (first[0], first[-1]):
        again = aim.rank(aim.aimed(s, placed.aim)).scored
        assert again[0].value == pytest.approx(first[0].value, abs=1e-12), \
            (say(placed.aim.label), say(again[0].aim.label))


def test_bt_art_a_gun_the_side_holds_is_tried_in_place_of_the_one_declared() -> None:
    """With a Thumper held beside the Long Tom declared, its shot may be the Thumper's
    (which support to spend there: each is used once), and the figures are `odds`'."""
    doc = json.loads((DEMOS / "battletech-bombing-scatter.json").read_text())
    target = doc["attack"]["supports"][0]["target"]
    doc["attack"]["supports"] = [{"kind": "artillery", "gun": "long_tom", "target": target}]
    doc["attack"]["held"] = {"long_tom": 1, "thumper": 1}
    s = scenarios.load_dict(doc)
    ranking = aim.rank(s)
    guns = {next(x for x in dict(r.aim.attack)["supports"] if x["kind"] == "artillery")["gun"]
            for r in ranking.scored}
    assert guns == {"long_tom", "thumper"}
    assert any("instead of Long Tom" in say(r.aim.label) for r in ranking.scored)
    assert_figures_are_those_of_odds(s, ranking.scored[0])


def regult(uid: str, x: float, y: float) -> dict[str, Any]:
    return {"id": uid, "side": "Zentraedi", "kind": "mecha", "x": x, "y": y, "base_mm": 40,
            "df": 5, "gn": 1, "pil": 2, "cp": 0}


def test_rt_3_an_indirect_fire_ground_point_between_three_mecha_beats_each_of_them() -> None:
    """Three Regults 5" apart: a template on one covers only it (full MD, RT-5); on the
    ground between them it covers all three (half MD each, no primary target, RT-3). Sight
    by terrain only: r2's base would hide r3 from the firer."""
    s = scenarios.load_dict({
        "format": "scatterlab/1", "system": "robotech", "seed": 1,
        "options": {"line_of_sight": "terrain"},
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
    assert_figures_are_those_of_odds(s, best)


def grenade_at_two_regults(y1: float, y2: float, terrain: list | None = None
                           ) -> scenarios.Scenario:
    """A VF-1 at (6, 24) with an Indirect Fire grenade at r1, Regults r1 and r2 at x 30."""
    return scenarios.load_dict({
        "format": "scatterlab/1", "system": "robotech", "seed": 1,
        "table": {"width": 48, "height": 48}, "terrain": terrain or [],
        "units": [{"id": "a1", "side": "UEDF", "kind": "mecha", "x": 6, "y": 24, "base_mm": 40,
                   "df": 5, "gn": 2, "pil": 2, "cp": 0},
                  regult("r1", 30, y1), regult("r2", 30, y2)],
        "attack": {"attacker": "a1", "targets": ["r1"],
                   "weapon": {"name": "Grenade", "md": 10, "range": 48,
                              "abilities": ["blast", "indirect_fire"]}}})


def test_rt_3_an_indirect_fire_ground_point_between_two_mecha_beats_either() -> None:
    """Two Regults 6" apart: a 2.5" template on one misses the other, but on the ground
    between them it covers both (RT-3, RT-5)."""
    s = grenade_at_two_regults(21, 27)
    ranking = aim.rank(s)
    best = ranking.scored[0]
    point = dict(best.aim.attack).get("point")
    assert point is not None and 21 < point["y"] < 27
    targeted = [r.value for r in ranking.scored if dict(r.aim.attack).get("targets")]
    assert len(targeted) == 2 and best.value > max(targeted)
    assert_figures_are_those_of_odds(s, best)


def test_rt_3_ground_points_no_friendly_mecha_can_see_are_refused() -> None:
    """A wall hides the ground south of the Regults from the only friendly mecha: those
    points are refused, and every ground point ranked is in its sight."""
    wall = [(25.0, 24.6), (25.0, 40.0)]
    s = grenade_at_two_regults(22.5, 25.5, [{"points": [list(p) for p in wall]}])
    ranking = aim.rank(s)
    ground = [dict(r.aim.attack)["point"] for r in ranking.scored
              if dict(r.aim.attack).get("point")]
    assert ranking.illegal > 0 and ground
    a, b = (geometry.Point(*q) for q in wall)
    assert not any(geometry.segment_intersects_segment(
        geometry.Point(6, 24), geometry.Point(q["x"], q["y"]), a, b) for q in ground)
    assert_figures_are_those_of_odds(s, ranking.scored[0])


def test_the_overlay_holds_every_candidate_point_or_hex_with_its_best_score() -> None:
    from engine.render.board import board

    s = scenarios.loads((DEMOS / "battletech-bombing-scatter.json").read_text())
    ranking = aim.rank(s)
    overlay = ranking.overlay()
    assert {c["hex"] for c in overlay} == {r.aim.hex for r in ranking.scored}
    assert max(c["value"] for c in overlay) == round(ranking.scored[0].value, 6)
    svg = board(s, aim_scores=overlay)
    assert svg.count('class="aim-score') == len(overlay) + 1  # the dots and their group
    assert svg.count("aim-best") >= 1


def test_a_hex_map_s_scores_lie_under_the_tokens_as_rings_round_them() -> None:
    """The best aim of the bombing demo is the Atlas's hex: its dot hid the Atlas's token
    (its side, its type). On a hex map the scores lie on the floor, under the tokens, and
    a hex with a unit in it has a ring just outside its token instead of a dot."""
    import xml.etree.ElementTree as ET

    from engine.render.aim import HEX_RADIUS, RING_WIDTH
    from engine.render.board import board
    from engine.render.hexmap import TOKEN_RADIUS

    s = scenarios.loads((DEMOS / "battletech-bombing-scatter.json").read_text())
    overlay = aim.rank(s).overlay()
    root = ET.fromstring(board(s, aim_scores=overlay))
    svg = "{http://www.w3.org/2000/svg}"
    floor = next(g for g in root.iter(svg + "g") if g.get("id") == "layer-floor")
    dots = {c.get("data-hex"): c for c in floor.iter(svg + "circle")}
    assert set(dots) == {c["hex"] for c in overlay}
    held = {u.hex.label for u in s.units} & set(dots)
    best = max(overlay, key=lambda c: c["value"])["hex"]
    assert best in held and "aim-best" in dots[best].get("class", "")
    for label, dot in dots.items():
        ring = label in held
        assert ("aim-ring" in dot.get("class", "")) is ring
        assert (dot.get("fill") == "none") is ring
        radius = TOKEN_RADIUS + RING_WIDTH / 2 if ring else HEX_RADIUS
        assert float(dot.get("r", 0)) == pytest.approx(radius, abs=0.01)


def test_objectives_offered_are_ones_rank_accepts_with_enemy_units_by_name() -> None:
    s = scenarios.loads((DEMOS / "heresy-blast-squad.json").read_text())
    offered = objectives.offered(s)
    values = [v for v, _ in offered]
    assert values[:2] == ["damage", "destroyed"] and "hits:3" in values
    firer_side = next(u.side for u in s.units if u.id == s.attack.firer)
    enemies = [u for u in s.units if u.side != firer_side]
    assert [v for v in values if v.startswith("destroy:")] == [f"destroy:{u.id}"
                                                               for u in enemies]
    for value, words in offered:
        objectives.check_objective(value, (u.id for u in s.units))
        assert words


def test_hh_9_two_shots_spread_over_two_squads_beat_both_at_either() -> None:
    """Two shots, two squads 16" apart: the best aim puts one hole over each squad
    (``each_shot``), beating both shots at either; its figures are those of `odds`. Asked
    again with that aim in place (Best aim pressed twice), the ranking is the same: a hole
    puts every shot there, so it removes the spread (each hole once ranked the spread)."""
    units = ([marine(f"a{i}", 40 + 0.8 * i, 16) for i in range(3)]
             + [marine(f"b{i}", 40 + 0.8 * i, 32, unit="squad-b") for i in range(3)])
    doc = scenarios.to_dict(heresy(units, "a1"))
    doc["attack"]["weapon"]["shots"] = 2
    s = scenarios.load_dict(doc)
    ranking = aim.rank(s, objective="destroyed")
    best = ranking.scored[0]
    shots = dict(best.aim.attack)["each_shot"]
    assert {shot["target"][0] for shot in shots} == {"a", "b"}
    singles = [r for r in ranking.scored if dict(r.aim.attack)["each_shot"] is None]
    assert best.value > singles[0].value
    assert_figures_are_those_of_odds(s, best, "destroyed")
    again = aim.rank(scenarios.load_dict(best.aim.apply(doc)), objective="destroyed")
    assert [(r.aim.key(), r.value) for r in again.scored] == \
        [(r.aim.key(), r.value) for r in ranking.scored]


def test_rt_17_a_volley_split_over_two_mecha_beats_the_whole_volley_at_either() -> None:
    """Four missiles, two Regults 5" apart that one hit each destroys (MDC 9): by units
    destroyed, a split between them (the secondary's at -3, RT-17; GN 4 always strikes the
    primary's point of impact, so one missile there) beats all four at either; its
    figures are those of `odds` (each mecha's own Command Points keep them exact)."""
    s = scenarios.load_dict({
        "format": "scatterlab/1", "system": "robotech", "seed": 1,
        "options": {"command_points": "mecha"},
        "table": {"width": 48, "height": 48},
        "units": [{"id": "a1", "side": "UEDF", "kind": "mecha", "x": 6, "y": 24,
                   "base_mm": 40, "df": 5, "gn": 4, "pil": 2, "cp": 0},
                  {**regult("r1", 30, 22), "mdc": 9}, {**regult("r2", 30, 27), "mdc": 9}],
        "attack": {"attacker": "a1", "targets": ["r1"],
                   "weapon": {"name": "Volley", "md": 9, "range": 36, "volley": 4,
                              "abilities": ["blast", "missile", "volley"]}}})
    ranking = aim.rank(s, objective="destroyed")
    best = ranking.scored[0]
    targets = dict(best.aim.attack)["targets"]
    assert set(targets) == {"r1", "r2"}
    whole = [r.value for r in ranking.scored if len(set(dict(r.aim.attack).get("targets")
                                                          or ["ground"])) == 1]
    assert best.value > max(whole) + 0.5
    assert_figures_are_those_of_odds(s, best, "destroyed")


def test_rt_17_a_split_moved_back_is_never_the_whole_volley_at_the_primary_again() -> None:
    """Climbing from "3 at r1, 1 at r2", moving r2's missile back to r1 would be the whole
    volley at r1, the single-target candidate under another key: it is not offered twice
    (the crowded volley's estimated ranking listed "target Regult (r1)" twice)."""
    doc = {"format": "scatterlab/1", "system": "robotech",
           "table": {"width": 48, "height": 48},
           "units": [{"id": "a1", "side": "UEDF", "kind": "mecha", "x": 6, "y": 24,
                      "base_mm": 40, "df": 5, "gn": 4, "pil": 2, "cp": 0},
                     regult("r1", 30, 22), regult("r2", 30, 27)],
           "attack": {"attacker": "a1", "targets": ["r1"],
                      "weapon": {"name": "Volley", "md": 9, "range": 36, "volley": 4,
                                 "abilities": ["blast", "missile", "volley"]}}}
    moves = [dict(a.attack)["targets"] for a in candidates.split_moves(
        doc, ["r1", "r1", "r1", "r2"])]
    assert ["r1", "r1", "r2", "r2"] in moves
    assert all(set(m) != {"r1"} for m in moves)


def test_rt_17_splits_climb_from_the_best_target_when_the_best_allowed_aim_is_ground() -> None:
    """The shipped Indirect Fire demo with no friendly risk allowed: its best allowed aims
    are ground points (RT-3), which name no target; the volley's splits (RT-17) start
    from the best whole volley at a target, and the ranking holds both kinds."""
    s = scenarios.loads((DEMOS / "robotech-indirect-fire-ground.json").read_text())
    ranking = aim.rank(s, friendly_risk=0)
    assert ranking.scored
    assert all(r.friendly_risk == 0 for r in ranking.scored)
    kinds = {"targets" if dict(r.aim.attack).get("targets") else "point"
             for r in ranking.scored}
    assert kinds == {"targets", "point"}


def test_best_aim_is_bounded_by_counts_of_candidates_and_steps_never_a_clock() -> None:
    """Issue 27.5: a ranking tries at most its allowance of candidates, and its exact
    odds spend from one count of steps; what is past either is counted untried, and a
    candidate whose odds the steps left cannot reach is counted out of reach."""
    s = scenarios.loads((DEMOS / "heresy-blast-squad.json").read_text())
    few = aim.rank(s, allowance=aim.Allowance(candidates=3))
    assert len(few.scored) == 3 and few.untried > 0
    again = aim.rank(s, allowance=aim.Allowance(candidates=3))
    assert again.to_dict() == few.to_dict()
    starved = aim.rank(s, allowance=aim.Allowance(steps=10))
    assert starved.out_of_reach == 1 and starved.estimated


def test_candidates_out_of_reach_spend_at_most_their_share_of_the_allowance() -> None:
    """Issue 27.3: a candidate out of reach of exact odds spends its whole `STEPS` first;
    those out of reach spend at most `Allowance.reach` in all, and the candidates after
    them are counted untried (a 500-unit Derringer board ran past 60 s). Where none is in
    reach, the first miss ends the exact search (`REACH_MISSES`) and the ranking is
    estimated."""
    s = scenarios.loads((DEMOS / "heresy-blast-squad.json").read_text())
    free = aim.rank(s)
    assert free.out_of_reach == 0 and free.untried == 0
    score = aim.score

    def ranked(in_reach: int, allowance: aim.Allowance) -> tuple[aim.Ranking, int]:
        """The ranking when only the first `in_reach` candidates' exact odds are in reach,
        and how many were tried exactly."""
        exact_tries = []

        def limited(s: scenarios.Scenario, aim_: aim.Aim, objective: str,
                    budget: Budget | None = None, plan: object = None,
                    runs: int | None = None, start: Odds | None = None) -> aim.Scored:
            if runs is not None:
                return score(s, aim_, objective, plan=plan, runs=runs, start=start)
            assert budget is not None
            exact_tries.append(aim_)
            if len(exact_tries) <= in_reach:
                return score(s, aim_, objective, budget, plan)
            budget.check(steps=5)
            raise TooManyOutcomes("more than 5 steps")

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(aim, "score", limited)
            return aim.rank(s, allowance=allowance), len(exact_tries)

    capped, tried = ranked(1, aim.Allowance(reach=1))
    assert capped.out_of_reach == 1 and tried == 2
    assert capped.untried > 0 and len(capped.scored) == 1 and not capped.estimated
    hopeless, tried = ranked(0, aim.Allowance())
    assert hopeless.out_of_reach == aim.REACH_MISSES == tried
    assert hopeless.estimated and hopeless.scored


def test_aims_out_of_reach_of_exact_odds_are_ranked_by_seeded_monte_carlo_estimates() -> None:
    """Issue 24: where exact odds are out of reach of every legal aim tried, every aim is
    scored by Monte Carlo with one seed (the same ranking every time), the best re-run
    with more runs (`ESTIMATE_RUNS`), each value with its 95 % margin, from the deviation
    of each run's own objective. On the demos, whose exact odds are known, the best aims'
    estimates lie within their margins of the exact values, and the others as 95 %
    margins do: every one within twice its margin, and over the demos together at most
    one in ten past it (5 of 147: 3 of the Derringer demo's 27, all of 50 runs; 2 of the
    Mega-blast's 62)."""
    off: list[float] = []
    for name in ("heresy-blast-squad.json", "robotech-derringer-volley.json",
                 "robotech-direct-hit-splash.json", "heresy-mega-blast.json",
                 "heresy-two-targets-cover.json", "robotech-indirect-fire-ground.json"):
        s = scenarios.loads((DEMOS / name).read_text())
        exact = {r.aim.key(): r.value for r in aim.rank(s, keep=0).scored}  # every aim
        guessed = aim.rank(s, allowance=aim.Allowance(steps=10))
        assert guessed.estimated and guessed.out_of_reach == 1
        assert guessed.to_dict() == aim.rank(s, allowance=aim.Allowance(steps=10)).to_dict()
        best = guessed.scored[:aim.TOP]
        assert {r.odds.trials for r in best} == {aim.ESTIMATE_RUNS[-1]}
        assert {r.odds.trials for r in guessed.scored} <= set(aim.ESTIMATE_RUNS)
        compared = [r for r in guessed.scored if r.aim.key() in exact]
        assert len(compared) >= min(aim.TOP, len(exact))
        assert all(abs(r.value - exact[r.aim.key()]) <= r.margin
                   for r in best if r.aim.key() in exact), name
        off += [abs(r.value - exact[r.aim.key()]) / r.margin for r in compared if r.margin]
        row = guessed.to_dict()["aims"][0]
        assert row["runs"] == aim.ESTIMATE_RUNS[-1] and row["margin"] == round(best[0].margin, 6)
        assert guessed.rounds == aim.ESTIMATE_RUNS
        assert "margin" not in aim.rank(s).to_dict()["aims"][0]
    assert max(off) <= 2 and sum(o > 1 for o in off) <= len(off) / 10


def test_an_estimated_margin_is_the_deviation_of_each_runs_own_objective() -> None:
    """Issue 24: an estimated expected damage's margin is 1.96 standard deviations of the
    sum each run dealt to the enemy (its joint outcome is kept), not the sum of the units'
    deviations, which only bounds it; units destroyed alike."""
    s = scenarios.loads((DEMOS / "robotech-derringer-volley.json").read_text())
    for objective in ("damage", "destroyed"):
        best = aim.rank(s, objective=objective, allowance=aim.Allowance(steps=10)).scored[0]
        enemies = {u["id"] for u in candidates.enemy_units(s.data)}
        at = [i for i, u in enumerate(s.units) if u.id in enemies]
        runs = best.odds.sample.distribution.items()
        sums = [(sum(harm[i].damage if objective == "damage" else harm[i].destroyed
                     for i in at), p) for harm, p in runs]
        mean = sum(x * p for x, p in sums)
        deviation = math.sqrt(sum((x - mean) ** 2 * p for x, p in sums))
        n = best.odds.trials
        assert best.margin == pytest.approx(1.959963984540054 * deviation / math.sqrt(n))
        assert mean == pytest.approx(best.value)
        per_unit = objectives.spread(replace(best.odds, sample=None), enemies, objective,
                                     best.value, [u.id for u in s.units])
        assert deviation < per_unit if objective == "damage" else deviation <= per_unit


def test_an_estimated_ranking_runs_fewer_times_on_a_board_of_hundreds_of_units() -> None:
    """Past `ESTIMATE_UNITS` units a Monte Carlo run costs more in proportion, so each
    round of an estimated ranking runs fewer times (a 500-unit board's Best aim took 27 to
    37 s at the table's runs); every round still runs more than the one before, and a
    table-size board keeps `ESTIMATE_RUNS`."""
    assert aim.estimate_runs(11) == aim.estimate_runs(aim.ESTIMATE_UNITS) == aim.ESTIMATE_RUNS
    assert aim.estimate_runs(500) == (6, 24, 72)
    for units in (61, 100, 999, 5_000, 100_000):
        rounds = aim.estimate_runs(units)
        assert len(rounds) == len(aim.ESTIMATE_RUNS) and rounds[0] >= 1
        assert all(a < b for a, b in itertools.pairwise(rounds)), (units, rounds)


def test_an_estimated_chance_has_the_margin_of_a_yes_or_no_run() -> None:
    """Issue 24: an estimated objective that is a chance ("destroy <unit>") reads within
    1.96 standard deviations of one yes-or-no run over the runs made."""
    s = scenarios.loads((DEMOS / "robotech-direct-hit-splash.json").read_text())
    best = aim.rank(s, objective="destroy:r1", allowance=aim.Allowance(steps=10)).scored[0]
    p, n = best.value, best.odds.trials
    assert n == aim.ESTIMATE_RUNS[-1]
    assert best.margin == pytest.approx(1.959963984540054 * math.sqrt(p * (1 - p) / n))


def test_three_mega_blasts_over_thirty_models_are_aimed_one_at_each_squad() -> None:
    """Issue 24: the suite's three Mega-blasts over three ten-model squads are out of reach
    of exact odds; Best aim estimates, and spreads the three shots over the three squads
    (the expected wounds of one marker per squad are well above any doubled one's)."""
    doc = json.loads((SUITE / "heresy-mega-three-shots-thirty-models.json").read_text())
    ranking = aim.rank(scenarios.load_dict(doc))
    assert ranking.estimated and ranking.out_of_reach
    best, second = ranking.scored[:2]
    squad = {u["id"]: u["unit"] for u in doc["units"]}
    assert len({squad[shot["target"]] for shot in dict(best.aim.attack)["each_shot"]}) == 3
    assert best.value - best.margin > second.value + second.margin


def test_rt_3_centres_between_crowded_enemies_are_bounded_by_a_count() -> None:
    """Issue 27.3: 500 enemy mecha 1.1" apart hold hundreds of thousands of close threes;
    the centres tried between them stop at `BETWEEN_MAX`, found from near neighbours (all
    triples of 500 units took 25 s)."""
    units = [{"x": 1 + (i % 40) * 1.1, "y": 1 + (i // 40) * 1.1} for i in range(500)]
    centres = list(candidates._between(units))
    assert len(centres) == candidates.BETWEEN_MAX
    assert centres[0] == (1.55, 1.0)  # the first pair, as itertools.combinations gives it


def _busy() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


def test_aim_and_odds_json_are_the_same_whatever_the_hash_seed_and_the_load() -> None:
    """Issue 27.5: `aim --json` and `odds --json` on a suite file print the same text under
    two hash seeds and beside two processes keeping both cores busy: a candidate count and
    counted steps decide, never a clock or the order of a set."""
    runs = [[sys.executable, "-m", "engine", command, "--json",
             str(SUITE / "heresy-two-shots-squad.json")] for command in ("aim", "odds")]

    def outputs(seed: str) -> list[str]:
        env = {**os.environ, "PYTHONHASHSEED": seed}
        return [subprocess.run(r, capture_output=True, text=True, env=env, check=True).stdout
                for r in runs]

    first = outputs("1")
    assert json.loads(first[0])["aims"] and json.loads(first[1])["method"] == "exact"
    assert outputs("2") == first
    busy = [_busy(), _busy()]
    try:
        loaded = outputs("3")
    finally:
        for p in busy:
            p.kill()
            p.wait()
    assert loaded == first


@pytest.mark.parametrize("path", [SUITE / "heresy-two-shots-squad.json",
                                  SUITE / "robotech-split-volley-3.json",
                                  DEMOS / "robotech-indirect-fire-ground.json"],
                         ids=lambda p: p.stem)
def test_candidates_share_their_work_and_score_as_each_would_alone(path: Path) -> None:
    """Issue 24: the candidates of one ranking share one store of sub-results (Heresy's
    pools; Robotech's canons, flights and defences), and a candidate's figures are those of
    its own odds (`assert_figures_are_those_of_odds`), whatever its place in the ranking;
    the allowance counts the work done, not reused, and every candidate tried is scored,
    refused or bounded."""
    s = scenarios.loads(path.read_text())
    allowance = aim.Allowance()
    ranking = aim.rank(s, allowance=allowance)
    assert aim.rank(s).to_dict() == ranking.to_dict()
    for r in ranking.scored[:: max(1, len(ranking.scored) // 4)]:
        assert_figures_are_those_of_odds(s, r)
    assert allowance.tried == len(ranking.scored) + ranking.illegal + ranking.bounded


def test_a_crowded_board_tries_fewer_candidates() -> None:
    """Issue 27.3: the candidates tried shrink with the units on the board (each is checked
    over every unit), `UNIT_CANDIDATES` in all, never more than `MAX_CANDIDATES`."""
    small = scenarios.loads((DEMOS / "robotech-derringer-volley.json").read_text())
    assert aim.candidate_count(small) == aim.MAX_CANDIDATES
    doc = scenarios.to_dict(small)
    doc["units"] += [{**doc["units"][-1], "id": f"c{i}", "x": 1 + (i % 40) * 1.1,
                      "y": 1 + (i // 40) * 1.1} for i in range(496)]
    assert aim.candidate_count(scenarios.load_dict(doc)) == aim.UNIT_CANDIDATES // 500


ROBOTECH_BOUNDED = ("robotech-split-volley-3.json", "robotech-split-volley-4-of-10.json")


@pytest.mark.parametrize("name", ROBOTECH_BOUNDED)
def test_rt_11_no_shoot_down_bounds_every_unit_s_expected_damage(name: str) -> None:
    """Issue 24: the Robotech attack with no shoot-down (`robotech.bounds.bound`) expects at
    least the exact damage of every unit, under every aim Best aim scores (split volleys
    into a crowd whose mecha all follow the policy best: shoot-downs, Dodges and Rolls
    with Impact all at stake)."""
    s = scenarios.loads((SUITE / name).read_text())
    ranking = aim.rank(s, keep=0)
    assert ranking.bounded == 0 and len(ranking.scored) >= 10
    for r in ranking.scored:
        bounds = systems.damage_bound(aim.aimed(s, r.aim), Budget())
        assert bounds is not None
        for uid, figures in r.odds.units.items():
            assert bounds[uid] >= figures["expected_damage"] - 1e-9, (r.aim.key(), uid)


@pytest.mark.parametrize("name", (*ROBOTECH_BOUNDED, "robotech-crowded-volley-4.json"))
def test_rt_11_a_few_shooters_bound_every_unit_s_expected_damage(name: str) -> None:
    """Issue 24: a unit's rough harm, where only the `ROUGH_SHOOTERS` other mecha that may
    take the most damage off it shoot missiles down (`unit_blocks`' rough), expects at
    least its exact damage and at most its bound with no shoot-down, under every aim Best
    aim scores; in the crowd, strictly between the two for some units."""
    s = scenarios.loads((SUITE / name).read_text())
    between = 0
    for r in aim.rank(s).scored:
        aimed = aim.aimed(s, r.aim)
        bounds = systems.damage_bound(aimed, Budget())
        rough = systems.unit_damages(aimed, Budget(), rough=True)
        assert bounds is not None and rough is not None
        for i, u in enumerate(aimed.units):
            exact = r.odds.units[u.id]["expected_damage"]
            assert exact - 1e-9 <= rough(i) <= bounds[u.id] + 1e-9, (r.aim.key(), u.id)
            between += exact + 1e-6 < rough(i) < bounds[u.id] - 1e-6
    assert between > 0 or "crowded" not in name


@pytest.mark.parametrize("name", ROBOTECH_BOUNDED)
def test_best_aim_leaves_unscored_only_aims_bounded_below_the_best_shown(name: str) -> None:
    """Issue 24: ranked by expected damage, an aim whose bound cannot reach the fifth best
    is counted `bounded`, not scored: the five best are those of the ranking that scores
    every aim (4.4 -> 2.4 s on the split volley into ten), and so are the command line's
    ``--top 8``."""
    s = scenarios.loads((SUITE / name).read_text())
    every = aim.rank(s, keep=0)
    for keep in (aim.TOP, 8):
        pruned = aim.rank(s, keep=keep)
        assert pruned.bounded > 0 or keep > aim.TOP
        assert len(pruned.scored) + pruned.bounded == len(every.scored)
        assert ([(r.aim.key(), r.value) for r in pruned.scored[:keep]]
                == [(r.aim.key(), r.value) for r in every.scored[:keep]])


def test_aims_that_cannot_beat_the_best_before_the_climb_are_held_not_scored() -> None:
    """Issue 24: until a volley's splits are climbed only the best aim is needed, so the
    aims at units and the splits that cannot beat it are held and taken again after the
    climb, against the fifth best: on the crowded volley only its five best are scored
    whole, and its five best and ``--top 8``'s eight are those of the ranking that scores
    every aim."""
    s = scenarios.loads((SUITE / "robotech-crowded-volley-4.json").read_text())
    every = aim.rank(s, keep=0)
    pruned = aim.rank(s)
    assert len(pruned.scored) == aim.TOP
    assert len(pruned.scored) + pruned.bounded == len(every.scored)
    for keep, ranking in ((aim.TOP, pruned), (8, aim.rank(s, keep=8))):
        assert ([(r.aim.key(), r.value) for r in ranking.scored[:keep]]
                == [(r.aim.key(), r.value) for r in every.scored[:keep]])


def test_each_unit_worked_out_alone_has_the_expected_damage_of_the_whole_odds() -> None:
    """Issue 24: `systems.unit_damages` gives each unit's exact expected damage on its own,
    the figure of the attack's whole odds, which then reuse the units made first (the
    same steps spent as alone); none for a system that works out units together."""
    s = scenarios.loads((SUITE / "robotech-crowded-volley-4.json").read_text())
    alone = Budget()
    damage = systems.unit_damages(s, alone)
    assert damage is not None
    each = [damage(i) for i in range(len(s.units))]
    whole = systems.odds(s, method="exact", budget=alone)
    assert each == [whole.units[u.id]["expected_damage"] for u in s.units]
    fresh = Budget()
    systems.odds(s, method="exact", budget=fresh)
    assert alone.spent == fresh.spent and alone.reused == 0
    heresy = scenarios.loads((SUITE / "heresy-two-shots-squad.json").read_text())
    assert systems.unit_damages(heresy, Budget()) is None


def test_an_aim_is_ruled_out_unit_by_unit_only_below_the_best_shown() -> None:
    """Issue 24: an aim whose bound reaches the best shown is worked out one enemy unit at
    a time, the largest bound first, and ruled out (counted `bounded`) as soon as the
    exact units with the bounds of the others fall below the fifth best, before the last
    unit when that is enough; never when its exact expected damage reaches it."""
    s = scenarios.loads((SUITE / "robotech-crowded-volley-4.json").read_text())
    plan = systems.rules_of(s.system).prepare(s)
    whole = Budget()
    units = systems.odds(s, method="exact", budget=whole).units
    exact = math.fsum(units[u["id"]]["expected_damage"] for u in candidates.enemy_units(s.data))
    bound = math.fsum((aim.Allowance().bound(s, plan) or {}).values())
    assert bound > exact + 1
    for floor, out in (((bound + exact) / 2, True), (exact + 1e-6, True), (exact, False)):
        allowance = aim.Allowance()
        bounds = allowance.bound(s, plan)
        assert bounds is not None
        allowance.prune(1, None)
        allowance.values = [floor]
        budget = Budget(shared=allowance.shared)
        assert allowance.refuted(s, plan, bounds, budget) is out, floor
        if floor < bound and floor > exact + 1:
            assert budget.spent < whole.spent


def test_no_bound_where_a_mecha_reacts_by_a_priority_of_its_own() -> None:
    """Issue 24: a mecha that shoots down by its own priority may spend the Command Point a
    Dodge needed, so the attack with no shoot-down does not bound its damage: no bound, and
    Best aim rules out only aims whose ceiling (no reaction at all) cannot reach the fifth
    best; the five best are those of the ranking that scores every aim."""
    doc = json.loads((SUITE / "robotech-split-volley-3.json").read_text())
    doc["attack"]["reactions"] = {"default": {"order": ["shoot_down", "dodge"]}}
    s = scenarios.load_dict(doc)
    assert systems.damage_bound(s, Budget()) is None
    every, pruned = aim.rank(s, keep=0), aim.rank(s)
    assert pruned.bounded > 0 and len(pruned.scored) + pruned.bounded == len(every.scored)
    assert ([(r.aim.key(), r.value) for r in pruned.scored[:aim.TOP]]
            == [(r.aim.key(), r.value) for r in every.scored[:aim.TOP]])


@pytest.mark.parametrize("name", (*ROBOTECH_BOUNDED, "robotech-derringer-volley.json"))
def test_rt_6_to_rt_19_no_reaction_at_all_is_a_ceiling_on_every_unit_s_expected_damage(
        name: str) -> None:
    """Issue 24: every missile's damage where it lands, with no shoot-down, Dodge or Roll
    with Impact (`robotech.bounds.ceiling`), expects at least each unit's exact damage under
    every aim Best aim scores, the bound's too; whatever the reactions (here by each
    mecha's own priority, where there is no bound), and with RT-20's one template."""
    path = SUITE / name if (SUITE / name).exists() else DEMOS / name
    for reactions in ("best", {"order": ["shoot_down", "dodge", "roll_with_impact"]}):
        doc = json.loads(path.read_text())
        doc["attack"]["reactions"] = {"default": reactions}
        s = scenarios.load_dict(doc)
        for r in aim.rank(s, keep=0).scored:
            aimed = aim.aimed(s, r.aim)
            ceiling = systems.damage_ceiling(aimed, Budget())
            bounds = systems.damage_bound(aimed, Budget()) or ceiling
            assert ceiling is not None
            for uid, figures in r.odds.units.items():
                assert ceiling[uid] >= bounds[uid] >= figures["expected_damage"], (
                    r.aim.key(), uid)


def test_a_null_member_ranks_as_if_it_were_absent():
    """The format reads a null member as an absent one (``"abilities": null`` is no
    ability); Best aim's candidates read the document alike: the same ranking, not a
    TypeError (found by the property test of documents)."""
    doc = json.loads((DEMOS / "robotech-scatter-onto-friendly.json").read_text("utf-8"))
    absent = {**doc, "attack": {**doc["attack"], "weapon": {
        k: v for k, v in doc["attack"]["weapon"].items() if k != "abilities"}}}
    null = {**absent, "attack": {**absent["attack"], "weapon": {
        **absent["attack"]["weapon"], "abilities": None}}}
    ranked = [[(r.aim.key(), r.value) for r in aim.rank(scenarios.load_dict(d)).scored]
              for d in (absent, null)]
    assert ranked[0] == ranked[1] and ranked[0]
