"""Checks the links of a set of Markdown files: relative file links and #anchors.

External links (http, https, mailto, tel) are not checked here.
"""

import os
from dataclasses import dataclass
from urllib.parse import unquote

from anchorage.scan import Document, scan
from anchorage.slug import slugify

SKIP_SCHEMES = ("http://", "https://", "mailto:", "tel:")


@dataclass(frozen=True)
class Broken:
    file: str
    line: int
    target: str
    reason: str


def markdown_files(paths: list[str]) -> list[str]:
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                out += [os.path.join(root, f) for f in sorted(files) if f.endswith(".md")]
        else:
            out.append(p)
    return out


class Checker:
    """Scans each document once, however many links point into it."""

    def __init__(self) -> None:
        self._docs: dict[str, Document] = {}

    def doc(self, path: str) -> Document:
        key = os.path.normpath(path)
        if key not in self._docs:
            self._docs[key] = scan(key)
        return self._docs[key]

    def anchors(self, path: str) -> set[str]:
        return {slugify(h) for h in self.doc(path).headings}

    def check_file(self, path: str) -> list[Broken]:
        broken = []
        for link in self.doc(path).links:
            reason = self.check_link(path, link.target)
            if reason:
                broken.append(Broken(path, link.line, link.target, reason))
        return broken

    def check_link(self, source: str, target: str) -> str | None:
        if target.startswith(SKIP_SCHEMES):
            return None
        file_part, _, anchor = target.partition("#")
        dest = source
        if file_part:
            dest = os.path.normpath(os.path.join(os.path.dirname(source), unquote(file_part)))
        if not os.path.exists(dest):
            return "missing file"
        if anchor and dest.endswith(".md") and anchor not in self.anchors(dest):
            return f"no heading for #{anchor}"
        return None


def check(paths: list[str]) -> tuple[int, list[Broken]]:
    """The number of files checked and the broken links found in them."""
    checker = Checker()
    files = markdown_files(paths)
    broken = [b for f in files for b in checker.check_file(f)]
    return len(files), broken
