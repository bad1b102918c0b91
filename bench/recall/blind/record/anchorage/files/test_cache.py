import os
import tempfile
import unittest

from anchorage.cache import FAIL_TTL, OK_TTL, LinkCache


class LinkCacheTest(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.clock = [1_000_000.0]
        self.cache = LinkCache(os.path.join(tmp.name, "c.sqlite"), now=lambda: self.clock[0])
        self.addCleanup(self.cache.close)

    def test_ok_results_last_a_day(self):
        self.cache.put("https://a.example/", 200)
        self.clock[0] += OK_TTL - 1
        self.assertEqual(self.cache.get("https://a.example/"), 200)
        self.clock[0] += 2
        self.assertIsNone(self.cache.get("https://a.example/"))

    def test_failures_expire_after_an_hour(self):
        self.cache.put("https://b.example/", 404)
        self.cache.put("https://c.example/", "timeout")
        self.clock[0] += FAIL_TTL + 1
        self.assertIsNone(self.cache.get("https://b.example/"))
        self.assertIsNone(self.cache.get("https://c.example/"))

    def test_purge(self):
        self.cache.put("https://a.example/", 200)
        self.assertEqual(self.cache.purge(), 1)
        self.assertIsNone(self.cache.get("https://a.example/"))
