"""Build the Scatterlab static site into dist/, and serve it.

    python build.py                      # write dist/
    python build.py serve [--port N] [--no-open]

dist/ is a plain static site: every URL in it is relative and same-origin, so it works from
any static host and any sub-path with no special header. It holds

- index.html, style.css, main.py, pyscript.json, manifest.webmanifest, icons;
- pyodide-loader.mjs (PyScript's `interpreter`: starts Pyodide from a memory snapshot
  when the browser holds one for this build), snapshot.mjs (with this build's snapshot
  key), snapshot-worker.mjs (makes the snapshot after start-up) and odds-worker.mjs (the
  odds, off the page's thread);
- pyscript/: @pyscript/core's dist/ (no source maps), pinned by package-lock.json;
- pyodide/: the Pyodide runtime files from the pinned npm package (no package wheels) but
  its standard library, which stdlib.zip replaces: the same zip with the modules the app
  imports (web/stdlib-imports.txt) as bytecode, compiled by Pyodide at build time;
- app.bin: the engine's and the page's (web/page/) .py files and svgwrite's (from its
  wheel, checked against the sha256 below), with their bytecode compiled by Pyodide, one
  gzip'd pack that appfiles.mjs writes into Pyodide's file system;
- demos/: web/demos/*.json and demos/index.json listing them;
- sw.js: a cache-first service worker precaching every file above (cache name from a
  content hash), so the app opens with no network after one visit.

The default demo's board is pre-rendered here by the CPython engine and inlined into
index.html, so a board is on screen before Python has loaded in the browser.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import errno
import gzip
import hashlib
import html
import http.server
import json
import os
import shutil
import socketserver
import struct
import subprocess
import sys
import threading
import webbrowser
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
CACHE = ROOT / "build" / "cache"
NODE_MODULES = ROOT / "node_modules"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
# What pyodide.mjs loads at start (checked: it names exactly these; no package wheels)
# but python_stdlib.zip, which the app replaces by its own stdlib.zip (pack_app).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
)
# Pyodide's major version names its Python (314: 3.14), whose standard library it mounts
# at /lib/python314.zip.
PYTHON_SHORT = PYODIDE_VERSION.split(".")[0]
SVGWRITE_VERSION = "1.4.3"
SVGWRITE_WHEEL = f"svgwrite-{SVGWRITE_VERSION}-py3-none-any.whl"
SVGWRITE_SHA256 = "bb6b2b5450f1edbfa597d924f9ac2dd099e625562e492021d7dd614f65f8a22d"

SYSTEM_ORDER = ("robotech", "heresy", "battletech")
SYSTEM_NAMES = {
    "robotech": "Robotech RPG Tactics",
    "heresy": "Warhammer 40K 7th / Horus Heresy",
    "battletech": "BattleTech Battlefield Support",
}

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".zip": "application/zip",
    ".bin": "application/octet-stream",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
}


def log(msg: str, quiet: bool = False) -> None:
    if not quiet:
        print(f"build: {msg}", file=sys.stderr)


# --------------------------------------------------------------------------- npm packages


def _installed_version(package: str) -> str | None:
    try:
        meta = json.loads((NODE_MODULES / package / "package.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return meta.get("version")


def ensure_node_modules(quiet: bool = False) -> None:
    """Install the pinned npm packages with `npm ci`, unless node_modules already has them."""
    wanted = {"pyodide": PYODIDE_VERSION, "@pyscript/core": PYSCRIPT_VERSION}
    if all(_installed_version(p) == v for p, v in wanted.items()):
        return
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("build: npm is needed (apt-get install -y npm) to fetch pyodide/pyscript")
    log("npm ci (pinned pyodide and @pyscript/core)", quiet)
    subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"],
        cwd=ROOT, check=True, stdout=subprocess.DEVNULL if quiet else None,
    )
    for p, v in wanted.items():
        got = _installed_version(p)
        if got != v:
            raise SystemExit(f"build: node_modules has {p} {got}, package-lock.json should pin {v}")


# --------------------------------------------------------------------------- svgwrite wheel


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def ensure_svgwrite_wheel(quiet: bool = False) -> Path:
    """The svgwrite wheel from the build cache, downloaded with pip if absent, hash-checked."""
    wheel = CACHE / SVGWRITE_WHEEL
    if not wheel.exists() or _sha256(wheel) != SVGWRITE_SHA256:
        CACHE.mkdir(parents=True, exist_ok=True)
        log(f"pip download svgwrite=={SVGWRITE_VERSION}", quiet)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", f"svgwrite=={SVGWRITE_VERSION}",
             "--no-deps", "--only-binary=:all:", "--disable-pip-version-check", "-q",
             "-d", str(CACHE)],
            check=True,
        )
    digest = _sha256(wheel)
    if digest != SVGWRITE_SHA256:
        wheel.unlink(missing_ok=True)
        raise SystemExit(f"build: {SVGWRITE_WHEEL} sha256 {digest} != pinned {SVGWRITE_SHA256}")
    return wheel


# --------------------------------------------------------------------------- app.bin

# The Python packages the app runs, each packed under its folder's name, beside svgwrite.
APP_PACKAGES = (ROOT / "engine", WEB / "page")
APP_PACK = "app.bin"
# Where the page writes the pack's files in Pyodide's file system (its home, on sys.path).
PYODIDE_HOME = "/home/pyodide/"

# Run by Pyodide itself under Node.js, given JSON on stdin {sources: {path: text},
# stdlib: the stock python_stdlib.zip, modules: [name, ...], zip: where to write}: compiles
# every source to unchecked-hash bytecode where that same Python's importer looks for it
# (__pycache__/NAME.cpython-3XX.pyc) and prints {pyc path: base64}; writes the standard
# library zip again with each listed module's bytecode, NAME.pyc, in place of its source
# (a megabyte less to download; a traceback through it shows no source line). With
# PYTHONHASHSEED fixed the output is the same on every build.
COMPILE_SCRIPT = """
import fs from "node:fs";
import { loadPyodide } from %(pyodide)s;
let text = "";
for await (const chunk of process.stdin) text += chunk;
const request = JSON.parse(text);
const py = await loadPyodide({ env: { PYTHONHASHSEED: "0" }, stdout: () => {} });
py.FS.writeFile("/tmp/stock.zip", new Uint8Array(fs.readFileSync(request.stdlib)));
py.globals.set("request", text);
process.stdout.write(py.runPython(`
import base64, importlib.util, json, os, py_compile, zipfile

UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH


def compiled(full, shown=None):
    pyc = full + "c" if shown else importlib.util.cache_from_source(full)
    py_compile.compile(full, pyc, dfile=shown, doraise=True, invalidation_mode=UNCHECKED)
    with open(pyc, "rb") as f:
        return pyc, f.read()


request = json.loads(request)
out = {}
for path, source in request["sources"].items():
    full = %(home)s + path
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8") as f:
        f.write(source)
    pyc, data = compiled(full)
    out[pyc.removeprefix(%(home)s)] = base64.b64encode(data).decode()

wanted = set()
for name in request["modules"]:
    stem = name.replace(".", "/")
    wanted.update((stem + ".py", stem + "/__init__.py"))
with zipfile.ZipFile("/tmp/stock.zip") as stock, \\
        zipfile.ZipFile("/tmp/stdlib.zip", "w", zipfile.ZIP_DEFLATED) as zf:
    for info in stock.infolist():
        data = stock.read(info)
        if info.filename not in wanted:
            zf.writestr(info, data)
        else:
            full = "/tmp/stdlib/" + info.filename
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "wb") as f:
                f.write(data)
            entry = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(entry, compiled(full, "/lib/python%(short)s.zip/" + info.filename)[1])
json.dumps(out)
`));
fs.writeFileSync(request.zip, py.FS.readFile("/tmp/stdlib.zip"));
"""
STDLIB_IMPORTS = WEB / "stdlib-imports.txt"
STDLIB_ZIP = "stdlib.zip"


def app_files(wheel: Path) -> dict[str, bytes]:
    """What the app's Python is made of, by path under Pyodide's home: engine/**/*.py and
    its presets/*.json, page/**/*.py, and svgwrite's files from its wheel."""
    files = {
        p.relative_to(package.parent).as_posix(): p.read_bytes()
        for package in APP_PACKAGES
        for p in [*package.rglob("*.py"), *package.glob("**/presets/*.json")]
        if "__pycache__" not in p.parts
    }
    with zipfile.ZipFile(wheel) as zf:
        files.update((name, zf.read(name)) for name in zf.namelist() if not name.endswith("/"))
    return files


