"""The project's scripts as modules for the tests: build.py, bootstrap.py, run_tests.py and
.ci/readme.py are run by their path, not imported from a package (and `build` is also the
name of the build/ folder), so each is loaded from its file."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load(relative: str, name: str) -> ModuleType:
    """The script at `relative` (to the project's root) run as the module `name`,
    registered in sys.modules under it."""
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None, relative
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
