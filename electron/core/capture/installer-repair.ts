/**
 * Repairs installed hooks that no longer reach this install, when they are unambiguously its own:
 * http hooks naming a port the service does not listen on, command hooks running a program that is
 * gone (the clone or app moved). See docs/how-to/install-hooks.md.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { commandParts } from './installer-command.js';
import { hookCommand, installHooks, readSettings, type InstallerEnv } from './installer.js';
import { findOurHooks, type FoundHooks } from './settings-merge.js';

/**
 * What makes the hooks in one file stale yet certainly this install's, or null: http hooks on this
 * machine carrying this install's token inline but naming another port than `port`; command hooks
 * naming this data dir whose program is gone. Hooks using `$MEMTRAY_TOKEN`, posting to a `--url`,
 * or running another install's existing program are left to the user (`hooksStatus` reports them).
 */
function staleOwnHooks(e: InstallerEnv, found: FoundHooks, port: number): string | null {
  if (found.events.length === 0) return null;
  const reasons: string[] = [];
  if (found.ports.length > 0) {
    const local = found.bases.every((b) => /^http:\/\/127\.0\.0\.1:\d+$/.test(b));
    if (!local || !found.tokens.every((t) => t === e.token)) return null;
    if (found.ports.some((p) => p !== port))
      reasons.push(`they posted to port ${found.ports.join(', ')}, the service listens on ${port}`);
  }
  const ours = hookCommand(e);
  for (const c of found.commands) {
    if (c === ours) continue;
    const parts = commandParts(c, e.home);
    if (parts.dataDir !== resolve(e.dataDir)) return null;
    const missing = parts.files.find((f) => !existsSync(f));
    if (!missing) return null;
    reasons.push(`they ran ${missing}, which no longer exists`);
  }
  return reasons.length > 0 ? reasons.join('; ') : null;
}

/**
 * Rewrites MemTray's own stale hooks in `settingsPath` (same mode, scope and token source) so they
 * reach this service on `port` and run this install's hook program. Returns a sentence for the log
 * and capture status, or null when nothing was stale or the file could not be read.
 */
export function repairOwnHooks(
  e: InstallerEnv,
  where: { scope: 'user' | 'project'; settingsPath: string },
  port: number,
): string | null {
  let found: FoundHooks;
  try {
    found = findOurHooks(readSettings(where.settingsPath).json);
  } catch {
    return null;
  }
  const why = staleOwnHooks(e, found, port);
  if (!why || !found.mode) return null;
  installHooks(e, { mode: found.mode, scope: where.scope, settingsPath: where.settingsPath, port });
  return `MemTray rewrote its hooks in ${where.settingsPath} at start (${why}); Claude Code sessions started before then keep the old hooks until restarted`;
}
