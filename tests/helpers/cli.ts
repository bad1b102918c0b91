/** Spawns the real `memtray` CLI (bin/memtray.mjs → dist/cli.mjs). */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const MEMTRAY_BIN = join(process.cwd(), 'bin', 'memtray.mjs');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number; cwd?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MEMTRAY_BIN, ...args], {
      env: { ...process.env, ...opts.env },
      ...(opts.cwd !== undefined ? { cwd: opts.cwd } : {}),
      stdio: 'pipe',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** Starts `memtray serve` and resolves once it prints its URL. */
export function startServe(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  /** Node's own options, before the script (`--require`, V8 flags). */
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, MEMTRAY_BIN, 'serve', ...args], {
      env: { ...process.env, ...env },
      stdio: 'pipe',
    });
    let out = '';
    const onData = (c: Buffer): void => {
      out += c.toString();
      const m = /MemTray is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve({ child, url: m[1]!, output: () => out });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited early (${code}): ${out}`)));
    setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 20_000).unref();
  });
}

/**
 * Stops a process a test started (SIGTERM) and waits until it has exited, so its data dir, removed
 * when the test file ends, is no longer being written. Nothing to do when it has exited already.
 */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((res) => child.once('exit', res));
  child.kill('SIGTERM');
  await exited;
}

/** An MCP SDK client connected over stdio to a real `memtray mcp` on `dataDir`. */
export async function connectMcp(dataDir: string, name = 'memtray-test', cwd?: string): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [MEMTRAY_BIN, 'mcp', '--data-dir', dataDir],
      stderr: 'pipe',
      ...(cwd !== undefined ? { cwd } : {}),
    }),
  );
  return client;
}
