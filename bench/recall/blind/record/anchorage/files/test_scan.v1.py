import os
import tempfile
import textwrap
import unittest

from anchorage.scan import scan


class ScanTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def write(self, name, text):
        path = os.path.join(self.tmp.name, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(textwrap.dedent(text))
        return path

    def targets(self, path):
        return [link.target for link in scan(path).links]

    def test_headings_and_links(self):
        doc = scan(self.write("a.md", """\
            # Title
            See [install](install.md#setup) and ![logo](img/logo.png).
            ## Setup ##
            """))
        self.assertEqual(doc.headings, ["Title", "Setup"])
        self.assertEqual([(l.line, l.target) for l in doc.links], [(2, "install.md#setup"), (2, "img/logo.png")])

    def test_link_title_is_not_part_of_target(self):
        path = self.write("b.md", 'Read [the guide](guide.md "The guide") first.\n')
        self.assertEqual(self.targets(path), ["guide.md"])

    def test_fenced_code_is_skipped(self):
        doc = scan(self.write("c.md", """\
            ~~~
            [not a link](nowhere.md)
            # not a heading
            ~~~
            [real](real.md)
            """))
        self.assertEqual(doc.headings, [])
        self.assertEqual([l.target for l in doc.links], ["real.md"])
