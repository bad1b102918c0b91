import { parseArgs } from 'node:util';
import { proveService } from '../server/ping.js';
import { dataDirPaths, isProcessAlive, readServerInfo, resolveDataDir } from '../config/data-dir.js';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { CliStatusOutput } from '../../shared/contract/cli.js';
import type { Status } from '../../shared/contract/health.js';

function getJson(port: number, path: string, token: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` }, timeout: 2000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (err) {
            reject(err as Error);
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

export async function runStatus(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { 'data-dir': { type: 'string' }, json: { type: 'boolean' } },
  });
  const dataDir = values['data-dir'] ?? resolveDataDir();
  const paths = dataDirPaths(dataDir);
  const info = readServerInfo(paths);
  const out = (o: CliStatusOutput, text: string): void => {
    process.stdout.write(values.json ? `${JSON.stringify(o)}\n` : `${text}\n`);
  };
  if (!info || !isProcessAlive(info.pid)) {
    out({ running: false, dataDir }, `MemTray is not running for ${dataDir}.`);
    return 3;
  }
  let status: Status;
  try {
    const token = readFileSync(paths.token, 'utf8').trim();
    // The token goes only to a listener that proves it is this data dir's service (server/ping.ts).
    const unproven = await proveService(info.port, token, info.instance);
    if (unproven) throw new Error(unproven);
    status = (await getJson(info.port, '/api/status', token)) as Status;
  } catch (err) {
    out(
      { running: false, dataDir, pid: info.pid, error: (err as Error).message },
      `MemTray (pid ${info.pid}) does not answer on port ${info.port}: ${(err as Error).message}`,
    );
    return 1;
  }
  const { counts, queue } = status;
  out(
    { ...status, running: true, dataDir, port: info.port, pid: info.pid },
    [
      `MemTray ${status.version} is running at http://127.0.0.1:${info.port} (pid ${info.pid})${status.paused ? ' — capture PAUSED' : ''}`,
      `Data dir: ${dataDir}`,
      `Sessions ${counts.sessions}, prompts ${counts.prompts}, observations ${counts.observations}, summaries ${counts.summaries}, events ${counts.events}`,
      `Queue: ${queue.pending} pending, ${queue.leased} processing, ${queue.failed} failed`,
    ].join('\n'),
  );
  return 0;
}
