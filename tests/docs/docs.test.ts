/**
 * The docs check: the generated reference matches the code, every route, setting, environment
 * variable and agent is documented and nothing documented is gone, links resolve, the routes and
 * commands the docs name exist, and the README's commands run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, staleFiles } from '../../scripts/docs-reference.js';
import { cliHelp, routeFacts, type RouteFact } from '../../scripts/docs-sources.js';
import {
  ROOT,
  brokenLinks,
  commandsNamed,
  markdownFiles,
  readmeCommands,
  routesNamed,
} from './docs-links.js';

const read = (f: string): string => readFileSync(join(ROOT, f), 'utf8');

describe('docs', () => {
  let routes: RouteFact[];
  let help: ReturnType<typeof cliHelp>;
  beforeAll(async () => {
    routes = await routeFacts();
    help = cliHelp();
  });

  it('the generated reference and README blocks are current, and cover the code exactly', async () => {
    const { files, problems } = await generate();
    expect(problems).toEqual([]);
    expect(staleFiles(files), 'run: npx tsx scripts/docs-reference.ts').toEqual([]);
  });

  it('every internal link resolves, to a file and a heading', () => {
    expect(markdownFiles().flatMap(brokenLinks)).toEqual([]);
  });

  it('every route the docs name exists', () => {
    const patterns = routes.map((r) => ({
      method: r.method,
      re: new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
    }));
    const unknown: string[] = [];
    for (const f of markdownFiles()) {
      for (const named of routesNamed(read(f))) {
        const [method, path] = named.split(' ') as [string, string];
        const concrete = path.replace(/<[^>]+>/g, 'x').replace(/\{[^}]+\}/g, 'x');
        if (!patterns.some((p) => p.method === method && p.re.test(concrete))) unknown.push(`${f}: ${named}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('every `memtray` command and flag the docs name exists', () => {
    const unknown: string[] = [];
    for (const f of markdownFiles()) {
      for (const c of commandsNamed(read(f))) {
        if (!help.commands.includes(c.command)) unknown.push(`${f}: memtray ${c.command} (${c.line})`);
        for (const flag of c.flags) {
          if (!help.flags.includes(flag)) unknown.push(`${f}: ${flag} (${c.line})`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });

  it('the README is short and names no project history', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(150);
    const narrating = markdownFiles()
      .filter((f) => f !== 'CHANGELOG.md')
      .filter((f) => /\bissue #?\d+|\b(first|second|third|[a-z]+th) pass\b/i.test(read(f)));
    expect(narrating).toEqual([]);
  });

  it('the benchmarks page names a results file that exists', () => {
    const md = read('docs/benchmarks.md');
    const results = /\]\(\.\.\/(bench\/results\/[^)]+\.json)\)/.exec(md)?.[1];
    expect(results).toBeDefined();
    expect(() => read(results!)).not.toThrow();
  });

  it("the README's npm commands are scripts of package.json (CI runs `npm ci` and `npm test`)", () => {
    const scripts = Object.keys(
      (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
    );
    const named = [...read('README.md').matchAll(/\bnpm (?:run )?([a-z][a-z:-]*)/g)]
      .map((m) => m[1]!)
      .filter((n) => n !== 'install' && n !== 'ci');
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((n) => !scripts.includes(n))).toEqual([]);
  });

  describe("the README's commands run", () => {
    let home: string;
    beforeAll(() => {
      home = mkdtempSync(join(tmpdir(), 'memtray-docs-readme-'));
    });
    afterAll(() => rmSync(home, { recursive: true, force: true }));

    const commands = readmeCommands(read('README.md'));
    it('the README shows commands', () => expect(commands.length).toBeGreaterThan(3));
    for (const line of commands) {
      it(line, () => {
        const args = [...line.slice('npx memtray '.length).matchAll(/"([^"]*)"|(\S+)/g)].map(
          (m) => m[1] ?? m[2]!,
        );
        const env = { PATH: process.env.PATH ?? '', HOME: home, MEMTRAY_DATA_DIR: join(home, 'data') };
        const r = spawnSync(process.execPath, [join(ROOT, 'bin/memtray.mjs'), ...args], {
          env,
          encoding: 'utf8',
          cwd: home,
        });
        expect(r.stderr).not.toMatch(/unknown (command|option)/i);
        // `hooks status` exits 3 when it finds a problem: here, no service is running.
        const allowed = args[0] === 'hooks' && args[1] === 'status' ? [0, 3] : [0];
        expect(allowed, `${line}: exit ${r.status}\n${r.stdout}${r.stderr}`).toContain(r.status);
      });
    }
  });
});