def stdlib_modules() -> list[str]:
    """The standard-library modules the app imports (web/stdlib-imports.txt)."""
    lines = STDLIB_IMPORTS.read_text("utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def compile_bytecode(files: dict[str, bytes], quiet: bool = False) -> tuple[dict[str, bytes],
                                                                            Path]:
    """Pyodide's own bytecode for every .py file of `files`, by .pyc path, and the path of
    the standard library zip with every module of stdlib_modules() as bytecode (see
    COMPILE_SCRIPT); both cached in build/cache under a hash of what makes them.
    Importing from bytecode spares the browser compiling Python at every cold start:
    about a megabyte of the app's source, and more of the standard library's."""
    sources = {path: data.decode("utf-8") for path, data in sorted(files.items())
               if path.endswith(".py")}
    stock = NODE_MODULES / "pyodide" / "python_stdlib.zip"
    request = {"sources": sources, "modules": stdlib_modules(), "stdlib": str(stock)}
    key = hashlib.sha256(json.dumps([PYODIDE_VERSION, COMPILE_SCRIPT, request]).encode()
                         ).hexdigest()[:16]
    cached, stdlib = CACHE / f"bytecode-{key}.json", CACHE / f"stdlib-{key}.zip"
    if not (cached.exists() and stdlib.exists()):
        node = shutil.which("node")
        if node is None:
            raise SystemExit("build: node is needed (apt-get install -y nodejs) to compile "
                             "the app's bytecode with Pyodide")
        log(f"compiling {len(sources)} modules and {len(request['modules'])} of the "
            "standard library to bytecode with Pyodide under Node.js", quiet)
        script = COMPILE_SCRIPT % {
            "pyodide": json.dumps((NODE_MODULES / "pyodide" / "pyodide.mjs").as_uri()),
            "home": json.dumps(PYODIDE_HOME), "short": PYTHON_SHORT}
        CACHE.mkdir(parents=True, exist_ok=True)
        for stale in [*CACHE.glob("bytecode-*.json"), *CACHE.glob("stdlib-*.zip")]:
            stale.unlink()  # one set kept: the cache never grows with every edit
        done = subprocess.run([node, "--input-type=module", "-e", script],
                              input=json.dumps({**request, "zip": str(stdlib)}),
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"build: compiling bytecode failed:\n{done.stderr[-3000:]}")
        cached.write_text(done.stdout, "utf-8")
    pyc = {path: base64.b64decode(data)
           for path, data in json.loads(cached.read_text("utf-8")).items()}
    return pyc, stdlib


