import os
import unittest

from anchorage.check import check

DOCS = os.path.join(os.path.dirname(__file__), "fixtures", "docs")


class CheckFixtureDocsTest(unittest.TestCase):
    def test_fixture_docs(self):
        n_files, broken = check([DOCS])
        self.assertEqual(n_files, 3)
        found = sorted((os.path.relpath(b.file, DOCS), b.line, b.reason) for b in broken)
        self.assertEqual(found, [
            ("guide/config.md", 4, "missing file"),
            ("install.md", 5, "no heading for #prerequisites"),
        ])
