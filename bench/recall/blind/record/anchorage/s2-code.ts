/** Code fragments the second anchorage session edits in (external links, the SQLite cache). */

export const checkDocOld = 'External links (http, https, mailto, tel) are not checked here.';
export const checkDocNew =
  'External http(s) links are checked only with --external (external.py); mailto: and tel: never.';

export const checkFnV1 = `def check(paths: list[str]) -> tuple[int, list[Broken]]:
    """The number of files checked and the broken links found in them."""
    checker = Checker()
    files = markdown_files(paths)
    broken = [b for f in files for b in checker.check_file(f)]
    return len(files), broken
`;

export const checkFnV2 = `def check(paths: list[str], external: bool = False) -> tuple[int, list[Broken]]:
    """The number of files checked and the broken links found in them."""
    checker = Checker()
    files = markdown_files(paths)
    broken = [b for f in files for b in checker.check_file(f)]
    if external:
        broken += check_external(checker, files)
    return len(files), sorted(broken, key=lambda b: (b.file, b.line))


def check_external(checker: Checker, files: list[str]) -> list[Broken]:
    found = [(f, link) for f in files for link in checker.doc(f).links if link.target.startswith(EXTERNAL)]
    status = check_urls([link.target for _, link in found])
    broken = []
    for f, link in found:
        s = status[link.target]
        if isinstance(s, str) or s >= 400:
            broken.append(Broken(f, link.line, link.target, f"HTTP {s}" if isinstance(s, int) else s))
    return broken
`;

export const checkUrlsV1 = `def check_urls(urls: list[str]) -> dict[str, int | str]:
    """The status of every distinct URL, fetched WORKERS at a time."""
    unique = sorted(set(urls))
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        return dict(zip(unique, pool.map(status_of, unique)))
`;

export const checkUrlsV2 = `def check_urls(urls: list[str], cache: LinkCache | None = None) -> dict[str, int | str]:
    """The status of every distinct URL: from the cache while fresh, else fetched WORKERS at a time."""
    unique = sorted(set(urls))

    def one(url: str) -> int | str:
        hit = cache.get(url) if cache else None
        if hit is not None:
            return hit
        status = status_of(url)
        if cache:
            cache.put(url, status)
        return status

    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        return dict(zip(unique, pool.map(one, unique)))
`;

export const checkUrlsV3 = `def check_urls(urls: list[str], cache: LinkCache | None = None) -> dict[str, int | str]:
    """The status of every distinct URL: from the cache while fresh, else fetched WORKERS at a time.

    Only the HTTP requests run in the pool. A sqlite3 connection may only be used by the thread
    that opened it, so the cache is read before and written after, in the caller's thread.
    """
    result: dict[str, int | str] = {}
    todo = []
    for url in sorted(set(urls)):
        hit = cache.get(url) if cache else None
        if hit is None:
            todo.append(url)
        else:
            result[url] = hit
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        fetched = dict(zip(todo, pool.map(status_of, todo)))
    if cache:
        cache.put_many(fetched)
    return result | fetched
`;

export const exceptOld = `    except urllib.error.URLError as e:
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
`;

export const exceptNew = `    except urllib.error.HTTPError as e:  # before URLError: HTTPError is a subclass of it
        if e.code not in RETRY_WITH_GET:
            return e.code
        try:
            return _request(url, "GET")
        except urllib.error.HTTPError as e2:
            return e2.code
        except (urllib.error.URLError, TimeoutError) as e2:
            return f"unreachable: {e2}"
    except urllib.error.URLError as e:
        return f"unreachable: {e.reason}"
`;

export const putOld = `    def put(self, url: str, status: int | str) -> None:
        ok = isinstance(status, int) and status < 400
        self.db.execute(
            "INSERT OR REPLACE INTO link_status (url, status, ok, checked_at) VALUES (?, ?, ?, ?)",
            (url, str(status), int(ok), self.now()),
        )
        self.db.commit()
`;

export const putNew = `    def put(self, url: str, status: int | str) -> None:
        self.put_many({url: status})

    def put_many(self, results: dict[str, int | str]) -> None:
        """Stores results in one transaction: one commit for 1,200 URLs instead of 1,200."""
        now = self.now()
        rows = [(url, str(s), int(isinstance(s, int) and s < 400), now) for url, s in results.items()]
        with self.db:
            self.db.executemany(
                "INSERT OR REPLACE INTO link_status (url, status, ok, checked_at) VALUES (?, ?, ?, ?)", rows
            )
`;

export const cacheTest = `

    def test_cached_urls_are_not_fetched_again(self):
        with tempfile.TemporaryDirectory() as tmp:
            cache = LinkCache(os.path.join(tmp, "c.sqlite"))
            urls = [self.base + "/x", self.base + "/missing"]
            first = external.check_urls(urls, cache)
            hits = Handler.hits
            second = external.check_urls(urls, cache)
            cache.close()
        self.assertEqual(first, second)
        self.assertEqual(Handler.hits, hits)
`;

export const cliArgsV1 = `    ap.add_argument("paths", nargs="+", help="Markdown files or folders")
`;

export const cliArgsV2 = `    ap.add_argument("paths", nargs="+", help="Markdown files or folders")
    ap.add_argument("--external", action="store_true", help="also check http(s) links (needs network)")
`;

export const cliArgsV3 = `    ap.add_argument("paths", nargs="+", help="Markdown files or folders")
    ap.add_argument("--external", action="store_true", help="also check http(s) links (needs network)")
    ap.add_argument("--no-cache", action="store_true", help="with --external: fetch every link, ignore the cache")
    ap.add_argument("--purge-cache", action="store_true", help="forget all cached link results and exit")
`;

export const cliRunV1 = `    args = ap.parse_args(argv)
    try:
        n_files, broken = check(args.paths)
    except OSError as e:
        print(f"anchorage: {e}", file=sys.stderr)
        return 2
`;

export const cliRunV2 = `    args = ap.parse_args(argv)
    try:
        n_files, broken = check(args.paths, external=args.external)
    except OSError as e:
        print(f"anchorage: {e}", file=sys.stderr)
        return 2
`;

export const cliRunV3 = `    args = ap.parse_args(argv)
    if args.purge_cache:
        cache = LinkCache()
        print(f"purged {cache.purge()} cached results from {cache.path}")
        cache.close()
        return 0
    cache = LinkCache() if args.external and not args.no_cache else None
    try:
        n_files, broken = check(args.paths, external=args.external, cache=cache)
    except OSError as e:
        print(f"anchorage: {e}", file=sys.stderr)
        return 2
    finally:
        if cache:
            cache.close()
`;

export const cliUsage = `Command line: anchorage PATH...
`;

export const cliUsageV2 = `Command line: anchorage [--external [--no-cache]] PATH...  |  anchorage --purge-cache
`;
