import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, startServe, stopProcess } from '../helpers/cli.js';
import { FIXTURE_TRANSCRIPTS } from '../helpers/corpus.js';
import { rawRequest, tempDir } from '../helpers/service.js';
import { cliImportOutput } from '../../electron/shared/contract/cli.js';

describe('memtray import while the service runs', () => {
  it('the service imports, and the jobs the import adds run without a restart', async () => {
    const dir = tempDir();
    const { child, url } = await startServe(['--port', '0', '--data-dir', dir, '--quiet']);
    try {
      const port = Number(new URL(url).port);
      const token = readFileSync(join(dir, 'token'), 'utf8').trim();
      const get = async (path: string): Promise<Record<string, unknown>> => {
        const r = await rawRequest(port, {
          method: 'GET',
          path,
          headers: { authorization: `Bearer ${token}` },
        });
        return r.json as Record<string, unknown>;
      };
      const r = await runCli(['import', '--data-dir', dir, '--json', FIXTURE_TRANSCRIPTS], {
        timeoutMs: 60_000,
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const out = cliImportOutput.parse(JSON.parse(r.stdout));
      expect(out).toMatchObject({ status: 'done', sessions: 4 });
      expect(out.toolCalls).toBeGreaterThan(10);
      // The run is the service's own: it lists it, and its queue drains on its own.
      const runs = (await get('/api/capture/imports')).items as Array<{ id: number; source: string }>;
      expect(runs.map((x) => x.id)).toContain(out.runId);
      expect(runs[0]!.source).toContain(FIXTURE_TRANSCRIPTS);
      const deadline = Date.now() + 20_000;
      let queue = await get('/api/queue');
      while (Number(queue.pending) + Number(queue.leased) > 0 && Date.now() < deadline) {
        await new Promise((res) => setTimeout(res, 200));
        queue = await get('/api/queue');
      }
      expect(queue).toMatchObject({ pending: 0, leased: 0 });
      expect(Number(queue.done)).toBeGreaterThan(0);
    } finally {
      await stopProcess(child);
    }
  });
});
