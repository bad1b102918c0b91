/** Code fragments the third anchorage session edits in (output formats, scanner tests, 0.2.0). */

export const purgeArg = `    ap.add_argument("--purge-cache", action="store_true", help="forget all cached link results and exit")
`;

export const formatArgJson = `${purgeArg}    ap.add_argument("--format", choices=["text", "json"], default="text", help="text lines, or a JSON list")
`;

export const formatArgGithub = `${purgeArg}    ap.add_argument(
        "--format",
        choices=["text", "json", "github"],
        default="text",
        help="text lines, a JSON list, or GitHub Actions ::error annotations",
    )
`;

export const outputV1 = `    for b in broken:
        print(f"{b.file}:{b.line}: {b.target}: {b.reason}")
    print(f"{n_files} files, {len(broken)} broken links", file=sys.stderr)
    return 1 if broken else 0
`;

export const outputV2 = `    report(broken, args.format)
    print(f"{n_files} files, {len(broken)} broken links", file=sys.stderr)
    return 1 if broken else 0


def report(broken: list[Broken], fmt: str) -> None:
    if fmt == "json":
        json.dump([dataclasses.asdict(b) for b in broken], sys.stdout, indent=2)
        print()
        return
    for b in broken:
        print(f"{b.file}:{b.line}: {b.target}: {b.reason}")
`;

export const reportJson = `def report(broken: list[Broken], fmt: str) -> None:
    if fmt == "json":
`;

export const annotationV1 = `def annotation(b: Broken) -> str:
    """A GitHub Actions workflow command; GitHub shows it on the PR diff at file:line."""
    return f"::error file={b.file},line={b.line},title=broken link::{b.target}: {b.reason}"


def report(broken: list[Broken], fmt: str) -> None:
    if fmt == "github":
        print("\\n".join(annotation(b) for b in broken))
        return
    if fmt == "json":
`;

export const annotationV2 = `def _escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\\r", "%0D").replace("\\n", "%0A")


def _escape_property(s: str) -> str:
    return _escape_data(s).replace(":", "%3A").replace(",", "%2C")


def annotation(b: Broken) -> str:
    """A GitHub Actions workflow command; GitHub shows it on the PR diff at file:line.

    Values are percent-escaped as the runner expects: % CR LF everywhere, and also : and , in
    properties (file=), where they would end the value.
    """
    message = _escape_data(f"{b.target}: {b.reason}")
    return f"::error file={_escape_property(b.file)},line={b.line},title=broken link::{message}"
`;

export const githubTests = `

    def test_github_annotations(self):
        r = run("--format", "github", DOCS)
        self.assertEqual(r.returncode, 1)
        self.assertIn(
            "::error file=tests/fixtures/docs/install.md,line=5,title=broken link::"
            "#prerequisites: no heading for #prerequisites",
            r.stdout.splitlines(),
        )

    def test_annotation_escapes_values(self):
        b = Broken("docs/a,b.md", 3, "x.md#50%", "missing file")
        self.assertEqual(annotation(b), "::error file=docs/a%2Cb.md,line=3,title=broken link::x.md#50%25: missing file")
`;

export const noPathsTest = `    def test_no_paths_is_a_usage_error(self):
        self.assertEqual(run().returncode, 2)
`;

export const scanTestsNew = `

    def test_html_comments_are_skipped(self):
        path = self.write("d.md", """\\
            Keep [this](keep.md). <!-- [old](old.md) -->
            <!--
            [draft](draft.md)
            -->
            [after](after.md)
            """)
        self.assertEqual(self.targets(path), ["keep.md", "after.md"])

    def test_indented_code_is_skipped(self):
        path = self.write("e.md", """\\
            Example:

                curl [not a link](nowhere.md)

            [real](real.md)
            """)
        self.assertEqual(self.targets(path), ["real.md"])

    def test_list_continuation_is_not_code(self):
        path = self.write("g.md", """\\
            - first item
                continued, see [cont](cont.md)
            """)
        self.assertEqual(self.targets(path), ["cont.md"])

    def test_inline_code_span_is_skipped(self):
        path = self.write("f.md", "Write \`[text](target.md)\` for a link, like [this](this.md).\\n")
        self.assertEqual(self.targets(path), ["this.md"])
`;

export const fencedTestEnd = `        self.assertEqual(doc.headings, [])
        self.assertEqual([l.target for l in doc.links], ["real.md"])
`;

export const readmeUsageOld = `Each broken link is printed as \`file:line: target: reason\`; a summary (\`N files, M broken links\`)
goes to stderr.
`;

export const readmeUsageNew = `Each broken link is printed as \`file:line: target: reason\`; a summary (\`N files, M broken links\`)
goes to stderr. \`--format json\` prints a JSON list of \`{file, line, target, reason}\` instead
(handy with \`jq\`), \`--format github\` prints \`::error\` workflow commands that GitHub Actions
shows inline on the PR (see \`examples/docs-links.yml\`).

## External links

    python3 -m anchorage --external docs/

Off by default because CI runs offline. HEAD first, GET when a server refuses HEAD (403/405/501),
5 s timeout, 8 requests at a time. Results are cached in \`.anchorage-cache.sqlite\` (the path can
be changed with \`ANCHORAGE_CACHE\`): good links for 24 h, failures for 1 h. \`--no-cache\` ignores
the cache, \`--purge-cache\` empties it.
`;
