/**
 * Two real Syncthing daemons on loopback sharing one folder each: own homes, listen and GUI
 * addresses on 127.0.0.1 only, every way of reaching beyond this machine off (global and local
 * discovery, relays, NAT, STUN, usage and crash reporting, upgrades). Each device knows the other
 * by ID and address from a config.xml written before it starts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const FOLDER_ID = 'memtray-e2e';

/** The syncthing binary, or null when it is not installed. */
export function syncthingBinary(): string | null {
  const r = spawnSync('syncthing', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? 'syncthing' : null;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

export interface Device {
  name: string;
  home: string;
  folder: string;
  id: string;
  guiPort: number;
  listenPort: number;
  apiKey: string;
}

/** Keys and certificate for a new device (no network: generate only writes files). */
async function newDevice(name: string, home: string, folder: string): Promise<Device> {
  mkdirSync(home, { recursive: true });
  const g = spawnSync(
    'syncthing',
    ['generate', `--home=${home}`, '--no-default-folder', '--skip-port-probing'],
    { encoding: 'utf8' },
  );
  if (g.status !== 0) throw new Error(`syncthing generate failed: ${g.stderr}`);
  const id = /<device id="([A-Z0-9-]+)"/.exec(readFileSync(join(home, 'config.xml'), 'utf8'))?.[1];
  if (!id) throw new Error('no device id in the generated config');
  return {
    name,
    home,
    folder,
    id,
    guiPort: await freePort(),
    listenPort: await freePort(),
    apiKey: randomBytes(16).toString('hex'),
  };
}

function configXml(me: Device, peer: Device): string {
  const device = (d: Device, address: string): string =>
    `<device id="${d.id}" name="${d.name}" compression="metadata" introducer="false">` +
    `<address>${address}</address><paused>false</paused><autoAcceptFolders>false</autoAcceptFolders></device>`;
  return `<configuration version="36">
  <folder id="${FOLDER_ID}" label="MemTray" path="${me.folder}" type="sendreceive" rescanIntervalS="3600"
      fsWatcherEnabled="true" fsWatcherDelayS="1" ignorePerms="false" autoNormalize="true">
    <filesystemType>basic</filesystemType>
    <device id="${me.id}" introducedBy=""></device>
    <device id="${peer.id}" introducedBy=""></device>
    <minDiskFree unit="%">0</minDiskFree>
    <markerName>.stfolder</markerName>
    <maxConflicts>10</maxConflicts>
    <paused>false</paused>
  </folder>
  ${device(me, 'dynamic')}
  ${device(peer, `tcp://127.0.0.1:${peer.listenPort}`)}
  <gui enabled="true" tls="false" debugging="false">
    <address>127.0.0.1:${me.guiPort}</address>
    <apikey>${me.apiKey}</apikey>
  </gui>
  <options>
    <listenAddress>tcp://127.0.0.1:${me.listenPort}</listenAddress>
    <globalAnnounceEnabled>false</globalAnnounceEnabled>
    <localAnnounceEnabled>false</localAnnounceEnabled>
    <relaysEnabled>false</relaysEnabled>
    <natEnabled>false</natEnabled>
    <stunKeepaliveStartS>0</stunKeepaliveStartS>
    <urAccepted>-1</urAccepted>
    <urSeen>3</urSeen>
    <crashReportingEnabled>false</crashReportingEnabled>
    <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
    <startBrowser>false</startBrowser>
    <reconnectionIntervalS>1</reconnectionIntervalS>
    <setLowPriority>false</setLowPriority>
    <minHomeDiskFree unit="%">0</minHomeDiskFree>
    <announceLANAddresses>false</announceLANAddresses>
  </options>
</configuration>
`;
}

export class Syncthing {
  private child: ChildProcess | null = null;
  private log = '';

  constructor(readonly d: Device) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  output(): string {
    return this.log.slice(-4000);
  }

  start(): void {
    this.child = spawn(
      'syncthing',
      [
        'serve',
        `--home=${this.d.home}`,
        '--no-browser',
        '--no-restart',
        '--no-upgrade',
        `--gui-address=127.0.0.1:${this.d.guiPort}`,
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: this.d.home,
          STNOUPGRADE: '1',
          STNODEFAULTFOLDER: '1',
        },
      },
    );
    const keep = (c: Buffer): void => void (this.log = (this.log + c.toString()).slice(-200_000));
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
  }

  async api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const r = await fetch(`http://127.0.0.1:${this.d.guiPort}${path}`, {
      method,
      headers: { 'X-API-Key': this.d.apiKey, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(5000),
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    const text = await r.text();
    return (text ? JSON.parse(text) : null) as T;
  }

  /** Whether the REST API answers. */
  async up(): Promise<boolean> {
    try {
      await this.api('GET', '/rest/system/ping');
      return true;
    } catch {
      return false;
    }
  }

  async connectedTo(peer: string): Promise<boolean> {
    const c = await this.api<{ connections: Record<string, { connected: boolean }> }>(
      'GET',
      '/rest/system/connections',
    );
    return c.connections[peer]?.connected === true;
  }

  /** The folder is idle with nothing left to fetch, and the peer has everything this side has. */
  async inSync(peer: string): Promise<boolean> {
    const s = await this.api<{ state: string; needFiles: number; needDeletes: number }>(
      'GET',
      `/rest/db/status?folder=${FOLDER_ID}`,
    );
    const c = await this.api<{ completion: number; needBytes: number; needDeletes: number }>(
      'GET',
      `/rest/db/completion?folder=${FOLDER_ID}&device=${peer}`,
    );
    return (
      s.state === 'idle' &&
      s.needFiles === 0 &&
      s.needDeletes === 0 &&
      c.completion === 100 &&
      c.needBytes === 0 &&
      c.needDeletes === 0
    );
  }

  /** Pauses or resumes the sharing of the folder with every device. */
  async pause(paused: boolean): Promise<void> {
    await this.api('PATCH', `/rest/config/folders/${FOLDER_ID}`, { paused });
  }

  /** Asks for a scan now (as the file system watcher would). */
  async scan(): Promise<void> {
    await this.api('POST', `/rest/db/scan?folder=${FOLDER_ID}`);
  }

  stop(): Promise<void> {
    const c = this.child;
    this.child = null;
    if (!c || c.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(() => c.kill('SIGKILL'), 5000);
      c.once('exit', () => (clearTimeout(t), resolve()));
      c.kill('SIGTERM');
    });
  }
}

/** Polls `ok` every 100 ms until it holds; throws with `what` (and `detail()`) past `ms`. */
export async function until(
  what: string,
  ok: () => boolean | Promise<boolean>,
  ms = 30_000,
  detail: () => string = () => '',
): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if (await ok()) return;
    } catch {
      // Not answering yet: polled again.
    }
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}\n${detail()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Two daemons keeping `folderA` and `folderB` in step; resolves once they are connected. */
export async function startPair(
  root: string,
  folderA: string,
  folderB: string,
): Promise<[Syncthing, Syncthing]> {
  const a = await newDevice('st-a', join(root, 'st-a'), folderA);
  const b = await newDevice('st-b', join(root, 'st-b'), folderB);
  writeFileSync(join(a.home, 'config.xml'), configXml(a, b));
  writeFileSync(join(b.home, 'config.xml'), configXml(b, a));
  const pair: [Syncthing, Syncthing] = [new Syncthing(a), new Syncthing(b)];
  for (const s of pair) s.start();
  const log = (): string => pair.map((s) => `--- ${s.d.name}\n${s.output()}`).join('\n');
  for (const s of pair) await until(`${s.d.name} to answer`, () => s.up(), 30_000, log);
  await until(
    'the devices to connect',
    async () => (await pair[0].connectedTo(b.id)) && (await pair[1].connectedTo(a.id)),
    30_000,
    log,
  );
  return pair;
}

/**
 * The sockets of `pids` whose local or remote address is not loopback (from `ss`): none may exist,
 * as nothing here may reach beyond this machine.
 */
export function nonLoopbackSockets(pids: number[]): string[] {
  const r = spawnSync('ss', ['-tunapH'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ss failed: ${r.stderr}`);
  const loop = /^(127\.\d+\.\d+\.\d+|\[::1\]|\[::ffff:127\.\d+\.\d+\.\d+\]|\*|0\.0\.0\.0|\[::\]):(\d+|\*)$/;
  return r.stdout
    .split('\n')
    .filter((l) => pids.some((p) => l.includes(`pid=${p},`)))
    .filter((l) => {
      const cols = l.trim().split(/\s+/);
      const [local, peer] = [cols[4] ?? '', cols[5] ?? ''];
      // A listening or unconnected socket shows its peer as `*:*` / `0.0.0.0:*`.
      return !loop.test(local) || !loop.test(peer) || /^(0\.0\.0\.0|\[::\]|\*):\d+$/.test(local);
    });
}
