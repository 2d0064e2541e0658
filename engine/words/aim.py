"""Messages naming the candidate aims Best aim ranks (engine.candidates)."""

from __future__ import annotations

from engine.words.entries import Catalogue

MESSAGES: Catalogue = {
    "aim.spot": {"en": "({x}, {y}) over {unit}", "ja": "{unit}の上({x}, {y})"},
    "aim.hole": {"en": "hole at {spot}", "ja": "穴を{spot}に"},
    "aim.shots": {"en": "shots: {parts}", "ja": "射撃：{parts}"},
    "aim.shots_part": {"en": "{n} at {spot}", "ja": "{spot}に{n}発"},
    "aim.target": {"en": "target {unit}", "ja": "目標{unit}"},
    "aim.split": {"en": "split: {parts}", "ja": "分割：{parts}"},
    "aim.split_part": {"en": "{n} at {unit}", "ja": "{unit}に{n}発"},
    "aim.ground": {"en": "ground at ({x}, {y})", "ja": "地面({x}, {y})"},
    "aim.support": {"en": "{support} at {where}", "ja": "{where}に{support}"},
    "aim.supports": {"en": "{parts}", "ja": "{parts}"},
    "aim.plus": {"en": "{first} + {then}", "ja": "{first}＋{then}"},
    "aim.instead": {"en": "{support} (instead of {old})", "ja": "{support}（{old}の代わり）"},
}
