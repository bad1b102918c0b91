// @ts-check
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Journal } from '../src/journal.js';
import { Store } from '../src/store.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'kucun-'));

test('重启之后库存和预留都还在', () => {
  const dir = tmp();
  const a = new Store({ journal: new Journal(dir) });
  a.set('SKU-1', 10);
  const r = a.reserve('SKU-1', 4);
  a.confirm(r.id);
  const b = new Store({ journal: new Journal(dir) });
  assert.deepEqual(b.get('SKU-1'), { sku: 'SKU-1', qty: 6 });
  assert.equal(b.reservations.get(r.id)?.status, 'confirmed');
});

test('最后一行只写了一半（进程被杀/掉电）：丢掉这一行，其余照常恢复', () => {
  const dir = tmp();
  const a = new Store({ journal: new Journal(dir) });
  a.set('SKU-1', 10);
  a.set('SKU-2', 3);
  appendFileSync(join(dir, 'journal.jsonl'), '{"t":"set","sku":"SKU-');
  const b = new Store({ journal: new Journal(dir) });
  assert.equal(b.get('SKU-2').qty, 3);
  b.set('SKU-3', 7); // 恢复之后接着写
  const c = new Store({ journal: new Journal(dir) });
  assert.equal(c.get('SKU-3').qty, 7);
});

test('写快照之后 journal 清空，重放结果不变', () => {
  const dir = tmp();
  const a = new Store({ journal: new Journal(dir, { snapshotEvery: 3 }) });
  a.set('SKU-1', 10);
  a.set('SKU-2', 5);
  a.reserve('SKU-1', 2);
  assert.equal(readFileSync(join(dir, 'journal.jsonl'), 'utf8'), '');
  a.set('SKU-3', 1);
  const b = new Store({ journal: new Journal(dir, { snapshotEvery: 3 }) });
  assert.deepEqual([b.get('SKU-1').qty, b.get('SKU-2').qty, b.get('SKU-3').qty], [8, 5, 1]);
});
