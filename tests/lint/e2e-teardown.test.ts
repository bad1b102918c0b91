/**
 * Browser specs never leave a service behind: each starts its services through the fixtures
 * (`svc`, `ownServe`), whose teardown stops them and removes their data dir when a test fails too.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { tempDir } from '../helpers/service.js';

const SPECS = join(process.cwd(), 'tests', 'e2e', 'ui');

it('every browser spec starts its services through the fixtures, never with serve() itself', () => {
  const direct = readdirSync(SPECS)
    .filter((f) => f.endsWith('.spec.ts'))
    .filter((f) => /\bserve\(/.test(readFileSync(join(SPECS, f), 'utf8')));
  expect(direct).toEqual([]);
});

it("a failing test's own services are stopped and their data dir removed", async () => {
  const out = tempDir('memtray-e2e-probe-');
  const r = spawnSync(
    process.execPath,
    [
      'node_modules/@playwright/test/cli.js',
      'test',
      '-c',
      'tests/fixtures/e2e-teardown/playwright.config.ts',
    ],
    { encoding: 'utf8', env: { ...process.env, MEMTRAY_E2E_PROBE_OUT: out } },
  );
  const log = `${r.stdout}${r.stderr}`;
  expect(r.status, log).toBe(1);
  expect(log).toContain('failing on purpose, after the services started');
  const started = JSON.parse(readFileSync(join(out, 'started.json'), 'utf8')) as {
    dataDir: string;
    port: number;
  };
  expect(existsSync(started.dataDir)).toBe(false);
  const refused = await new Promise<boolean>((resolve) => {
    const socket = connect(started.port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
  expect(refused, `nothing listens on ${started.port} any more`).toBe(true);
});
