/**
 * The settings row is written whole, defaults included, so a changed default would never reach a
 * row written before it. The row therefore carries `version`, the defaults it was written against
 * (kept beside the settings, not in them); an older row is brought forward here each time it is
 * read, and written back at the current version by the next update.
 *
 * Version 2: AskUserQuestion left the default never-captured list (`skipTools`); it is captured as a
 * decision. A list still holding every version-1 default gets the current defaults in their place,
 * the user's own additions kept; a list the user trimmed of a default is theirs and left as it is.
 */
import { DEFAULT_SKIP_TOOLS } from '../../shared/contract/tools.js';

const SETTINGS_VERSION = 2;

/** The `skipTools` default of version 1. */
const V1_SKIP_TOOLS = ['ListMcpResourcesTool', 'SlashCommand', 'Skill', 'TodoWrite', 'AskUserQuestion'];

type Row = Record<string, unknown>;

function skipToolsV2(list: unknown): unknown {
  if (!Array.isArray(list) || !V1_SKIP_TOOLS.every((t) => list.includes(t))) return list;
  const own = list.filter((t) => !V1_SKIP_TOOLS.includes(t as string));
  return [...DEFAULT_SKIP_TOOLS, ...own];
}

/** A stored row (parsed JSON) as the current settings schema expects it, without `version`. */
export function migrateSettings(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const { version, ...row } = raw as Row;
  // A row without a version was written before versions: version 1.
  const from = typeof version === 'number' ? version : 1;
  if (from < 2) row.skipTools = skipToolsV2(row.skipTools);
  return row;
}

/** The row to store for `settings`: the settings and the version they were written at. */
export function settingsRow(settings: object): string {
  return JSON.stringify({ ...settings, version: SETTINGS_VERSION });
}
