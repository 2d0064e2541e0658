"""Drawing: pure functions from a scenario (and its resolution, odds or aim scores) to SVG
and text. They read results and never apply a rule.

- `board`: the whole board, dispatching to `tabletop` (inches) or `hexmap` (BattleTech);
  `aim` overlays Best aim's scores, `common` holds the canvas, palette and label placer;
- `summary`: the result in players' words; `legend`: the key to the board; `chart`: odds
  bar charts; `notes`: the demos' Markdown subset; `rules`: the clause browser's data;
- `export`: the share picture (board, title, dice, result and key).

svgwrite is imported by the drawing modules only, so `summary` and `rules` load without it.
"""