def pack_app(out: Path, wheel: Path, quiet: bool = False) -> None:
    """Write app.bin, and stdlib.zip beside it (Pyodide's standard library with the
    modules the app imports as bytecode, which every interpreter of the app loads instead
    of Pyodide's python_stdlib.zip).

    app.bin: app_files and their bytecode as one gzip'd pack, which the page's
    appfiles.mjs writes straight into Pyodide's file system (no Python unzipping, whose
    imports cost about 100 ms of a cold start). The format: a little-endian u32 length,
    that many bytes of JSON [[path, size], ...], then the files' bytes in that order.
    Sorted, no timestamps: byte-identical for the same input."""
    files = app_files(wheel)
    pyc, stdlib = compile_bytecode(files, quiet)
    files.update(pyc)
    shutil.copyfile(stdlib, out.parent / STDLIB_ZIP)
    names = sorted(files)
    index = json.dumps([[name, len(files[name])] for name in names]).encode()
    body = struct.pack("<I", len(index)) + index + b"".join(files[name] for name in names)
    out.write_bytes(gzip.compress(body, compresslevel=9, mtime=0))


# --------------------------------------------------------------------------- demos


def collect_demos(out_dir: Path, quiet: bool = False, src: Path = WEB / "demos") -> list[dict]:
    """Copy src/*.json (web/demos) to out_dir; return the index entries, system order first."""
    entries = []
    out_dir.mkdir(parents=True, exist_ok=True)
    for path in sorted(src.glob("*.json")):
        if path.name == "index.json":
            continue
        try:
            data = json.loads(path.read_text("utf-8"))
            system = data["system"]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log(f"warning: skipping demo {path.name}: {exc}", quiet)
            continue
        shutil.copyfile(path, out_dir / path.name)
        titles = {lang: str(words["title"]) for lang, words
                  in (data.get("translations") or {}).items() if words.get("title")}
        entries.append({
            "system": system,
            "title": str(data.get("title") or path.stem),
            **({"titles": titles} if titles else {}),
            "file": path.name,
        })

    def order(e: dict) -> tuple:
        s = e["system"]
        return (SYSTEM_ORDER.index(s) if s in SYSTEM_ORDER else len(SYSTEM_ORDER), s, e["file"])

    entries.sort(key=order)
    return entries


