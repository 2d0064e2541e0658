"""Scatterlab engine: resolve area-effect attacks of three tabletop wargames.

The engine is pure Python with one runtime dependency (svgwrite, for drawing) so that
the same code runs in CPython (tests, command line) and in Pyodide (the browser app).
"""

__version__ = "0.1.0"
