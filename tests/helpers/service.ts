/** Test harness (with every feature of `features.ts` wired in, as `serve` runs it): a real service on a random loopback port over a real SQLite file in a temp dir. */
import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { findMigrationsDir } from '../../electron/core/db/open.js';
import { featureCoreOptions, featurePlugins } from '../../electron/core/features.js';
import { startService, type Service, type ServiceOptions } from '../../electron/core/service.js';
import { contractChecker, type ContractCheck } from './contract.js';
import { tempDir } from './temp-dirs.js';

export { tempDir };

export const MIGRATIONS_DIR = findMigrationsDir(process.cwd());
export const CORPUS_DIR = join(process.cwd(), '..', 'shared', 'corpus');

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

/** The contract check of each running test service, by port: raw requests to it are checked too. */
const checks = new Map<number, ContractCheck>();

/**
 * A raw HTTP request (so tests control Host, Origin, content-type and bytes exactly). A JSON answer
 * of a test service is parsed with its route's contract schema (tests/helpers/contract.ts).
 */
export function rawRequest(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: { host: `127.0.0.1:${port}`, ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = undefined;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          const status = res.statusCode ?? 0;
          try {
            checks.get(port)?.(opts.method ?? 'GET', opts.path, status, json);
          } catch (err) {
            reject(err as Error);
            return;
          }
          resolve({ status, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

export interface TestService {
  service: Service;
  dataDir: string;
  port: number;
  token: string;
  /**
   * Authenticated JSON request. The answer is parsed with its route's contract schema
   * (tests/helpers/contract.ts): an answer that drifts from the contract rejects.
   */
  api(method: string, path: string, body?: unknown): Promise<HttpResult>;
  /**
   * Waits until every hook event acknowledged so far has its rows (the hook endpoint journals and
   * the projector follows): call before reading the database directly.
   */
  settled(): Promise<void>;
  /** Stop the service (keeps the data dir). */
  stop(): Promise<void>;
  /** Stop and delete the data dir. */
  dispose(): Promise<void>;
}

export async function startTestService(
  opts: Partial<ServiceOptions> & { dataDir?: string } = {},
): Promise<TestService> {
  const dataDir = opts.dataDir ?? tempDir();
  const service = await startService({
    migrationsDir: MIGRATIONS_DIR,
    port: 0,
    writeServerJson: false,
    ...featureCoreOptions(),
    plugins: featurePlugins(),
    ...opts,
    dataDir,
  });
  const port = service.port;
  const token = service.core.token;
  checks.set(port, contractChecker(service.routes));
  return {
    service,
    dataDir,
    port,
    token,
    api: (method, path, body) => {
      return rawRequest(port, {
        method,
        path,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    },
    settled: () => service.core.projector.settled(),
    stop: () => {
      checks.delete(port);
      return service.stop();
    },
    dispose: async () => {
      checks.delete(port);
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
