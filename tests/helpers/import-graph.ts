/**
 * The import graph of the TypeScript sources, read statically: every `import`/`export … from` and
 * dynamic `import('…')` with a relative specifier or one of the renderer's aliases (`@/…` is
 * renderer/src, `@shared/…` electron/shared), resolved to a file (`./x.js` → `x.ts`). Type-only
 * imports count: a cycle of types is still a cycle a reader has to untangle. Used by
 * tests/lint/cycles.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export type Graph = Map<string, Set<string>>;

const LOCAL = String.raw`(?:\.|@/|@shared/)[^'"]+`;
const SPECIFIER = new RegExp(
  String.raw`(?:^|\n)\s*(?:import|export)\b[^;'"]*?from\s*['"](${LOCAL})['"]|import\(\s*['"](${LOCAL})['"]\s*\)|(?:^|\n)\s*import\s*['"](${LOCAL})['"]`,
  'g',
);
/** The renderer's aliases (tsconfig.web.json `paths`), relative to the repository's root. */
const ALIASES: Array<[string, string]> = [
  ['@/', 'renderer/src/'],
  ['@shared/', 'electron/shared/'],
];

function sources(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function resolveSpecifier(root: string, from: string, spec: string): string | null {
  const alias = ALIASES.find(([prefix]) => spec.startsWith(prefix));
  const base = alias ? join(root, alias[1], spec.slice(alias[0].length)) : resolve(dirname(from), spec);
  const stem = base.replace(/\.(m?js|tsx?)$/, '');
  for (const c of [`${stem}.ts`, `${stem}.tsx`, join(stem, 'index.ts')]) if (existsSync(c)) return c;
  return null;
}

/** Every source file under `dirs` (paths relative to `root`) with the files it imports. */
export function importGraph(root: string, dirs: string[]): Graph {
  const g: Graph = new Map();
  for (const dir of dirs)
    for (const file of sources(join(root, dir))) {
      const deps = new Set<string>();
      for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const target = resolveSpecifier(root, file, (m[1] ?? m[2] ?? m[3])!);
        if (target) deps.add(relative(root, target));
      }
      g.set(relative(root, file), deps);
    }
  return g;
}

/** The graph of folders: an edge wherever a file of one imports a file of another. */
export function folderGraph(g: Graph, folderOf: (file: string) => string | null): Graph {
  const out: Graph = new Map();
  for (const [file, deps] of g) {
    const from = folderOf(file);
    if (from === null) continue;
    if (!out.has(from)) out.set(from, new Set());
    for (const d of deps) {
      const to = folderOf(d);
      if (to !== null && to !== from) out.get(from)!.add(to);
    }
  }
  return out;
}

/** The strongly connected components with more than one node (Tarjan): each is a cycle. */
export function cycles(g: Graph): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of g.keys()) if (!idx.has(v)) visit(v);
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
