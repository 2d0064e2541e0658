"""Scatterlab's page (PyScript, main thread), in modules by concern; web/main.py wires them.

The page holds no rule: validation, dice, resolution, odds and drawing are the engine's, and
`bridge` is where the page asks for them. User text reaches the page only through
textContent / attribute setters, never as markup, and the engine's SVG is parsed as XML
(never as HTML) before it is put into the page. Every function takes the page's `State`
explicitly; no module keeps state of its own.
"""
