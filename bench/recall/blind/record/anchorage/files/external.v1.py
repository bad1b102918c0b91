"""External link checks (opt-in: --external).

HEAD first; servers that refuse HEAD (405, and some answer 403 or 501) get a GET whose body is
never read. Each request gets TIMEOUT seconds and WORKERS requests run at once, so one dead host
costs at most TIMEOUT of wall time instead of stalling the whole CI job.
"""

import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

TIMEOUT = 5.0  # seconds per request
WORKERS = 8  # concurrent requests; most of our links go to a handful of hosts, stay polite
USER_AGENT = "anchorage/0.1 (docs link check; +https://github.com/northwind/docs)"
RETRY_WITH_GET = {403, 405, 501}


def _request(url: str, method: str) -> int:
    req = urllib.request.Request(url, method=method, headers={"User-Agent": USER_AGENT})
    with urllib.request.urlopen(req, timeout=TIMEOUT) as resp:
        return resp.status


def status_of(url: str) -> int | str:
    """The HTTP status of url, or why it could not be fetched (a string)."""
    try:
        return _request(url, "HEAD")
    except urllib.error.URLError as e:
        return f"unreachable: {e.reason}"
    except urllib.error.HTTPError as e:
        if e.code not in RETRY_WITH_GET:
            return e.code
        try:
            return _request(url, "GET")
        except urllib.error.HTTPError as e2:
            return e2.code
        except (urllib.error.URLError, TimeoutError) as e2:
            return f"unreachable: {e2}"
    except TimeoutError:
        return "timeout"


def check_urls(urls: list[str]) -> dict[str, int | str]:
    """The status of every distinct URL, fetched WORKERS at a time."""
    unique = sorted(set(urls))
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        return dict(zip(unique, pool.map(status_of, unique)))
