// @ts-check
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { IDEMPOTENCY_TTL_MS, IdempotencyCache } from '../src/idempotency.js';
import { call, startApp } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  app = await startApp();
});
after(() => app.close());

/**
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
const reserve = (body, headers = {}) => call(`${app.base}/reservations`, 'POST', body, headers);

test('同一个 Idempotency-Key 重试：只预留一次，返回同一个结果', async () => {
  await call(`${app.base}/items/SKU-7`, 'PUT', { qty: 10 });
  const headers = { 'Idempotency-Key': 'order-1001' };
  const first = await reserve({ sku: 'SKU-7', qty: 2 }, headers);
  const retry = await reserve({ sku: 'SKU-7', qty: 2 }, headers);
  assert.equal(first.status, 201);
  assert.deepEqual(retry, first);
  assert.equal((await call(`${app.base}/items/SKU-7`)).body.qty, 8);
});

test('同一个 key 换了请求体：422', async () => {
  await call(`${app.base}/items/SKU-8`, 'PUT', { qty: 10 });
  const headers = { 'Idempotency-Key': 'order-1002' };
  assert.equal((await reserve({ sku: 'SKU-8', qty: 1 }, headers)).status, 201);
  assert.equal((await reserve({ sku: 'SKU-8', qty: 5 }, headers)).status, 422);
});

test('没有 key：每次都是新的预留', async () => {
  await call(`${app.base}/items/SKU-6`, 'PUT', { qty: 10 });
  const a = await reserve({ sku: 'SKU-6', qty: 1 });
  const b = await reserve({ sku: 'SKU-6', qty: 1 });
  assert.notEqual(a.body.id, b.body.id);
});

test('24 小时后 key 过期，可以再用', () => {
  let now = 0;
  const cache = new IdempotencyCache({ now: () => now });
  let runs = 0;
  /** @returns {[number, unknown]} */
  const handler = () => [201, { n: ++runs }];
  cache.run('k', {}, handler);
  now += IDEMPOTENCY_TTL_MS - 1;
  assert.deepEqual(cache.run('k', {}, handler), [201, { n: 1 }]);
  now += 2;
  assert.deepEqual(cache.run('k', {}, handler), [201, { n: 2 }]);
});
