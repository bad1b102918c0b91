/** Listening TCP sockets of a process, read from /proc (Linux): the addresses it really bound. */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface Listener {
  address: string;
  port: number;
  family: 4 | 6;
}

function hexIpv4(h: string): string {
  // /proc/net/tcp stores the address as a little-endian 32-bit hex number.
  const b = Buffer.from(h, 'hex');
  return `${b[3]}.${b[2]}.${b[1]}.${b[0]}`;
}

function hexIpv6(h: string): string {
  const words: string[] = [];
  for (let i = 0; i < 32; i += 8) {
    const b = Buffer.from(h.slice(i, i + 8), 'hex').reverse();
    words.push(b.toString('hex').slice(0, 4), b.toString('hex').slice(4, 8));
  }
  return words.join(':');
}

export function listeningSockets(pid: number): Listener[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // fd closed meanwhile
    }
  }
  const out: Listener[] = [];
  for (const [file, family] of [
    ['/proc/net/tcp', 4],
    ['/proc/net/tcp6', 6],
  ] as const) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== '0A' || !inodes.has(cols[9]!)) continue;
      const [addr, port] = cols[1]!.split(':') as [string, string];
      out.push({ address: family === 4 ? hexIpv4(addr) : hexIpv6(addr), port: parseInt(port, 16), family });
    }
  }
  return out;
}
