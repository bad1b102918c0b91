/**
 * Records the blind recall set: Claude Code sessions of four small projects, run with the real CLI
 * (`node_modules/.bin/claude`) against a scripted local model, so every tool really runs on this
 * machine. Transcripts are copied, as Claude Code wrote them, into
 * `bench/recall/blind/transcripts/<project>/` with a `sessions.json` manifest.
 *
 * `npx tsx bench/recall/blind/record/record.ts [project...]` (all four by default). Paths are fixed
 * (`/tmp/memtray-blind/<project>`, HOME `/tmp/memtray-blind/home`); each session runs on its own
 * scripted date (clock-shift.c).
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promptArgs, runClaude } from '../../../../tests/fixtures/record/claude-cli.js';
import { startScriptedModel, type Turn } from '../../../../tests/fixtures/record/scripted-model.js';
import { buildClockShim, clockEnv } from './clock.js';
import { projects } from './projects.js';
import type { Project, Session } from './types.js';
import { report } from './verify.js';

const ROOT = '/tmp/memtray-blind';
const HOME = join(ROOT, 'home');
const REPO = process.cwd();
const CLAUDE = join(REPO, 'node_modules', '.bin', 'claude');
const OUT = join(REPO, 'bench', 'recall', 'blind', 'transcripts');
const TOOLS = 'Bash Write Edit Read Grep Glob Agent';
/** The developer's shell: this machine's Rust toolchain (HOME is the recording's), no backtraces. */
const SHELL_ENV: NodeJS.ProcessEnv = {
  PATH: `/root/.cargo/bin:${process.env.PATH ?? '/usr/bin:/bin'}`,
  RUSTUP_HOME: process.env.RUSTUP_HOME ?? '/root/.rustup',
  CARGO_HOME: process.env.CARGO_HOME ?? '/root/.cargo',
  RUST_BACKTRACE: undefined,
};
const GITCONFIG = '[user]\n\tname = Sam Okafor\n\temail = sam@okafor.dev\n[init]\n\tdefaultBranch = main\n';

interface Planned {
  project: Project;
  session: Session;
}

interface ManifestRow {
  session: string;
  mode: string;
  sessionId: string;
  prompt: string;
}

const transcriptDir = (name: string): string =>
  join(HOME, '.claude', 'projects', join(ROOT, name).replace(/[^a-zA-Z0-9]/g, '-'));

function prepare(chosen: Project[], all: boolean): void {
  if (all) rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(join(HOME, '.claude'), { recursive: true });
  writeFileSync(join(HOME, '.gitconfig'), GITCONFIG);
  for (const p of chosen) {
    rmSync(join(ROOT, p.name), { recursive: true, force: true });
    rmSync(transcriptDir(p.name), { recursive: true, force: true });
    mkdirSync(join(ROOT, p.name), { recursive: true });
  }
}

/** Every session of the chosen projects, in the order of their dates. */
function plan(chosen: Project[]): Planned[] {
  const all = chosen.flatMap((project) =>
    project.sessions(join(ROOT, project.name)).map((session) => ({ project, session })),
  );
  return all.sort((a, b) => Date.parse(a.session.start) - Date.parse(b.session.start));
}

/** The model's turns; each prompt must match exactly one key (the prompt itself). */
function turnsOf(planned: Planned[]): Turn[] {
  const prompts = planned.flatMap((p) => p.session.prompts);
  const turns = prompts.flatMap((r) => [{ key: r.prompt, ...r.turn }, ...(r.subagents ?? [])]);
  for (const r of prompts) {
    const n = turns.filter((t) => r.prompt.includes(t.key)).length;
    if (n !== 1) throw new Error(`prompt matches ${n} turns: ${r.prompt.slice(0, 80)}`);
  }
  return turns;
}

async function runSession(
  url: string,
  shim: string,
  { project, session }: Planned,
  manifest: ManifestRow[],
): Promise<void> {
  let at = new Date(session.start);
  let id: string | undefined;
  for (const [i, prompt] of session.prompts.entries()) {
    if (i > 0) at = new Date(at.getTime() + (prompt.gapMin ?? 4) * 60_000);
    const began = Date.now();
    const r = await runClaude({
      bin: CLAUDE,
      cwd: join(ROOT, project.name),
      home: HOME,
      url,
      args: promptArgs(prompt.prompt, prompt.mode, TOOLS, id),
      env: { ...SHELL_ENV, ...clockEnv(shim, at) },
      timeoutMs: 600_000,
    });
    if (r.code !== 0)
      throw new Error(`claude exited ${r.code}: ${r.err.slice(0, 500)} ${r.out.slice(0, 500)}`);
    id = (JSON.parse(r.out) as { session_id: string }).session_id;
    at = new Date(at.getTime() + (Date.now() - began));
    manifest.push({ session: session.label, mode: prompt.mode, sessionId: id, prompt: prompt.prompt });
    process.stderr.write(`${session.label} #${i + 1} (${prompt.mode}) -> ${id}\n`);
  }
}

function copyOut(project: Project, manifest: ManifestRow[]): void {
  const out = join(OUT, project.name);
  rmSync(out, { recursive: true, force: true });
  cpSync(transcriptDir(project.name), out, { recursive: true });
  writeFileSync(join(out, 'sessions.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  const chosen = names.length ? projects.filter((p) => names.includes(p.name)) : projects;
  if (chosen.length !== (names.length || projects.length))
    throw new Error(`unknown project in ${names.join(' ')}`);
  prepare(chosen, names.length === 0);
  const shim = buildClockShim(ROOT);
  const planned = plan(chosen);
  const model = await startScriptedModel(turnsOf(planned), { checkResults: true });
  const manifests = new Map<string, ManifestRow[]>(chosen.map((p) => [p.name, []]));
  try {
    for (const p of planned) await runSession(model.url, shim, p, manifests.get(p.project.name)!);
  } finally {
    await model.close();
  }
  if (model.unmatched.length > 0) throw new Error(`unscripted prompts: ${model.unmatched.join(' | ')}`);
  for (const p of chosen) copyOut(p, manifests.get(p.name)!);
  const ok = report(OUT, chosen, manifests);
  if (model.mismatches.length > 0)
    throw new Error(`calls that contradict their script:\n${model.mismatches.join('\n')}`);
  if (!ok) throw new Error('some sessions are out of the intended size (see above)');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
