/**
 * The layer rules of eslint.config.js fire: each forbidden import, linted as if it were a file of the
 * layer it would break, is reported by its own rule (or its own zone of import-x/no-restricted-paths,
 * told apart by the zone's message), and the imports the layers rely on pass. Removing a rule or a
 * zone fails this file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

interface Problem {
  rule: string | null;
  message: string;
}

async function lint(file: string, code: string): Promise<Problem[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: join(root, file) });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

const ZONE = 'import-x/no-restricted-paths';
const SDK_RULE = '@typescript-eslint/no-restricted-imports';
const MSG = {
  renderer: 'The renderer imports only electron/shared',
  shared: 'electron/shared is part of the renderer',
  core: 'The core never imports the Electron shell',
  plugin: 'A plugin imports no other plugin and not the service',
  layer: 'The core layers import no plugin and no host',
  cli: 'Nothing imports the CLI',
  foundation: 'db/, config/ and util/ import only each other',
  sharedUi: 'Shared renderer code (components/, api/, router/, test/, format.ts) imports no feature',
  appInternals: 'The app imports a feature through its index.ts',
  featureApp: 'A feature never imports the app',
  feature: 'A feature imports another feature only through its index.ts',
};

/** [layer, file it is linted as, code, rule, message fragment] */
const forbidden: Array<[string, string, string, string, string]> = [
  [
    'renderer → core',
    'renderer/src/features/search/X.tsx',
    "import '../../../../electron/core/core.js';",
    ZONE,
    MSG.renderer,
  ],
  ['renderer → main', 'renderer/src/X.ts', "import '../../electron/main/tray.js';", ZONE, MSG.renderer],
  ['renderer → tests', 'renderer/src/X.ts', "import '../../tests/helpers/service.js';", ZONE, MSG.renderer],
  [
    'renderer → node:fs',
    'renderer/src/X.ts',
    "import { readdirSync, readFileSync } from 'node:fs';",
    'import-x/no-nodejs-modules',
    'Do not import Node.js builtin module',
  ],
  [
    'renderer → electron',
    'renderer/src/X.ts',
    "import { ipcRenderer } from 'electron';",
    'no-restricted-imports',
    'through the preload only',
  ],
  [
    'renderer → main, through @shared/',
    'renderer/src/X.ts',
    "import '@shared/../main/tray.js';",
    ZONE,
    MSG.renderer,
  ],
  [
    "feature → another feature's internals",
    'renderer/src/features/recent/components/X.tsx',
    "import { SearchFilters } from '@/features/search/components/SearchFilters';",
    ZONE,
    MSG.feature,
  ],
  [
    "feature → another feature's internals, relative",
    'renderer/src/features/search/components/X.tsx',
    "import '../../sessions/components/SessionList';",
    ZONE,
    MSG.feature,
  ],
  ['feature → app', 'renderer/src/features/search/X.tsx', "import '@/app/useHashTab';", ZONE, MSG.featureApp],
  ['feature → App.tsx', 'renderer/src/features/recent/X.tsx', "import '@/App';", ZONE, MSG.featureApp],
  [
    "app → a feature's internals",
    'renderer/src/App.tsx',
    "import '@/features/search/components/Search';",
    ZONE,
    MSG.appInternals,
  ],
  [
    'components → feature',
    'renderer/src/components/X.tsx',
    "import '@/features/search';",
    ZONE,
    MSG.sharedUi,
  ],
  ['api → app', 'renderer/src/api/X.ts', "import '@/App';", ZONE, MSG.sharedUi],
  ['router → feature', 'renderer/src/router/X.ts', "import '../features/recent';", ZONE, MSG.sharedUi],
  ['format.ts → feature', 'renderer/src/format.ts', "import '@/features/health';", ZONE, MSG.sharedUi],
  ['shared → core', 'electron/shared/x.ts', "import '../core/core.js';", ZONE, MSG.shared],
  [
    'shared → node:path',
    'electron/shared/x.ts',
    "import { join } from 'node:path';",
    'import-x/no-nodejs-modules',
    'Do not import Node.js builtin module',
  ],
  ['core → main', 'electron/core/server/x.ts', "import '../../main/tray.js';", ZONE, MSG.core],
  ['core → preload', 'electron/core/x.ts', "import '../preload/index.js';", ZONE, MSG.core],
  [
    'core → renderer',
    'electron/core/recall/x.ts',
    "import '../../../renderer/src/format.js';",
    ZONE,
    MSG.core,
  ],
  [
    'core → electron',
    'electron/core/util/x.ts',
    "import { app } from 'electron';",
    'no-restricted-imports',
    'The core never imports electron',
  ],
  [
    'plugin → service',
    'electron/core/capture/x.ts',
    "import type { Service } from '../service.js';",
    ZONE,
    MSG.plugin,
  ],
  ['plugin → features', 'electron/core/recall/x.ts', "import '../features.js';", ZONE, MSG.plugin],
  ['plugin → mcp', 'electron/core/compress/x.ts', "import '../mcp/tools.js';", ZONE, MSG.plugin],
  ['layer → plugin', 'electron/core/ingest/x.ts', "import '../compress/rules.js';", ZONE, MSG.layer],
  [
    'service → recall',
    'electron/core/service.ts',
    "import { ContextBuilder } from './recall/context.js';",
    ZONE,
    MSG.layer,
  ],
  ['layer → service', 'electron/core/server/routes/x.ts', "import '../../service.js';", ZONE, MSG.layer],
  [
    'memories → compress',
    'electron/core/memories/x.ts',
    "import '../compress/rules-util.js';",
    ZONE,
    MSG.layer,
  ],
  ['features → cli', 'electron/core/features.ts', "import './cli/main.js';", ZONE, MSG.cli],
  ['main → cli', 'electron/main/x.ts', "import '../core/cli/main.js';", ZONE, MSG.cli],
  ['db → ingest', 'electron/core/db/x.ts', "import '../ingest/ingestor.js';", ZONE, MSG.foundation],
  ['db → maintenance', 'electron/core/db/x.ts', "import '../maintenance/plugin.js';", ZONE, MSG.foundation],
  ['config → server', 'electron/core/config/x.ts', "import '../server/http.js';", ZONE, MSG.foundation],
  ['util → settings', 'electron/core/util/x.ts', "import '../settings/store.js';", ZONE, MSG.foundation],
  // Loaded on first use (util/sdks.ts): a top-level import costs every process its memory.
  [
    'core → @anthropic-ai/sdk at the top',
    'electron/core/compress/x.ts',
    "import Anthropic from '@anthropic-ai/sdk';",
    SDK_RULE,
    'util/sdks.ts',
  ],
  [
    'core → openai at the top',
    'electron/core/recall/x.ts',
    "import OpenAI from 'openai';",
    SDK_RULE,
    'util/sdks.ts',
  ],
  [
    'core → MCP SDK at the top',
    'electron/core/mcp/x.ts',
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    SDK_RULE,
    'import() where it is used',
  ],
];

