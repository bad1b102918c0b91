"""Heading anchors the way GitHub renders them.

GitHub lowercases the heading text, drops punctuation except '-' and '_', and turns every space
into '-' (so "A -- B" gives "a----b"). Inline markup (`code`, *emphasis*, [links](...)) counts
only by its text.
"""

import re

_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_PUNCT = re.compile(r"[^\w\- ]")


def slugify(heading: str) -> str:
    text = _LINK.sub(r"\1", heading)
    text = text.replace("`", "").replace("*", "")
    text = _PUNCT.sub("", text.strip().lower())
    return text.replace(" ", "-")
