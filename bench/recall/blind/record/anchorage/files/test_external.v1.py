import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from anchorage import external


class Handler(BaseHTTPRequestHandler):
    """/missing is a 404, /nohead refuses HEAD with a 405, everything else is a 200."""

    hits = 0

    def do_HEAD(self):
        if self.path == "/nohead":
            self.send_error(405)
            return
        self.reply(body=False)

    def do_GET(self):
        self.reply(body=True)

    def reply(self, body):
        type(self).hits += 1
        self.send_response(404 if self.path == "/missing" else 200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        if body:
            self.wfile.write(b"ok")

    def log_message(self, *args):
        pass  # keep the test output readable


class ExternalTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        cls.base = f"http://127.0.0.1:{cls.server.server_address[1]}"
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def test_ok(self):
        self.assertEqual(external.status_of(self.base + "/ok"), 200)

    def test_missing(self):
        self.assertEqual(external.status_of(self.base + "/missing"), 404)

    def test_head_refused_falls_back_to_get(self):
        self.assertEqual(external.status_of(self.base + "/nohead"), 200)

    def test_unreachable(self):
        # nothing listens on the discard port
        self.assertTrue(str(external.status_of("http://127.0.0.1:9/")).startswith("unreachable"))

    def test_each_url_fetched_once(self):
        urls = [self.base + "/a", self.base + "/b", self.base + "/a"]
        self.assertEqual(external.check_urls(urls), {self.base + "/a": 200, self.base + "/b": 200})
