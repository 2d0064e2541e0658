"""The page's save format (web/page/saveformat.py): versions, migration, refusals."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from page import saveformat  # noqa: E402

from engine import scenario as sc  # noqa: E402
from engine.words import say  # noqa: E402

DEMO = ROOT / "web" / "demos" / "robotech-direct-hit-splash.json"


def test_a_save_names_its_version_and_reads_back():
    scenario = sc.loads(DEMO.read_text("utf-8"))
    text = saveformat.encode(scenario)
    assert text.startswith(f"scatterlab-save/{saveformat.SAVE_VERSION}\n")
    save = saveformat.decode(text)
    assert save.version == saveformat.SAVE_VERSION
    assert sc.to_dict(save.scenario) == sc.to_dict(scenario)
    assert saveformat.document_of(text) == sc.dumps(scenario, indent=None)


def test_a_version_0_save_is_the_bare_document_and_migrates():
    text = DEMO.read_text("utf-8")
    save = saveformat.decode(text)
    assert save.version == 0
    assert saveformat.encode(save.scenario).startswith("scatterlab-save/1\n")


@pytest.mark.parametrize(("text", "reason"), [
    ("garbage {", "not a saved scenario"),
    ("null", "not a saved scenario"),
    ("scatterlab-save/99\n{}", "newer version"),
    ("scatterlab-save/x\n{}", "no save format version"),
    ('{"system": "robotech", "units": 7}', "no longer loads"),
    ("[" * 50_000, "not a saved scenario"),
    ("{" + '"a":' * 1 + "[" * 50_000, "no longer loads"),
])
def test_an_unreadable_save_says_why(text, reason):
    with pytest.raises(saveformat.Unreadable) as info:
        saveformat.decode(text)
    assert reason in say(info.value.reason)


@pytest.mark.parametrize("header", ["scatterlab-save/²", "scatterlab-save/١", "scatterlab-save/1²"])
def test_a_header_of_digits_that_are_not_ascii_says_why(header):
    """Issue 27.4: '²' is a digit to str.isdigit but not to int(): no ValueError escapes."""
    with pytest.raises(saveformat.Unreadable) as info:
        saveformat.decode(header + "\n{}")
    assert "no save format version" in say(info.value.reason)


def test_an_import_goes_through_the_one_parser():
    """Issue 27.2: My scenarios' import reads a file with the bounds of every input: a
    document nested 5,000 deep, a repeated key, a huge integer are each refused with
    the reason, never parsed by a plain json.loads."""
    for text, reason in [("{\"a\":" * 5_000 + "1" + "}" * 5_000, "nests deeper than 20"),
                         ('{"system": "robotech", "system": "heresy"}',
                          "system: is given more than once"),
                         ('{"seed": ' + "9" * 400 + "}", "seed: must be a number")]:
        with pytest.raises(saveformat.Unreadable) as info:
            saveformat.read_import(text)
        assert reason in say(info.value.reason)
    doc = saveformat.read_import(DEMO.read_text("utf-8"))
    assert doc == sc.to_dict(sc.loads(DEMO.read_text("utf-8")))
