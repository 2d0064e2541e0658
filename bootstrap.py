"""Run the project's scripts inside its own virtual environment, `.venv/`.

`python3 build.py ...` and `python3 run_tests.py` start with the standard library alone
and call `ensure()` first: it makes `.venv/` (or reuses it), installs the project into it
with pip (`pip install -e .`, plus extras such as `test`) when what is installed there is
out of date, and re-executes the running script with the venv's Python. So the README's
commands work the same with a plain Python and with a system Python that refuses
`pip install` outside a virtual environment (PEP 668: Debian 12, Ubuntu 23.04 and later);
nothing is ever installed into the system Python.

Debian and Ubuntu ship `venv` without `ensurepip` unless the `pythonX.Y-venv` package is
installed; `ensure()` installs it with apt-get when it is root or has sudo, and otherwise
says which package to install.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import venv
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP_NAME = "scatterlab-installed.json"
MIN_PYTHON = (3, 11)
# Set in the re-executed process: a second re-execution would mean a loop.
REEXEC_MARK = "SCATTERLAB_IN_VENV"


def say(msg: str) -> None:
    print(f"scatterlab: {msg}", file=sys.stderr, flush=True)


def venv_python(env: Path = VENV) -> Path:
    """The Python executable of the virtual environment `env`."""
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def running_in(env: Path) -> bool:
    """Whether this process is the Python of the virtual environment `env`."""
    return Path(sys.prefix).resolve() == env.resolve()


def wanted_stamp(extras: Sequence[str]) -> dict:
    """What `.venv/` must hold: the pyproject.toml it was installed from, and the extras."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    return {"pyproject": digest, "extras": sorted(set(extras))}


def is_current(env: Path, extras: Sequence[str]) -> bool:
    """Whether `env` has the project installed from this pyproject.toml with `extras`."""
    try:
        have = json.loads((env / STAMP_NAME).read_text("utf-8"))
    except (OSError, ValueError):
        return False
    want = wanted_stamp(extras)
    return (isinstance(have, dict) and have.get("pyproject") == want["pyproject"]
            and set(want["extras"]) <= set(have.get("extras") or ()))


def missing_venv_package() -> str | None:
    """The Debian/Ubuntu package this Python needs to make a venv with pip (ensurepip),
    or None when ensurepip is there."""
    if importlib.util.find_spec("ensurepip") is not None:
        return None
    return f"python{sys.version_info.major}.{sys.version_info.minor}-venv"


def privilege_prefix() -> list[str] | None:
    """[] when root, ["sudo"] when sudo exists, None when system packages cannot be
    installed by this user."""
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        return []
    return ["sudo"] if shutil.which("sudo") else None


def apt_install(*packages: str) -> bool:
    """Install Debian/Ubuntu packages with apt-get (as root, or through sudo); False when
    this machine has no apt-get or this user cannot install system packages."""
    apt = shutil.which("apt-get")
    prefix = privilege_prefix()
    if apt is None or prefix is None:
        return False
    say(f"apt-get install {' '.join(packages)}")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run([*prefix, apt, "update", "-qq"], check=True, env=env)
    subprocess.run([*prefix, apt, "install", "-y", "-qq", *packages], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    return True


def _has_pip(python: Path) -> bool:
    try:
        probe = subprocess.run([str(python), "-c", "import pip"], capture_output=True)
    except OSError:
        return False
    return probe.returncode == 0


def create(env: Path) -> None:
    """Make the virtual environment `env` with pip, from this Python (replacing a broken one)."""
    package = missing_venv_package()
    if package is not None:
        if not apt_install(package):
            raise SystemExit(f"scatterlab: this Python cannot make a virtual environment with pip;"
                             f" install it first: sudo apt-get install {package}")
        importlib.invalidate_caches()
    say(f"creating {env} with {sys.executable} (Python {sys.version.split()[0]})")
    venv.EnvBuilder(with_pip=True, clear=True, symlinks=os.name != "nt").create(env)


def install(python: Path, env: Path, extras: Sequence[str]) -> None:
    """pip install the project (editable) with `extras` into `env`, and stamp it."""
    target = "." + (f"[{','.join(sorted(set(extras)))}]" if extras else "")
    say(f"pip install -e {target} into {env}")
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "-e", target], cwd=ROOT, check=True)
    (env / STAMP_NAME).write_text(json.dumps(wanted_stamp(extras)) + "\n", "utf-8")


def reexec(python: Path, env: Path) -> None:
    """Run the current script again with `python` (the venv's), in this process on POSIX."""
    argv = [str(python), str(Path(sys.argv[0]).resolve()), *sys.argv[1:]]
    child_env = {**os.environ, REEXEC_MARK: "1", "VIRTUAL_ENV": str(env),
                 "PATH": os.pathsep.join([str(python.parent), os.environ.get("PATH", "")])}
    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "posix":
        os.execve(argv[0], argv, child_env)
    proc = subprocess.Popen(argv, env=child_env)  # Windows: no real exec
    while True:
        try:
            raise SystemExit(proc.wait())
        except KeyboardInterrupt:  # the child got Ctrl-C too and stops by itself
            continue


def ensure(extras: Sequence[str] = (), env: Path = VENV) -> None:
    """Return only when running in `env` with the project and `extras` installed; otherwise
    make or update `env` and re-execute the running script in it."""
    if sys.version_info < MIN_PYTHON:
        raise SystemExit(f"scatterlab: needs Python {'.'.join(map(str, MIN_PYTHON))} or later;"
                         f" {sys.executable} is {sys.version.split()[0]}")
    if running_in(env):
        if not is_current(env, extras):
            install(Path(sys.executable), env, extras)
        return
    if os.environ.get(REEXEC_MARK):
        raise SystemExit(f"scatterlab: re-executed with {sys.executable}, which is not {env}")
    python = venv_python(env)
    if not is_current(env, extras) or not python.exists():
        if not _has_pip(python):
            create(env)
        install(python, env, extras)
    reexec(python, env)
