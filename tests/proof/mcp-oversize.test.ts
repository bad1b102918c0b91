/**
 * `memtray mcp` over its real stdio: a message past the bound is answered with a JSON-RPC error
 * and dropped as it arrives; the server keeps answering (the SDK's reader alone closed the
 * transport at 10 MiB and the process exited 0, leaving Claude without memory for the session).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MEMTRAY_BIN, stopProcess } from '../helpers/cli.js';
import { tempDir } from '../helpers/service.js';

const rpc = (id: number, method: string, params: unknown = {}): string =>
  `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;

describe('memtray mcp: oversized messages', () => {
  it('answers an 11 MiB message with an error and goes on answering', async () => {
    const child = spawn(process.execPath, [MEMTRAY_BIN, 'mcp', '--data-dir', tempDir()], { stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const answered = (id: number): Promise<Record<string, unknown>> =>
      new Promise((resolve, reject) => {
        const deadline = setTimeout(
          () => reject(new Error(`no answer to ${id}: ${out.length} ${out.slice(-300)}`)),
          20_000,
        );
        const look = (): void => {
          // Whole lines only: the last one may still be arriving.
          for (const line of out.split('\n').slice(0, -1)) {
            if (!line.trim()) continue;
            const m = JSON.parse(line) as Record<string, unknown>;
            if (m.id === id) {
              clearTimeout(deadline);
              return resolve(m);
            }
          }
          setTimeout(look, 50);
        };
        look();
      });
    try {
      child.stdin.write(
        rpc(1, 'initialize', {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'test', version: '1' },
        }),
      );
      await answered(1);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      const huge = 'x'.repeat(11 * 1024 * 1024);
      child.stdin.write(rpc(2, 'tools/call', { name: 'search', arguments: { query: huge } }));
      expect(await answered(2)).toMatchObject({
        error: { code: -32600, message: expect.stringMatching(/larger than/) },
      });
      child.stdin.write(rpc(3, 'tools/list'));
      const list = await answered(3);
      expect(list.result).toMatchObject({
        tools: expect.arrayContaining([expect.objectContaining({ name: 'search' })]),
      });
      expect(child.exitCode).toBeNull();
    } finally {
      await stopProcess(child);
    }
  });
});
