"""Reads a Markdown file into its headings and its links, with line numbers.

Skipped, because links there are examples or hidden, not content:
- fenced code blocks (``` and ~~~) and indented code blocks (4 spaces or a tab, after a blank line);
- inline code spans (`[x](y)`);
- HTML comments, also across lines (<!-- ... -->).
Only inline links and images are collected, [text](target) and ![alt](src).
TODO: reference-style links ([text][ref]) if the docs team starts using them; none so far.

Indented code starts only after a blank line, so the indented continuation lines of list items
are still read as text (CommonMark's rule too, except for nested lists, which our docs avoid).
"""

import re
from dataclasses import dataclass

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
# [text](target "title") and [text](<target with spaces>): the title is not part of the target.
LINK = re.compile(r"""\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"']*["'])?\s*\)""")
FENCE = re.compile(r"^\s*(```|~~~)")
INDENTED = re.compile(r"^( {4}|\t)")
CODE_SPAN = re.compile(r"`[^`]*`")
COMMENT = re.compile(r"<!--.*?-->")


@dataclass(frozen=True)
class Link:
    line: int
    target: str


@dataclass
class Document:
    path: str
    headings: list[str]
    links: list[Link]


def _strip_comments(line: str, in_comment: bool) -> tuple[str, bool]:
    """The line without HTML comments, and whether a comment is still open at its end."""
    if in_comment:
        end = line.find("-->")
        if end < 0:
            return "", True
        line = line[end + 3 :]
    line = COMMENT.sub("", line)
    start = line.find("<!--")
    if start >= 0:
        return line[:start], True
    return line, False


def scan(path: str) -> Document:
    headings: list[str] = []
    links: list[Link] = []
    fence = None
    in_comment = False
    indented = False
    prev_blank = True
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, start=1):
            m = FENCE.match(raw)
            if m and not in_comment:
                if fence is None:
                    fence = m.group(1)
                elif m.group(1) == fence:
                    fence = None
                prev_blank = False
                continue
            if fence:
                continue
            indented = INDENTED.match(raw) is not None and (prev_blank or indented)
            prev_blank = not raw.strip()
            if indented and not in_comment:
                continue
            line, in_comment = _strip_comments(raw, in_comment)
            h = HEADING.match(line)
            if h:
                headings.append(h.group(2))  # code spans stay: they count for the anchor
            links += [Link(n, m.group(1)) for m in LINK.finditer(CODE_SPAN.sub("", line))]
    return Document(path, headings, links)
