import json
import os
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join("tests", "fixtures", "docs")


def run(*args):
    return subprocess.run([sys.executable, "-m", "anchorage", *args], cwd=ROOT, capture_output=True, text=True)


class CliTest(unittest.TestCase):
    def test_text_output_and_exit_code(self):
        r = run(DOCS)
        self.assertEqual(r.returncode, 1)
        self.assertIn("install.md:5: #prerequisites: no heading for #prerequisites", r.stdout)
        self.assertIn("3 files, 2 broken links", r.stderr)

    def test_json_output(self):
        r = run("--format", "json", DOCS)
        self.assertEqual(r.returncode, 1)
        rows = json.loads(r.stdout)
        self.assertEqual(sorted(rows[0]), ["file", "line", "reason", "target"])
        self.assertEqual([(os.path.basename(x["file"]), x["line"]) for x in rows], [("config.md", 4), ("install.md", 5)])

    def test_no_paths_is_a_usage_error(self):
        self.assertEqual(run().returncode, 2)
