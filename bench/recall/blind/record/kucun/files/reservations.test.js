// @ts-check
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { Store } from '../src/store.js';
import { call, startApp } from './helpers.js';

const MIN = 60 * 1000;
let now = 0;
/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  app = await startApp(new Store({ now: () => now }));
});
after(() => app.close());
beforeEach(async () => {
  now = 0;
  await call(`${app.base}/items/SKU-9`, 'PUT', { qty: 10 });
});

/** @param {number} qty */
const reserve = async (qty) => (await call(`${app.base}/reservations`, 'POST', { sku: 'SKU-9', qty })).body;
const stock = async () => (await call(`${app.base}/items/SKU-9`)).body.qty;

test('15 分钟内 confirm 成功', async () => {
  const r = await reserve(4);
  now += 14 * MIN;
  const res = await call(`${app.base}/reservations/${r.id}/confirm`, 'POST');
  assert.equal(res.status, 200);
  assert.equal(res.body.status, 'confirmed');
  assert.equal(await stock(), 6);
});

test('过期之后 confirm 返回 410，库存还回去', async () => {
  const r = await reserve(4);
  now += 16 * MIN;
  assert.equal((await call(`${app.base}/reservations/${r.id}/confirm`, 'POST')).status, 410);
  assert.equal(await stock(), 10);
});

test('sweep 释放过期的预留', async () => {
  await reserve(3);
  await reserve(2);
  assert.equal(app.store.sweep(), 0);
  now += 15 * MIN;
  assert.equal(app.store.sweep(), 2);
  assert.equal(await stock(), 10);
});