def _placeholder_svg(note: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 32" role="img" '
        'class="board placeholder" aria-label="board placeholder">'
        '<rect x="0" y="0" width="48" height="32" fill="#e9eef2"/>'
        f'<text x="24" y="16.5" text-anchor="middle" font-size="2" fill="#4a5560">'
        f"{html.escape(note)}</text></svg>"
    )


def prerender_board(demo_path: Path) -> tuple[str, str]:
    """The default demo's board as inline SVG text, and the scenario's fingerprint (the
    page skips its first draw when the board already shows that scenario)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from engine import scenario
    from engine.build import legality
    from engine.render.board import board

    demo = scenario.loads(demo_path.read_text("utf-8"))
    svg = board(demo, reach=legality.range_lines(demo), aimed=True).strip()
    if svg.startswith("<?xml"):
        svg = svg[svg.index("?>") + 2:].lstrip()
    return svg, scenario.fingerprint(demo)


# --------------------------------------------------------------------------- icons


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    """Encode RGBA rows as a PNG with nothing but zlib and struct."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def icon_png(size: int, maskable: bool = False) -> bytes:
    """A blast marker: dark square, orange disc with a ring and a centre hole, a scatter arrow."""
    bg = (27, 38, 49, 255)
    disc = (230, 159, 0, 255)
    ring = (255, 255, 255, 255)
    hole = bg
    arrow = (86, 180, 233, 255)
    c = size / 2
    scale = 0.8 if maskable else 1.0  # keep the motif inside the maskable safe zone
    r_disc, r_ring_in, r_hole = 0.36 * size * scale, 0.31 * size * scale, 0.06 * size * scale
    rows = []
    for y in range(size):
        row = bytearray()
        for x in range(size):
            dx, dy = x + 0.5 - c, y + 0.5 - c
            d = (dx * dx + dy * dy) ** 0.5
            px = bg
            if d <= r_disc:
                px = ring if d >= r_ring_in else disc
                if d <= r_hole:
                    px = hole
            # scatter arrow: a bar up-right from the centre hole
            u, v = (dx + -dy) / 1.4142, (dx + dy) / 1.4142
            if r_hole * 1.5 < u < r_disc * 1.25 and abs(v) < size * 0.03 * scale:
                px = arrow
            row += bytes(px)
        rows.append(bytes(row))
    return _png(size, size, rows)


