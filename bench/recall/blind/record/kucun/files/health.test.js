// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call, startApp } from './helpers.js';

test('GET /healthz', async () => {
  const app = await startApp();
  assert.deepEqual(await call(`${app.base}/healthz`), { status: 200, body: { ok: true } });
  await app.close();
});

test('未知接口返回 404', async () => {
  const app = await startApp();
  assert.equal((await call(`${app.base}/nope`)).status, 404);
  await app.close();
});
