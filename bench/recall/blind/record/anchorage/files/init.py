"""anchorage: a link checker for Markdown docs (stdlib only)."""

__version__ = "0.1.0"
