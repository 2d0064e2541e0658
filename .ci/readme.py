"""CI helpers for .ci/run (standard library only, any Python 3.11+).

    python3 .ci/readme.py command NAME     # print the README's command marked NAME
    python3 .ci/readme.py check-page URL   # exit 0 when URL serves the Scatterlab app

In README.md a command is the one line of the fenced block that follows its marker
`<!-- command: NAME -->` (comment lines in the block are skipped), so CI runs exactly what
the README tells people to type.
"""

from __future__ import annotations

import json
import re
import sys
import urllib.request
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
MARKER = re.compile(r"^<!-- command: ([\w-]+) -->\s*$")


def commands(text: str) -> dict[str, str]:
    """Every marked command of the README text, by name; ValueError when a marker is not
    followed by a fenced block holding exactly one command line, or is repeated."""
    lines = text.splitlines()
    found: dict[str, str] = {}
    for i, line in enumerate(lines):
        mark = MARKER.match(line)
        if not mark:
            continue
        name = mark.group(1)
        rest = iter(lines[i + 1:])
        opening = next((x for x in rest if x.strip()), "")
        if not opening.startswith("```"):
            raise ValueError(f"README: no fenced block after the {name!r} marker")
        body = []
        for x in rest:
            if x.startswith("```"):
                break
            if x.strip() and not x.lstrip().startswith("#"):
                body.append(x.strip())
        if len(body) != 1:
            raise ValueError(f"README: the {name!r} block holds {len(body)} commands, not 1")
        if name in found:
            raise ValueError(f"README: the {name!r} marker appears twice")
        found[name] = body[0]
    return found


def fetch(url: str) -> str:
    """The text at `url`, straight from the server (never through a proxy)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(url, timeout=30) as response:
        if response.status != 200:
            raise ValueError(f"{url}: HTTP {response.status}")
        return response.read().decode("utf-8")


def check_page(base: str) -> None:
    """The page at `base` is the app: its title, the pre-rendered board, and a demo index
    whose default demo is served too."""
    page = fetch(base)
    if "<title>Scatterlab" not in page or "<svg" not in page:
        raise ValueError(f"{base}: not the Scatterlab page (no title or no pre-rendered board)")
    index = json.loads(fetch(base + "demos/index.json"))
    json.loads(fetch(base + "demos/" + index["default"]))


def main(argv: list[str]) -> int:
    match argv:
        case ["command", name]:
            found = commands(README.read_text("utf-8"))
            if name not in found:
                raise SystemExit(f"README: no command marked {name!r} (has {sorted(found)})")
            print(found[name])
        case ["check-page", url]:
            check_page(url if url.endswith("/") else url + "/")
            print(f"ok: {url} serves the Scatterlab app")
        case _:
            print(__doc__, file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
