"""Reads a Markdown file into its headings and its links, with line numbers.

Fenced code blocks (``` and ~~~) are skipped: links and headings inside them are examples, not
content. Only inline links and images are collected, [text](target) and ![alt](src).
TODO: reference-style links ([text][ref]) if the docs team starts using them; none so far.
"""

import re
from dataclasses import dataclass

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
LINK = re.compile(r"\[[^\]]*\]\(([^)]+)\)")
FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class Link:
    line: int
    target: str


@dataclass
class Document:
    path: str
    headings: list[str]
    links: list[Link]


def scan(path: str) -> Document:
    headings: list[str] = []
    links: list[Link] = []
    fence = None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, start=1):
            m = FENCE.match(line)
            if m:
                if fence is None:
                    fence = m.group(1)
                elif m.group(1) == fence:
                    fence = None
                continue
            if fence:
                continue
            h = HEADING.match(line)
            if h:
                headings.append(h.group(2))
            links += [Link(n, m.group(1)) for m in LINK.finditer(line)]
    return Document(path, headings, links)
