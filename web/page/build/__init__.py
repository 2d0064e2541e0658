"""The Build panel: make your own attack without JSON (issue 15).

Start from the system's starter (engine/build/starters.py), add units from the presets one at a
time or as a squad ("Add N models", engine/build/squads.py), pick the weapon, the attacker and
the targets, edit every field the rules read (engine/build/editing.py's descriptions, drawn by
page/forms.py), the options, and, for BattleTech, the supports and "Next turn". Every
edit goes through `commit`, which hands the document to editor.set_scenario (the parser
judges it) and so to the history; the legality line beside Roll is the engine's verdict
(engine/build/legality.py), and Roll stays disabled with the reason while the setup is illegal.

No drag is needed: a unit is selected by a tap on the board or its button here, then the
arrow keys move it 0.5" (a hex map: one hex; Up north, Down south, Left north-west, Right
north-east, with Shift south-west and south-east), or its x, y or hex is typed. With "Move
all N of its unit" pressed, a drag or an arrow key on one model of a Heresy squad moves the
whole squad.

Its modules: `commit` (what every edit goes through), `panel` (the panel drawn, and what
follows each accepted scenario), `actions` (its buttons), `edits` (its fields), `moves`
(arrow keys and taps on the board).
"""
