import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

// Layers (docs/DEVELOPING.md, "Layers"): imports point one way. Checked on resolved files by
// import-x/no-restricted-paths; tests/lint/layers.test.ts proves each zone fires.
const root = dirname(fileURLToPath(import.meta.url));
const CORE = 'electron/core';
const coreDirs = readdirSync(join(root, CORE), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** Feature plugins: the core's folders that hold a ServicePlugin (`plugin.ts`), wired in by features.ts. */
const PLUGINS = ['capture', 'compress', 'maintenance', 'recall', 'sync'];
/** Hosts: they wire the plugins in (the CLI, the MCP server, features.ts). */
const HOSTS = ['cli', 'mcp', 'features.ts'];
/** The bottom of the core: these import only each other. */
const FOUNDATION = ['db', 'config', 'util'];
/** The rest of the core (ingest, server, store, …, core.ts, service.ts): below the plugins. */
const LAYERS = [
  ...coreDirs.filter((d) => ![...PLUGINS, ...HOSTS, ...FOUNDATION].includes(d)),
  'core.ts',
  'service.ts',
];
const core = (p) => `./${CORE}/${p}`;

// The renderer (docs/DEVELOPING.md, "The renderer"): the app (App.tsx, main.tsx, app/) on top, then
// the features (one folder per tab or part), then what they share (components/, api/, router/, …).
const UI = 'renderer/src';
const ui = (p) => `./${UI}/${p}`;
const FEATURES = readdirSync(join(root, UI, 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const APP = ['app', 'App.tsx', 'main.tsx'].map(ui);
const SHARED_UI = ['components', 'api', 'router', 'test', 'format.ts'].map(ui);
const rendererZones = [
  {
    target: SHARED_UI,
    from: [ui('features'), ...APP],
    message:
      'Shared renderer code (components/, api/, router/, test/, format.ts) imports no feature and not the app.',
  },
  {
    target: APP,
    from: ui('features'),
    except: FEATURES.map((f) => `./${f}/index.ts`),
    message: 'The app imports a feature through its index.ts (`@/features/<name>`), never its internals.',
  },
  {
    target: ui('features'),
    from: APP,
    message: 'A feature never imports the app (App.tsx, main.tsx, app/): the app composes the features.',
  },
  ...FEATURES.map((feature) => ({
    target: ui(`features/${feature}`),
    from: ui('features'),
    except: [`./${feature}`, ...FEATURES.filter((f) => f !== feature).map((f) => `./${f}/index.ts`)],
    message:
      'A feature imports another feature only through its index.ts (`@/features/<name>`), never its internals.',
  })),
];

const zones = [
  {
    target: './renderer',
    from: '.',
    except: ['./renderer', './electron/shared', './node_modules'],
    message: 'The renderer imports only electron/shared (and npm packages).',
  },
  {
    target: './electron/shared',
    from: '.',
    except: ['./electron/shared', './node_modules'],
    message: 'electron/shared is part of the renderer: it imports nothing of the app.',
  },
  {
    target: `./${CORE}`,
    from: ['./electron/main', './electron/preload', './renderer'],
    message: 'The core never imports the Electron shell, the preload or the renderer.',
  },
  ...PLUGINS.map((plugin) => ({
    target: core(plugin),
    from: [...PLUGINS.filter((p) => p !== plugin), ...HOSTS, 'service.ts'].map(core),
    message:
      'A plugin imports no other plugin and not the service (its type and the port are in server/): move shared code down a layer.',
  })),
  {
    target: LAYERS.map(core),
    from: [...PLUGINS, ...HOSTS, 'service.ts'].map(core),
    message: 'The core layers import no plugin and no host (features.ts, service.ts, cli/, mcp/).',
  },
  {
    target: ['./electron/main', ...coreDirs.filter((d) => d !== 'cli').map(core), core('*.ts')],
    from: core('cli'),
    message: 'Nothing imports the CLI: it is a host on top; what others need lives in config/ or below.',
  },
  {
    target: FOUNDATION.map(core),
    from: `./${CORE}`,
    except: FOUNDATION.map((d) => `./${d}`),
    message: 'db/, config/ and util/ import only each other.',
  },
  ...rendererZones,
];

const browserOnly = {
  'import-x/no-nodejs-modules': 'error',
  'no-restricted-imports': [
    'error',
    { paths: [{ name: 'electron', message: 'The renderer talks to the shell through the preload only.' }] },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'out',
      'dist',
      'release',
      'test-results',
      'playwright-report',
      'bin/*.cjs',
      // The blind recall set's recorded projects: their own code (Node service, scripts), written as data.
      'bench/recall/blind/record/*/files/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['electron/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript sources are imported as `./x.js`: resolve them to the `.ts` file.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          // The renderer's aliases (tsconfig.web.json `paths`).
          alias: { '@': [join(root, 'renderer/src')], '@shared': [join(root, 'electron/shared')] },
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
  },
  { files: ['renderer/**/*.{ts,tsx}', 'electron/shared/**/*.ts'], rules: browserOnly },
  {
    files: ['electron/core/**/*.ts', 'hooks/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'The core never imports electron.' }] },
      ],
    },
  },
  {
    // Heavy packages most processes never call are loaded on first use (util/sdks.ts, mcp/server.ts):
    // a top-level import would cost every `memtray` process and the tray its resident memory.
    files: ['electron/core/**/*.ts'],
    ignores: ['electron/core/util/sdks.ts', 'electron/core/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@anthropic-ai/sdk', 'openai'].map((name) => ({
            name,
            message: 'Load provider SDKs with util/sdks.ts (type imports are fine).',
            allowTypeImports: true,
          })),
          patterns: [
            {
              group: ['@modelcontextprotocol/sdk/*'],
              message: 'Import the MCP SDK with import() where it is used (mcp/server.ts).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // electron-vite bundles the main process as ESM and, when the code names `require`, injects
    // CommonJS shims after what it takes for the last import: it can land inside a string and break
    // the build. A module's own resolver gets another name (`createRequire(import.meta.url)`).
    files: ['electron/**/*.ts'],
    rules: { 'id-denylist': ['error', 'require', '__dirname', '__filename'] },
  },
  {
    // Functions small enough to read in one sitting: a longer one is split into named steps.
    // statements.ts is a table of prepared statements, one entry per statement, not a procedure.
    files: ['electron/**/*.ts', 'hooks/**/*.ts'],
    ignores: ['**/*.test.ts', 'electron/core/ingest/statements.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