ICON_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" rx="10" fill="#1b2631"/>
<circle cx="32" cy="32" r="23" fill="#e69f00" stroke="#fff" stroke-width="3"/>
<circle cx="32" cy="32" r="4" fill="#1b2631"/>
<path d="M36 28 L54 10" stroke="#56b4e9" stroke-width="4" stroke-linecap="round"/>
</svg>
"""


# --------------------------------------------------------------------------- snapshot

# snapshot.mjs is a template: the build fills in the snapshot key.
# The key hashes it and the worker that makes the snapshot, beside what the snapshot holds.
SNAPSHOT_MODULE = "snapshot.mjs"
SNAPSHOT_SOURCES = ("snapshot.mjs", "snapshot-worker.mjs", "appfiles.mjs")


def snapshot_key(out: Path) -> str:
    """A hash of everything a memory snapshot is made from: the Pyodide runtime, stdlib.zip,
    app.bin and the code that makes it. A new release gets a new key (and snapshot)."""
    digest = hashlib.sha256()
    parts = [out / "pyodide" / name for name in PYODIDE_FILES]
    parts += [out / STDLIB_ZIP, out / APP_PACK]
    parts += [WEB / name for name in SNAPSHOT_SOURCES]
    for path in parts:
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return "scatterlab-" + digest.hexdigest()[:16]


def write_snapshot_module(out: Path) -> None:
    """snapshot.mjs with this build's snapshot key filled in."""
    text = (WEB / SNAPSHOT_MODULE).read_text("utf-8")
    text = text.replace("__SNAPSHOT_KEY__", snapshot_key(out))
    (out / SNAPSHOT_MODULE).write_text(text, "utf-8")


# --------------------------------------------------------------------------- service worker


def precache_list(dist: Path) -> tuple[list[list[str]], str]:
    """Every file of dist (but sw.js) as [./relative URL, sha256 hex] ("./" is index.html),
    and a cache name from their hashes: the worker checks each file it fetches against its
    hash, so a version's cache never holds another version's file."""
    digest = hashlib.sha256()
    entries = []
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        rel = path.relative_to(dist).as_posix()
        if rel == "sw.js":
            continue
        file_hash = hashlib.sha256(path.read_bytes())
        entries.append(["./" + rel, file_hash.hexdigest()])
        if rel == "index.html":
            entries.insert(0, ["./", file_hash.hexdigest()])
        digest.update(rel.encode() + b"\0" + file_hash.digest())
    return entries, "scatterlab-" + digest.hexdigest()[:16]


# --------------------------------------------------------------------------- build


