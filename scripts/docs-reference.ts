/**
 * Generates docs/reference/ (HTTP API, CLI, settings, environment, data dir, events) from the code,
 * and the generated blocks of the README (the agents table; the headline numbers, read from
 * docs/benchmarks.md; the recall figure) and of docs/explanation/search-and-recall.md (the recall
 * table, read from the newest bench/results/*-recall.json). Deterministic: the same code and
 * results give the same bytes.
 *
 *   npx tsx scripts/docs-reference.ts           write the files
 *   npx tsx scripts/docs-reference.ts --check   exit 1 and name the files that are stale
 *
 * Needs dist/cli.mjs (`npm run build:node`) for the CLI's help.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'prettier';
import { AGENT_IDS } from '../electron/shared/contract/agents.js';
import { headlineTable } from './docs-headline.js';
import { latestRecall, recallSentence, recallTable } from './docs-recall.js';
import {
  ROOT,
  agentEventFacts,
  cliHelp,
  dataDirFacts,
  envFacts,
  hookEventFacts,
  liveEventFacts,
  routeFacts,
  settingFacts,
} from './docs-sources.js';
import {
  coverageProblems,
  renderAgentsTable,
  renderCli,
  renderDataDir,
  renderEnvironment,
  renderEvents,
  renderHttp,
  renderSettings,
} from './docs-render.js';

/** Replaces the text between `<!-- NAME:start -->` and `<!-- NAME:end -->`. */
export function fillBlock(doc: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i < 0 || j < i) throw new Error(`no ${start} … ${end} block`);
  return `${doc.slice(0, i + start.length)}\n\n${body}\n\n${doc.slice(j)}`;
}

/** Every generated file (path relative to the repo → content), and what the code has that the prose lacks. */
export async function generate(): Promise<{ files: Map<string, string>; problems: string[] }> {
  const [routes, help, settings, env, data] = [
    await routeFacts(),
    cliHelp(),
    settingFacts(),
    envFacts(),
    dataDirFacts(),
  ];
  const problems = coverageProblems({
    routes,
    settings,
    env,
    dataFiles: data.map((d) => d.key),
    agents: [...AGENT_IDS],
  });
  const raw = new Map<string, string>([
    ['docs/reference/http-api.md', renderHttp(routes)],
    ['docs/reference/cli.md', renderCli(help)],
    ['docs/reference/settings.md', renderSettings(settings)],
    ['docs/reference/environment.md', renderEnvironment(env)],
    ['docs/reference/data-dir.md', renderDataDir(data)],
    ['docs/reference/events.md', renderEvents(hookEventFacts(), agentEventFacts(), liveEventFacts())],
  ]);
  let readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  readme = fillBlock(readme, 'agents', renderAgentsTable(AGENT_IDS));
  readme = fillBlock(
    readme,
    'numbers',
    headlineTable(readFileSync(join(ROOT, 'docs/benchmarks.md'), 'utf8')),
  );
  const recall = latestRecall(ROOT);
  readme = fillBlock(readme, 'recall', recallSentence(recall.result, recall.path));
  raw.set('README.md', readme);
  const searchPage = 'docs/explanation/search-and-recall.md';
  raw.set(
    searchPage,
    fillBlock(
      readFileSync(join(ROOT, searchPage), 'utf8'),
      'recall',
      recallTable(recall.result, recall.path),
    ),
  );
  const files = new Map<string, string>();
  for (const [path, text] of raw) files.set(path, await format(text, { filepath: join(ROOT, path) }));
  return { files, problems };
}

/** The generated files whose checked-in content differs from what the code generates now. */
export function staleFiles(files: Map<string, string>): string[] {
  const stale: string[] = [];
  for (const [path, text] of files) {
    let current = '';
    try {
      current = readFileSync(join(ROOT, path), 'utf8');
    } catch {
      current = '';
    }
    if (current !== text) stale.push(path);
  }
  return stale;
}

async function main(): Promise<number> {
  const { files, problems } = await generate();
  for (const p of problems) process.stderr.write(`docs: ${p}\n`);
  if (process.argv.includes('--check')) {
    const stale = staleFiles(files);
    for (const s of stale)
      process.stderr.write(`docs: ${s} is stale (run npx tsx scripts/docs-reference.ts)\n`);
    return stale.length > 0 || problems.length > 0 ? 1 : 0;
  }
  for (const [path, text] of files) writeFileSync(join(ROOT, path), text);
  process.stderr.write(`wrote ${[...files.keys()].join(', ')}\n`);
  return problems.length > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
