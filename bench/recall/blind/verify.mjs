// Checks a blind question set against the transcripts it was written from.
// usage: node verify.mjs <transcripts-root> <set.json> [<set.json> ...]
// Exit 0 only if every question is well-formed, no key appears in its question,
// and every key occurs (case-insensitively) on at least one of the cited JSONL lines
// (either in the raw line or in its decoded string values).
import fs from 'node:fs';
import path from 'node:path';

const [root, ...sets] = process.argv.slice(2);
if (!root || sets.length === 0) {
  console.error('usage: node verify.mjs <transcripts-root> <set.json> [...]');
  process.exit(2);
}
const CATS = new Set(['file', 'command', 'decision', 'intent', 'broke', 'order', 'across']);
const CITE = /([A-Za-z0-9_-]+)\/([A-Za-z0-9_./-]+?\.jsonl):(\d+)/g;
const fileCache = new Map();
function lines(rel) {
  if (!fileCache.has(rel)) {
    const p = path.join(root, rel);
    fileCache.set(rel, fs.existsSync(p) ? fs.readFileSync(p, 'utf8').split('\n') : null);
  }
  return fileCache.get(rel);
}
function strings(v, acc) {
  if (typeof v === 'string') acc.push(v);
  else if (Array.isArray(v)) v.forEach((x) => strings(x, acc));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => strings(x, acc));
  return acc;
}
function lineText(raw) {
  let decoded = '';
  try {
    decoded = strings(JSON.parse(raw), []).join('\n');
  } catch {
    /* raw only */
  }
  return (raw + '\n' + decoded).toLowerCase();
}

let failures = 0,
  checked = 0;
const ids = new Set();
const fail = (id, msg) => {
  failures++;
  console.log(`FAIL ${id}: ${msg}`);
};
for (const set of sets) {
  const items = JSON.parse(fs.readFileSync(set, 'utf8'));
  for (const it of items) {
    checked++;
    const id = it.id ?? '(no id)';
    const fields = Object.keys(it).sort().join(',');
    if (fields !== 'category,evidence,id,keys,project,q,source') fail(id, `fields: ${fields}`);
    if (typeof it.id !== 'string' || it.id.length > 20) fail(id, 'bad id');
    if (ids.has(it.id)) fail(id, 'duplicate id');
    ids.add(it.id);
    if (!CATS.has(it.category)) fail(id, `bad category ${it.category}`);
    if (it.source !== 'blind') fail(id, 'source must be blind');
    if (typeof it.q !== 'string' || !it.q || it.q.length > 500) fail(id, 'bad q');
    if (typeof it.evidence !== 'string' || it.evidence.length > 2000) fail(id, 'bad evidence');
    if (!Array.isArray(it.keys) || it.keys.length < 1 || it.keys.length > 3) {
      fail(id, 'need 1-3 keys');
      continue;
    }
    const cites = [...(it.evidence ?? '').matchAll(CITE)];
    if (cites.length === 0) {
      fail(id, 'no citations');
      continue;
    }
    const texts = [];
    for (const [, proj, file, n] of cites) {
      if (proj !== it.project) fail(id, `citation project ${proj} != ${it.project}`);
      const ls = lines(`${proj}/${file}`);
      if (!ls) {
        fail(id, `missing file ${proj}/${file}`);
        continue;
      }
      const raw = ls[Number(n) - 1];
      if (raw === undefined || raw === '') {
        fail(id, `no line ${n} in ${proj}/${file}`);
        continue;
      }
      texts.push(lineText(raw));
    }
    for (const k of it.keys) {
      if (typeof k !== 'string' || !k || k.length > 200) {
        fail(id, `bad key ${JSON.stringify(k)}`);
        continue;
      }
      const lk = k.toLowerCase();
      if (it.q.toLowerCase().includes(lk)) fail(id, `key appears in question: ${k}`);
      if (!texts.some((t) => t.includes(lk))) fail(id, `key not on cited lines: ${k}`);
    }
  }
}
console.log(`${checked} questions checked, ${failures} failures`);
process.exit(failures === 0 && checked > 0 ? 0 : 1);
