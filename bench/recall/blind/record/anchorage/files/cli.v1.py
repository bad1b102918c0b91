"""Command line: anchorage PATH...

Exit codes: 0 all links fine, 1 broken links found, 2 usage or I/O error (argparse uses 2 too).
"""

import argparse
import sys

from anchorage import __version__
from anchorage.check import check


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="anchorage", description="Check links and #anchors in Markdown docs.")
    ap.add_argument("paths", nargs="+", help="Markdown files or folders")
    ap.add_argument("--version", action="version", version=f"anchorage {__version__}")
    args = ap.parse_args(argv)
    try:
        n_files, broken = check(args.paths)
    except OSError as e:
        print(f"anchorage: {e}", file=sys.stderr)
        return 2
    for b in broken:
        print(f"{b.file}:{b.line}: {b.target}: {b.reason}")
    print(f"{n_files} files, {len(broken)} broken links", file=sys.stderr)
    return 1 if broken else 0
