// @ts-check
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { call, startApp } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  app = await startApp();
});
after(() => app.close());

test('PUT 之后 GET 到同样的数量', async () => {
  assert.equal((await call(`${app.base}/items/SKU-1`, 'PUT', { qty: 10 })).status, 200);
  assert.deepEqual((await call(`${app.base}/items/SKU-1`)).body, { sku: 'SKU-1', qty: 10 });
});

test('不存在的 SKU 返回 404', async () => {
  assert.equal((await call(`${app.base}/items/NOPE`)).status, 404);
});

test('预留会扣减库存', async () => {
  await call(`${app.base}/items/SKU-2`, 'PUT', { qty: 5 });
  const r = await call(`${app.base}/reservations`, 'POST', { sku: 'SKU-2', qty: 3 });
  assert.equal(r.status, 201);
  assert.equal((await call(`${app.base}/items/SKU-2`)).body.qty, 2);
});

test('库存不够返回 409', async () => {
  await call(`${app.base}/items/SKU-3`, 'PUT', { qty: 1 });
  assert.equal((await call(`${app.base}/reservations`, 'POST', { sku: 'SKU-3', qty: 2 })).status, 409);
});

test('qty 必须是正整数', async () => {
  assert.equal((await call(`${app.base}/reservations`, 'POST', { sku: 'SKU-2', qty: 0 })).status, 400);
});
