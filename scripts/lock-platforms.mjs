#!/usr/bin/env node
// Completes package-lock.json with the platform packages a dependency lists as optional but npm left
// out because the registry it resolved against does not serve them (opencode-ai's darwin, windows,
// arm64 and musl builds are not on the registry this project installs from). `npm ci` refuses a
// lock that lacks any optional dependency a package declares, even one for another platform, so each
// missing one gets an entry with the `os`, `cpu` and `libc` its name states; npm skips those on every
// other platform without fetching them. Only the packages named here are completed (npm ci accepts
// the lock's other gaps). Run after `npm install` changes one of them:
//   node scripts/lock-platforms.mjs          (writes the lock; prints what it added)
//   node scripts/lock-platforms.mjs --check  (exits 1 when an entry is missing)
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const OS = { darwin: 'darwin', linux: 'linux', windows: 'win32', win32: 'win32' };
const CPU = { x64: 'x64', arm64: 'arm64' };
/** The packages whose platform builds the registry here lacks. */
const PARENTS = ['node_modules/opencode-ai'];

/** The platform a package's name states (`opencode-linux-x64-baseline-musl`), or null. */
function platformOf(name) {
  const words = name.split(/[-/]/);
  const os = words.map((w) => OS[w]).find(Boolean);
  const cpu = words.map((w) => CPU[w]).find(Boolean);
  if (!os || !cpu) return null;
  return { os: [os], cpu: [cpu], ...(words.includes('musl') ? { libc: ['musl'] } : {}) };
}

const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const added = [];
const unknown = [];
for (const path of PARENTS) {
  const pkg = lock.packages[path] ?? {};
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const top = `node_modules/${dep}`;
    if (lock.packages[`${path}/${top}`] || lock.packages[top]) continue;
    const platform = platformOf(dep);
    if (!platform) {
      unknown.push(`${dep}@${version} (wanted by ${path})`);
      continue;
    }
    lock.packages[top] = { version, ...platform, dev: pkg.dev, optional: true };
    added.push(`${dep}@${version}`);
  }
}
if (unknown.length > 0) console.error(`no platform in the name of: ${unknown.join(', ')}`);
if (process.argv.includes('--check')) {
  if (added.length > 0) console.error(`package-lock.json lacks: ${added.join(', ')}`);
  process.exit(added.length + unknown.length > 0 ? 1 : 0);
}
if (added.length > 0) {
  const sorted = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(LOCK, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
}
console.log(
  added.length > 0
    ? `added: ${added.join(', ')}`
    : 'package-lock.json: every optional platform package is there',
);