/** [layer, file, code]: imports the layers rely on. */
const allowed: Array<[string, string, string]> = [
  [
    'renderer → shared, react',
    'renderer/src/features/search/X.tsx',
    "export type { LiveEvent } from '../../../../electron/shared/api.js';\nexport { useState } from 'react';",
  ],
  [
    "feature → its own files, another feature's index, shared code",
    'renderer/src/features/recent/components/X.tsx',
    "export { useRecent } from '../api/useRecent';\nexport { SearchView } from '@/features/search';\nexport { Chip } from '@/components/ui';\nexport { useApi } from '@/api/context';\nexport type { LiveEvent } from '@shared/api';",
  ],
  [
    'app → feature index, shared code',
    'renderer/src/app/X.tsx',
    "export { HealthView } from '@/features/health';\nexport { useNavGuard } from '@/router/guard';\nexport { num } from '@/format';",
  ],
  [
    'main → core, shared',
    'electron/main/x.ts',
    "export { startService } from '../core/service.js';\nimport '../shared/ipc.js';",
  ],
  [
    'plugin → layers below',
    'electron/core/capture/x.ts',
    "export type { ServicePlugin } from '../server/service-plugin.js';\nexport { DEFAULT_PORT } from '../server/listen.js';\nexport { classifyStorageError } from '../db/storage.js';",
  ],
  [
    'features → plugins, config',
    'electron/core/features.ts',
    "export { recallPlugin } from './recall/plugin.js';\nexport { packageRoot } from './config/env.js';",
  ],
  [
    'cli → service, mcp',
    'electron/core/cli/x.ts',
    "export { startService } from '../service.js';\nimport '../mcp/server.js';",
  ],
  [
    'core → provider SDK types, util/sdks.ts',
    'electron/core/compress/x.ts',
    "import type Anthropic from '@anthropic-ai/sdk';\nimport type OpenAI from 'openai';\nexport { loadOpenAi } from '../util/sdks.js';\nexport type { A, O };\ntype A = Anthropic;\ntype O = OpenAI;",
  ],
  [
    'config → db, util',
    'electron/core/config/x.ts',
    "export { findMigrationsDir } from '../db/open.js';\nimport '../util/clock.js';",
  ],
];

/** The renderer's features, and for each one file that is not its index.ts. */
const uiFeatures = readdirSync(join(root, 'renderer/src/features')).map((name) => {
  const dir = join(root, 'renderer/src/features', name, 'components');
  const file = readdirSync(dir).find((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))!;
  return { name, internal: `@/features/${name}/components/${file.replace(/\.tsx$/, '')}` };
});

/** The plugin folders, as features.ts wires them in. */
const plugins = [
  ...readFileSync(join(root, 'electron/core/features.ts'), 'utf8').matchAll(/from '\.\/(\w+)\/plugin\.js'/g),
].map((m) => m[1]!);

describe('layer rules (eslint.config.js)', () => {
  it.each(forbidden)('%s is reported', async (_name, file, code, rule, fragment) => {
    const problems = await lint(file, code);
    expect(problems).toContainEqual({ rule, message: expect.stringContaining(fragment) });
  });

  it('plugins wired in features.ts never import each other', async () => {
    expect(plugins).toEqual(expect.arrayContaining(['capture', 'compress', 'maintenance', 'recall']));
    for (const [i, plugin] of plugins.entries()) {
      const other = plugins[(i + 1) % plugins.length]!;
      const problems = await lint(`electron/core/${plugin}/x.ts`, `import '../${other}/plugin.js';`);
      expect(problems, `${plugin} → ${other}`).toContainEqual({
        rule: ZONE,
        message: expect.stringContaining(MSG.plugin),
      });
    }
  });

  it("no renderer feature imports another feature's internals", async () => {
    expect(uiFeatures.map((f) => f.name)).toEqual(expect.arrayContaining(['recent', 'search', 'sessions']));
    for (const [i, { name }] of uiFeatures.entries()) {
      const other = uiFeatures[(i + 1) % uiFeatures.length]!;
      const problems = await lint(
        `renderer/src/features/${name}/components/X.tsx`,
        `import '${other.internal}';`,
      );
      expect(problems, `${name} → ${other.internal}`).toContainEqual({
        rule: ZONE,
        message: expect.stringContaining(MSG.feature),
      });
    }
  });

  it.each(allowed)('%s passes', async (_name, file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });
});
