/** Helpers of the docs check: the Markdown files, their links and headings, the commands they show. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** README.md, CHANGELOG.md and every Markdown file under docs/. */
export function markdownFiles(): string[] {
  const out = ['README.md', 'CHANGELOG.md'];
  const walk = (dir: string): void => {
    for (const f of readdirSync(join(ROOT, dir)).sort()) {
      const p = join(dir, f);
      if (statSync(join(ROOT, p)).isDirectory()) walk(p);
      else if (f.endsWith('.md')) out.push(p);
    }
  };
  walk('docs');
  return out;
}

/** Markdown without its fenced code blocks and inline code (links there are not links). */
function prose(md: string): string {
  return md.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

export function anchors(md: string): Set<string> {
  const out = new Set<string>();
  for (const m of md.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)) out.add(slug(m[1]!));
  return out;
}

/** Links in a file that do not resolve: a missing file, or a missing heading for `#anchor`. */
export function brokenLinks(file: string): string[] {
  const md = readFileSync(join(ROOT, file), 'utf8');
  const broken: string[] = [];
  for (const m of prose(md).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]!;
    if (/^[a-z]+:/i.test(target)) continue;
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const abs = path === '' ? join(ROOT, file) : resolve(join(ROOT, dirname(file)), path);
    if (!existsSync(abs)) {
      broken.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (anchor && abs.endsWith('.md') && !anchors(readFileSync(abs, 'utf8')).has(anchor)) {
      broken.push(`${file}: ${target} (no heading #${anchor} in ${relative(ROOT, abs)})`);
    }
  }
  return broken;
}

/** `GET /api/…` style routes named in a file's text, query strings dropped. */
export function routesNamed(md: string): string[] {
  return [...md.matchAll(/\b(GET|POST|PUT|DELETE|PATCH) (\/[A-Za-z0-9_/:<>.{}-]*)/g)].map(
    (m) => `${m[1]} ${m[2]!.replace(/[.]$/, '')}`,
  );
}

/** `memtray <command>` invocations named in a file: the command word and the `--flags` on that line. */
export function commandsNamed(md: string): Array<{ command: string; flags: string[]; line: string }> {
  const out: Array<{ command: string; flags: string[]; line: string }> = [];
  for (const line of md.split('\n')) {
    for (const m of line.matchAll(/(?:^|[\s`(])(?:npx )?memtray ([a-z][a-z-]*)([^`#|)]*)/g)) {
      const flags = [...m[2]!.matchAll(/(--[a-z][a-z-]*)/g)].map((f) => f[1]!);
      out.push({ command: m[1]!, flags, line: line.trim() });
    }
  }
  return out;
}

/** The shell lines of the README's ```sh blocks that run `npx memtray`, comments dropped. */
export function readmeCommands(md: string): string[] {
  const out: string[] = [];
  for (const block of md.matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
    for (const raw of block[1]!.split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').trim();
      if (line.startsWith('npx memtray ')) out.push(line);
    }
  }
  return out;
}
