"""How much the link cache saves: a fake slow server, N external links, a cold run and a warm run.

    python3 scripts/bench_cache.py [--links 300] [--delay 0.04] [--workers 8]
"""

import argparse
import os
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from anchorage import external  # noqa: E402
from anchorage.cache import LinkCache  # noqa: E402
from anchorage.check import check  # noqa: E402


def slow_handler(delay):
    class Slow(BaseHTTPRequestHandler):
        hits = 0

        def do_HEAD(self):
            type(self).hits += 1
            time.sleep(delay)
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    return Slow


def write_docs(root, base, links):
    for i in range(0, links, 10):
        with open(os.path.join(root, f"page{i // 10:03}.md"), "w") as f:
            f.write(f"# Page {i // 10}\n")
            for j in range(i, min(i + 10, links)):
                f.write(f"See [ref {j}]({base}/ref/{j}).\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--links", type=int, default=300)
    ap.add_argument("--delay", type=float, default=0.04)
    ap.add_argument("--workers", type=int, default=external.WORKERS)
    args = ap.parse_args()
    external.WORKERS = args.workers
    handler = slow_handler(args.delay)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    with tempfile.TemporaryDirectory() as tmp:
        write_docs(tmp, base, args.links)
        cache = LinkCache(os.path.join(tmp, "cache.sqlite"))
        for run in ("cold", "warm"):
            before, t0 = handler.hits, time.perf_counter()
            n_files, broken = check([tmp], external=True, cache=cache)
            took = time.perf_counter() - t0
            print(f"{run}: {n_files} files, {args.links} links, {handler.hits - before} requests, "
                  f"{took:.2f} s, {len(broken)} broken (workers={args.workers}, delay={args.delay}s)")
        cache.close()
    server.shutdown()


if __name__ == "__main__":
    main()