def build(out: Path = DIST, quiet: bool = False, demos: Path = WEB / "demos") -> Path:
    """Write the whole static site into `out` (replaced), and return it.

    `demos` is the folder of demo scenarios (web/demos; tests may point elsewhere)."""
    ensure_node_modules(quiet)
    wheel = ensure_svgwrite_wheel(quiet)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    # runtime: pyodide and pyscript core, exactly as pinned
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copyfile(NODE_MODULES / "pyodide" / name, out / "pyodide" / name)
    (out / "pyscript").mkdir()
    for path in sorted((NODE_MODULES / "@pyscript" / "core" / "dist").iterdir()):
        if path.is_file() and not path.name.endswith(".map"):
            text = path.read_bytes()
            if path.suffix == ".js":  # drop the dangling sourceMappingURL comments
                text = b"\n".join(
                    line for line in text.split(b"\n")
                    if not line.startswith(b"//# sourceMappingURL=")
                )
            (out / "pyscript" / path.name).write_bytes(text)

    # python: svgwrite and the engine
    pack_app(out / APP_PACK, wheel, quiet)

    # demos
    demos = collect_demos(out / "demos", quiet, demos)
    default = demos[0] if demos else None
    index: dict = {
        "systems": [
            {"id": s, "name": SYSTEM_NAMES[s]}
            for s in SYSTEM_ORDER
        ],
        "default": default["file"] if default else None,
        "demos": demos,
    }
    (out / "demos" / "index.json").write_text(json.dumps(index, indent=1) + "\n", "utf-8")

    # the page
    for path in sorted(WEB.iterdir()):
        if path.is_file() and path.name not in ("index.html", "sw.js", SNAPSHOT_MODULE,
                                                 STDLIB_IMPORTS.name):
            shutil.copyfile(path, out / path.name)
    write_snapshot_module(out)
    config = {"interpreter": "./pyodide-loader.mjs"}  # files: app.bin, by appfiles.mjs
    (out / "pyscript.json").write_text(json.dumps(config, indent=1) + "\n", "utf-8")
    board, key = (prerender_board(out / "demos" / default["file"]) if default
                  else (_placeholder_svg("No demo in this build"), ""))
    page = (WEB / "index.html").read_text("utf-8")
    page = page.replace("<!--PRERENDERED-BOARD-->", board)
    page = page.replace("__PRERENDERED__", key)
    page = page.replace("__DEFAULT_DEMO__", html.escape(default["file"] if default else ""))
    (out / "index.html").write_text(page, "utf-8")

    # installability
    (out / "icons").mkdir()
    (out / "icons" / "icon.svg").write_text(ICON_SVG, "utf-8")
    (out / "icons" / "icon-192.png").write_bytes(icon_png(192))
    (out / "icons" / "icon-512.png").write_bytes(icon_png(512))
    (out / "icons" / "maskable-512.png").write_bytes(icon_png(512, maskable=True))

    # offline: the service worker last, over the final file set
    urls, cache_name = precache_list(out)
    sw = (WEB / "sw.js").read_text("utf-8")
    sw = sw.replace('"__CACHE_NAME__"', json.dumps(cache_name))
    sw = sw.replace('["__PRECACHE__"]', "[\n" + ",\n".join(map(json.dumps, urls)) + ",\n]")
    (out / "sw.js").write_text(sw, "utf-8")

    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"wrote {out} ({len(urls)} files, {size / 1e6:.1f} MB, cache {cache_name})", quiet)
    return out


# --------------------------------------------------------------------------- serve

DEFAULT_PORT = 8000


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types browsers insist on, revalidated on every load."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        if not self.quiet:
            super().log_message(format, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:  # noqa: ANN001 (stdlib)
        """A browser that drops a connection mid-answer (a page closed or reloaded while it
        loads) is no error worth a traceback in the terminal; anything else is one."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 0, quiet: bool = False) -> Server:
    """A threaded static server for `directory` on 127.0.0.1 (port 0: a free one)."""

    class _Handler(Handler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(directory), **kwargs)

    _Handler.quiet = quiet
    return Server(("127.0.0.1", port), _Handler)


@contextlib.contextmanager
def serving(directory: Path = DIST, port: int = 0, quiet: bool = True):
    """Serve `directory` in a background thread; yields the base URL (ends with /)."""
    server = make_server(directory, port, quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def _can_open_browser() -> bool:
    if os.environ.get("CI"):
        return False
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", choices=("build", "serve"), default="build")
    parser.add_argument("--out", type=Path, default=DIST, help="output folder (default dist/)")
    parser.add_argument("--port", type=int, help="serve: port (default 8000, or a free one"
                        " when 8000 is taken)")
    parser.add_argument("--no-open", action="store_true", help="serve: do not open a browser")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    out = build(args.out.resolve(), quiet=args.quiet)
    if args.command == "build":
        return 0
    try:
        server = make_server(out, DEFAULT_PORT if args.port is None else args.port)
    except OSError as exc:
        if args.port is not None or exc.errno != errno.EADDRINUSE:
            raise
        log(f"port {DEFAULT_PORT} is in use: serving on a free port")
        server = make_server(out, 0)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"Serving {out} at {url} (Ctrl-C to stop)", flush=True)
    if not args.no_open and _can_open_browser():
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    import bootstrap  # stdlib only: runs this script again inside the project's .venv/

    bootstrap.ensure()
    raise SystemExit(main())
