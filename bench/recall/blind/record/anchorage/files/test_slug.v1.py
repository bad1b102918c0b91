import unittest

from anchorage.slug import slugify


class SlugifyTest(unittest.TestCase):
    def test_lowercase_and_hyphens(self):
        self.assertEqual(slugify("Getting Started"), "getting-started")

    def test_punctuation_dropped(self):
        self.assertEqual(slugify("What's new in v2.1?"), "whats-new-in-v21")

    def test_inline_code_and_links(self):
        self.assertEqual(slugify("The `--strict` flag and [CI](ci.md)"), "the---strict-flag-and-ci")

    def test_underscores_kept(self):
        self.assertEqual(slugify("my_func()"), "my_func")
