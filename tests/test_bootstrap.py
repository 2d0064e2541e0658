"""bootstrap.py: when the README's commands make, fill and re-enter the project's .venv/.

(That the whole thing works on a PEP 668 Python is proved by .ci/run, which runs the
commands with Debian's /usr/bin/python3 on a fresh clone; these tests force each decision.)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from scriptfile import load

ROOT = Path(__file__).resolve().parents[1]
bootstrap = load("bootstrap.py", "scatterlab_bootstrap")


def stamp(env: Path, extras: list[str], pyproject: str | None = None) -> None:
    want = bootstrap.wanted_stamp(extras)
    if pyproject is not None:
        want["pyproject"] = pyproject
    env.mkdir(exist_ok=True)
    (env / bootstrap.STAMP_NAME).write_text(json.dumps(want), "utf-8")


def test_a_venv_is_current_only_for_this_pyproject_and_the_extras_it_has(tmp_path) -> None:
    env = tmp_path / "venv"
    assert not bootstrap.is_current(env, [])
    stamp(env, [])
    assert bootstrap.is_current(env, [])
    assert not bootstrap.is_current(env, ["test"])
    stamp(env, ["test"])
    assert bootstrap.is_current(env, []) and bootstrap.is_current(env, ["test"])
    stamp(env, ["test"], pyproject="0" * 64)
    assert not bootstrap.is_current(env, [])


def test_without_ensurepip_the_debian_venv_package_is_named(monkeypatch) -> None:
    v = sys.version_info
    monkeypatch.setattr(bootstrap.importlib.util, "find_spec", lambda name: None)
    assert bootstrap.missing_venv_package() == f"python{v.major}.{v.minor}-venv"


@pytest.mark.parametrize("euid, sudo, prefix", [(0, None, []), (1000, "/usr/bin/sudo", ["sudo"]),
                                                (1000, None, None)])
def test_system_packages_need_root_or_sudo(monkeypatch, euid, sudo, prefix) -> None:
    monkeypatch.setattr(bootstrap.os, "geteuid", lambda: euid, raising=False)
    monkeypatch.setattr(bootstrap.shutil, "which", lambda name: sudo if name == "sudo" else None)
    assert bootstrap.privilege_prefix() == prefix


def test_apt_install_runs_update_then_install_or_says_it_cannot(monkeypatch) -> None:
    calls = []
    monkeypatch.setattr(bootstrap, "privilege_prefix", lambda: [])
    monkeypatch.setattr(bootstrap.subprocess, "run", lambda cmd, **kw: calls.append(cmd))
    monkeypatch.setattr(bootstrap.shutil, "which", lambda name: None)
    assert bootstrap.apt_install("chromium") is False and calls == []
    monkeypatch.setattr(bootstrap.shutil, "which", lambda name: "/usr/bin/apt-get")
    assert bootstrap.apt_install("chromium", "fonts-ipafont-gothic") is True
    assert calls == [["/usr/bin/apt-get", "update", "-qq"],
                     ["/usr/bin/apt-get", "install", "-y", "-qq", "chromium",
                      "fonts-ipafont-gothic"]]


def test_a_python_too_old_is_refused(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(bootstrap, "MIN_PYTHON", (99, 0))
    with pytest.raises(SystemExit, match="needs Python 99.0 or later"):
        bootstrap.ensure((), tmp_path / "venv")


class Recorder:
    """Stands in for create/install/reexec and records the order they are called in."""

    def __init__(self, monkeypatch) -> None:
        self.calls: list[str] = []
        for name in ("create", "install", "reexec"):
            monkeypatch.setattr(bootstrap, name, self._record(name))

    def _record(self, name: str):
        return lambda *args: self.calls.append(name)


def test_outside_the_venv_it_is_made_filled_and_entered(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv(bootstrap.REEXEC_MARK, raising=False)
    rec = Recorder(monkeypatch)
    bootstrap.ensure(("test",), tmp_path / "venv")
    assert rec.calls == ["create", "install", "reexec"]


def test_a_current_venv_is_entered_without_pip(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv(bootstrap.REEXEC_MARK, raising=False)
    env = tmp_path / "venv"
    stamp(env, ["test"])
    bootstrap.venv_python(env).parent.mkdir(parents=True)
    bootstrap.venv_python(env).write_text("")
    rec = Recorder(monkeypatch)
    bootstrap.ensure((), env)
    assert rec.calls == ["reexec"]


def test_inside_the_venv_only_what_is_missing_is_installed(monkeypatch, tmp_path) -> None:
    env = tmp_path / "venv"
    monkeypatch.setattr(bootstrap.sys, "prefix", str(env))
    rec = Recorder(monkeypatch)
    stamp(env, [])
    bootstrap.ensure((), env)
    assert rec.calls == []
    bootstrap.ensure(("test",), env)
    assert rec.calls == ["install"]


def test_a_second_reexecution_is_refused(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv(bootstrap.REEXEC_MARK, "1")
    Recorder(monkeypatch)
    with pytest.raises(SystemExit, match="not .*venv"):
        bootstrap.ensure((), tmp_path / "venv")


def _run_tests_module(monkeypatch):
    """run_tests.py, importing this bootstrap module (as the script does from its folder)."""
    monkeypatch.setitem(sys.modules, "bootstrap", bootstrap)
    return load("run_tests.py", "scatterlab_run_tests")


def test_a_missing_chromium_is_an_error_under_ci_and_a_notice_elsewhere(monkeypatch,
                                                                        tmp_path) -> None:
    run_tests = _run_tests_module(monkeypatch)
    monkeypatch.setattr(run_tests, "CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.setattr(run_tests, "has_japanese_font", lambda: True)  # not this machine's
    monkeypatch.setattr(run_tests.bootstrap, "apt_install", lambda package: False)
    monkeypatch.delenv("CI", raising=False)
    run_tests.ensure_chromium()  # a notice: the browser tests will be skipped
    monkeypatch.setenv("CI", "true")
    with pytest.raises(SystemExit, match="no-chromium is missing"):
        run_tests.ensure_chromium()


@pytest.mark.parametrize(("chromium", "japanese", "installed"), [
    (False, False, [("chromium", "fonts-ipafont-gothic")]),  # a fresh machine: one apt-get
    (False, True, [("chromium", "fonts-ipafont-gothic")]),  # no fontconfig to ask yet
    (True, False, [("fonts-ipafont-gothic",)]),
    (True, True, []),
])
def test_the_test_command_installs_chromium_and_a_japanese_font_when_missing(
        monkeypatch, tmp_path, chromium, japanese, installed) -> None:
    """run_tests.py: Debian's chromium and a font for the Japanese pages, in one apt-get
    on a fresh machine (where no fontconfig can be asked before chromium brings it)."""
    run_tests = _run_tests_module(monkeypatch)
    browser = tmp_path / "chromium"
    if chromium:
        browser.touch()
    calls = []
    monkeypatch.setattr(run_tests, "CHROMIUM", browser)
    monkeypatch.setattr(run_tests, "DEBIAN_CHROMIUM", browser.as_posix())
    monkeypatch.setattr(run_tests, "has_japanese_font", lambda: japanese)
    monkeypatch.setattr(run_tests.bootstrap, "apt_install",
                        lambda *packages: calls.append(packages) or browser.touch() or True)
    run_tests.ensure_chromium()
    assert calls == installed


@pytest.mark.parametrize("failing", ["ruff", "mypy", "pytest"])
def test_the_test_command_runs_ruff_then_strict_mypy_then_pytest_and_fails_with_each(
        monkeypatch, failing) -> None:
    run_tests = _run_tests_module(monkeypatch)
    monkeypatch.setattr(run_tests.bootstrap, "ensure", lambda extras: None)
    monkeypatch.setattr(run_tests, "ensure_chromium", lambda: None)
    ran: list[str] = []

    def run(cmd, cwd):
        tool = cmd[2]
        ran.append(tool)
        return type("Done", (), {"returncode": 3 if tool == failing else 0})()

    monkeypatch.setattr(run_tests.subprocess, "run", run)
    assert run_tests.main(["-q"]) == 3
    order = ["ruff", "mypy", "pytest"]
    assert ran == order[: order.index(failing) + 1]


def _engine(run_tests, code: int) -> type:
    """A stand-in for the engine's tests' Popen in `run_tests.both`: checks that they leave
    the browser tests out and ends with `code`."""

    class Engine:
        def __init__(self, cmd, cwd, stdout, stderr):
            assert f"--ignore={run_tests.BROWSER_TESTS}" in cmd

        def wait(self):
            return code

    return Engine


@pytest.mark.parametrize("failing", ["engine", "browser", "build"])
def test_with_no_argument_the_engine_and_browser_tests_run_at_once_the_timed_tests_last(
        monkeypatch, tmp_path, failing) -> None:
    """One build first; the engine's tests in the background; every browser file in a run
    of its own without its tests marked `timed`, each with a site folder of its own and
    screenshots kept; the timed tests, picked by their marker from the whole folder, last,
    together; the status of the first that fails."""
    run_tests = _run_tests_module(monkeypatch)
    monkeypatch.setattr(run_tests, "SCREENSHOTS", tmp_path)
    (tmp_path / "old.png").write_bytes(b"")
    runs: list[list[str]] = []
    sites: list[str] = []

    def run(cmd, cwd, env=None, **kwargs):
        if cmd[1] == "build.py":
            return type("Done", (), {"returncode": 4 if failing == "build" else 0})()
        assert env["SCATTERLAB_KEEP_SCREENSHOTS"] and env["SCATTERLAB_DIST"] not in sites
        sites.append(env["SCATTERLAB_DIST"])
        runs.append([cmd[cmd.index("-m") + 1], *(Path(c).name for c in cmd
                                                  if c.endswith(".py") or Path(c).is_dir())])
        return type("Done", (), {"returncode": 4 if failing == "browser" else 0,
                                 "stdout": "1 passed\n"})()

    monkeypatch.setattr(run_tests.subprocess, "Popen", _engine(run_tests,
                                                             4 if failing == "engine" else 0))
    monkeypatch.setattr(run_tests.subprocess, "run", run)
    assert run_tests.both(["pytest"]) == 4
    assert not (tmp_path / "old.png").exists()
    if failing == "build":
        assert runs == []
        return
    assert runs[-1] == ["timed", "browser"]
    assert all(len(run) == 2 and run[0] == "not timed" for run in runs[:-1])
    lanes = {run[1] for run in runs[:-1]}
    assert {"test_japanese.py", "test_aim.py", "test_safety.py", "test_worker.py"} <= lanes


def test_a_browser_run_that_cannot_start_fails_the_command(monkeypatch, tmp_path) -> None:
    """A browser file's run that raises (in either lane) is a failure, not a file left out."""
    run_tests = _run_tests_module(monkeypatch)
    monkeypatch.setattr(run_tests, "SCREENSHOTS", tmp_path)

    def run(cmd, cwd, env=None, **kwargs):
        if cmd[-1].endswith("test_japanese.py"):
            raise OSError("no such interpreter")
        return type("Done", (), {"returncode": 0, "stdout": ""})()

    monkeypatch.setattr(run_tests.subprocess, "Popen", _engine(run_tests, 0))
    monkeypatch.setattr(run_tests.subprocess, "run", run)
    assert run_tests.both(["pytest"]) == 1


def test_the_type_check_is_strict_over_the_engine_and_the_page_without_exceptions() -> None:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    mypy = config["tool"]["mypy"]
    assert mypy["strict"] is True and "overrides" not in mypy
    assert {"engine", "web/main.py", "web/page"} <= set(mypy["files"])
    assert any(dep.startswith("mypy>=") for dep in config["project"]["optional-dependencies"]
               ["test"])
    assert "py.typed" in config["tool"]["setuptools"]["package-data"]["engine"]
    assert (ROOT / "engine" / "py.typed").is_file()
