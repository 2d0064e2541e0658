"""Squads (engine/build/squads.py): N models of one profile as one unit, spaced edge to edge."""

from __future__ import annotations

import itertools
import math

import pytest

from engine import scenario as sc
from engine.build import squads, starters
from engine.errors import ScenarioError
from engine.names import shown_names
from engine.render import tally
from engine.systems import resolve
from engine.words import say

PITCH = 32 / 25.4 + 2.0  # a 32 mm base plus coherency


def gaps(points):
    return sorted(math.dist(a, b) for a, b in itertools.combinations(points, 2))


@pytest.mark.parametrize("shape", squads.SHAPES)
def test_neighbours_at_the_pitch(shape):
    pts = squads.formation(10, shape, pitch=PITCH, at=(40, 24))
    assert len(pts) == len(set(pts)) == 10
    assert gaps(pts)[0] == pytest.approx(PITCH, abs=1e-3)
    for p in pts:  # every model has a neighbour at the pitch: coherency holds
        assert min(math.dist(p, q) for q in pts if q != p) == pytest.approx(PITCH, abs=1e-3)


def test_line_is_centred_and_turns_with_angle():
    up = squads.formation(3, "line", pitch=2, at=(10, 10))
    assert up == [(10, 12), (10, 10), (10, 8)]
    across = squads.formation(3, "line", pitch=2, at=(10, 10), angle=90)
    assert [p[1] for p in across] == [10, 10, 10]
    assert [p[0] for p in across] == [8, 10, 12]


def test_ranks_two_rows():
    pts = squads.formation(5, "ranks", pitch=2, at=(0, 0), angle=90)
    assert len({round(p[1], 3) for p in pts}) == 2


def test_blob_centre_then_ring():
    pts = squads.formation(7, "blob", pitch=2, at=(5, 5))
    assert pts[0] == (5, 5)
    assert all(math.dist(p, (5, 5)) == pytest.approx(2, abs=1e-3) for p in pts[1:])


def test_with_squad_makes_one_heresy_unit():
    doc = squads.with_squad(starters.starter("heresy"), "tactical", 10, shape="line",
                            at=(40, 24), side="traitor", squad="tactical")
    loaded = sc.load_dict(doc)
    models = [u for u in loaded.units if u.unit == "tactical"]
    assert len(models) == 10
    assert {m.id for m in models} == {f"tactical-{i}" for i in range(1, 11)}
    assert all((m.t, m.sv, m.base_mm) == (4, 3, 32) for m in models)


def test_a_second_squad_of_one_preset_is_a_unit_of_its_own_named_apart():
    """HH-7: two squads added from the Tactical preset are two units ("tactical" and
    "tactical-2"), not one of ten models; their models' names run on (1 to 5, 6 to 10), so
    no id is needed to tell them apart, and each unit is called as players call it, in the
    result and in the log ("Tactical Marine squad 2", never "tactical-2")."""
    doc = starters.starter("heresy")
    for y in (18, 30):
        doc = squads.with_squad(doc, "tactical", 5, at=(40, y), side="traitor")
    added = doc["units"][-10:]
    assert [u["unit"] for u in added] == ["tactical"] * 5 + ["tactical-2"] * 5
    assert [u["name"] for u in added] == [f"Tactical Marine {i}" for i in range(1, 11)]
    doc["attack"]["target"] = added[-1]["id"]
    doc["attack"]["aim"] = "auto"
    loaded = sc.load_dict(doc)
    grouped, names = tally.squads(loaded), shown_names(loaded.units)
    assert [tally.squad_name(key, grouped[key], names) for key in ("tactical", "tactical-2")
            ] == ["Tactical Marine squad", "Tactical Marine squad 2"]
    resolution = resolve(loaded, seed=4)  # a seed whose hole stays on both squads
    text = "\n".join([say(step.text) for step in resolution.steps]
                     + [say(roll.label) for step in resolution.steps for roll in step.rolls])
    assert "tactical" not in text and "Tactical Marine squad 2" in text


def test_with_squad_vehicles_use_hull_length():
    doc = squads.with_squad(starters.starter("heresy"), "rhino", 2, at=(40, 24),
                            side="traitor", spacing=1, angle=90)
    a, b = doc["units"][-2:]
    assert b["x"] - a["x"] == pytest.approx(4.6 + 1)


def test_move_squad_moves_every_model():
    doc = squads.with_squad(starters.starter("heresy"), "guardsman", 4, shape="blob",
                            at=(40, 24), side="traitor", squad="squad-a")
    moved = squads.move_squad(doc, "squad-a", 1.5, -1)
    for before, after in zip(doc["units"][1:], moved["units"][1:], strict=True):
        assert after["x"] == pytest.approx(before["x"] + 1.5)
        assert after["y"] == pytest.approx(before["y"] - 1)
    assert moved["units"][0] == doc["units"][0]


def test_refusals_name_the_field():
    with pytest.raises(ScenarioError, match="squad.count"):
        squads.formation(0, "line", pitch=1, at=(0, 0))
    with pytest.raises(ScenarioError, match="squad.shape"):
        squads.formation(2, "circle", pitch=1, at=(0, 0))
    with pytest.raises(ScenarioError, match="BattleTech"):
        squads.with_squad(starters.starter("battletech"), "atlas", 2, at=(0, 0), side="x")
    off = squads.with_squad(starters.starter("heresy"), "tactical", 10, at=(71, 24),
                            side="x", angle=90)
    with pytest.raises(ScenarioError, match=r"units\[\d+\]\.x"):
        sc.load_dict(off)


def test_squad_of_names_every_model_of_the_unit():
    doc = squads.with_squad(starters.starter("heresy"), "guardsman", 3, at=(30, 20),
                            side="traitor", squad="squad-a")
    ids = [u["id"] for u in doc["units"] if u.get("unit") == "squad-a"]
    assert len(ids) == 3
    assert squads.squad_of(doc, ids[1]) == tuple(ids)
    firer = next(u["id"] for u in doc["units"] if u["id"] not in ids)
    assert squads.squad_of(doc, firer) == (firer,)
    robotech = starters.starter("robotech")
    uid = robotech["units"][0]["id"]
    assert squads.squad_of(robotech, uid) == (uid,)
