/**
 * No import cycles: between files anywhere in the sources, and between the folders of the core
 * (`electron/core/<folder>/`; a file at the core's root counts as its own folder). A cycle means
 * neither side can be read, tested or moved without the other; the layer rules in eslint.config.js
 * forbid the imports that cross layers, this forbids the ones inside a layer.
 */
import { describe, expect, it } from 'vitest';
import { cycles, folderGraph, importGraph, type Graph } from '../helpers/import-graph.js';

const graph = importGraph(process.cwd(), ['electron', 'renderer/src', 'hooks']);

/** The core folder of a file (`ingest`), the file itself at the core's root, null outside the core. */
function coreFolder(file: string): string | null {
  if (!file.startsWith('electron/core/')) return null;
  const m = /^electron\/core\/([^/]+)\//.exec(file);
  return m ? m[1]! : file;
}

describe('import cycles', () => {
  it('reads the whole tree', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('electron/core/service.ts')).toContain('electron/core/core.ts');
    // The renderer's aliases are followed: `@/features/search` and `@shared/api`.
    expect(graph.get('renderer/src/App.tsx')).toContain('renderer/src/features/search/index.ts');
    expect(graph.get('renderer/src/api/context.tsx')).toContain('electron/shared/api.ts');
  });

  it('no two files import each other, directly or around a loop', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('no two folders of the core import each other', () => {
    expect(cycles(folderGraph(graph, coreFolder))).toEqual([]);
  });

  it('finds a cycle when there is one, and names its members', () => {
    const g: Graph = new Map([
      ['a.ts', new Set(['b.ts'])],
      ['b.ts', new Set(['c.ts'])],
      ['c.ts', new Set(['a.ts'])],
      ['d.ts', new Set(['a.ts'])],
    ]);
    expect(cycles(g)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    const folders = folderGraph(
      new Map([
        ['electron/core/x/one.ts', new Set(['electron/core/y/two.ts'])],
        ['electron/core/y/two.ts', new Set(['electron/core/y/three.ts'])],
        ['electron/core/y/three.ts', new Set(['electron/core/x/four.ts'])],
        ['electron/core/x/four.ts', new Set<string>()],
      ]),
      coreFolder,
    );
    expect(cycles(folders)).toEqual([['x', 'y']]);
  });
});
