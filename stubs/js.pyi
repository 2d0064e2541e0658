# Pyodide's `js`: the browser's global scope (console, Date, performance, ...), dynamic.
from typing import Any

def __getattr__(name: str) -> Any: ...
