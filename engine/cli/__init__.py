"""The command line's parts beyond `python -m engine` itself (engine/__main__.py)."""
