# What the page uses of PyScript: the main thread's DOM globals, dynamic.
from typing import Any

document: Any
window: Any
