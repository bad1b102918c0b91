/** JS fragments the third kucun session edits in (Idempotency-Key, idempotent confirm). */

export const appImportOld = "import { HttpError, readJson, send } from './http.js';\n";
export const appImportNew =
  "import { HttpError, readJson, send } from './http.js';\nimport { IdempotencyCache } from './idempotency.js';\n";

export const createOld = `/** @param {Store} store */
export function createApp(store = new Store()) {`;
export const createNew = `/**
 * @param {Store} store
 * @param {IdempotencyCache} idempotency
 */
export function createApp(store = new Store(), idempotency = new IdempotencyCache()) {`;

export const reserveRouteOld = `        const body = await readJson(req);
        if (typeof body.sku !== 'string') throw new HttpError(400, 'sku 必填');
        if (!isPositiveInt(body.qty)) throw new HttpError(400, 'qty 必须是正整数');
        return send(res, 201, store.reserve(body.sku, body.qty));`;

export const reserveRouteNew = `        const body = await readJson(req);
        const key = req.headers['Idempotency-Key'];
        const [status, result] = idempotency.run(typeof key === 'string' ? key : undefined, body, () => {
          if (typeof body.sku !== 'string') throw new HttpError(400, 'sku 必填');
          if (!isPositiveInt(body.qty)) throw new HttpError(400, 'qty 必须是正整数');
          return [201, store.reserve(body.sku, body.qty)];
        });
        return send(res, status, result);`;

export const headerOld = "const key = req.headers['Idempotency-Key'];";
export const headerNew = "const key = req.headers['idempotency-key']; // Node 把请求头名都转成了小写";

export const confirmOld = "    if (r.status === 'confirmed') throw new HttpError(409, '预留已经确认过了');";
export const confirmNew =
  "    if (r.status === 'confirmed') return r; // 重复 confirm（前端重试）原样返回，不算错";

export const confirmDocOld = '   * 确认预留（用户付款了）。过期的返回 410，库存已经还回去了。';
export const confirmDocNew =
  '   * 确认预留（用户付款了）。过期的返回 410，库存已经还回去了；已经确认过的原样返回（幂等）。';

export const sweepTestEnd = `  assert.equal(app.store.sweep(), 2);
  assert.equal(await stock(), 10);
});
`;

export const confirmTwiceTest = `${sweepTestEnd}
test('重复 confirm 返回同样的结果（前端重试）', async () => {
  const r = await reserve(1);
  const first = await call(\`\${app.base}/reservations/\${r.id}/confirm\`, 'POST');
  const retry = await call(\`\${app.base}/reservations/\${r.id}/confirm\`, 'POST');
  assert.equal(retry.status, 200);
  assert.deepEqual(retry, first);
});
`;

/** Shows which header names a Node server sees for a request sent with `Idempotency-Key`. */
export const headerProbe = `node -e "
const http = require('node:http');
const s = http.createServer((req, res) => { console.log(Object.keys(req.headers)); res.end(); s.close(); });
s.listen(0, () => fetch('http://127.0.0.1:' + s.address().port, { headers: { 'Idempotency-Key': 'x' } }));
"`;

export const ttlLine = 'export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;\n';
export const maxKeyLen = `${ttlLine}
/** key 最长 128 个字符：订单号 + 操作名足够了，也防止有人塞超长的 key 占内存。 */
export const MAX_KEY_LENGTH = 128;
`;

export const noKeyOld = '    if (!key) return handler();\n';
export const noKeyNew = `${noKeyOld}    if (key.length > MAX_KEY_LENGTH) throw new HttpError(400, \`Idempotency-Key 最长 \${MAX_KEY_LENGTH} 个字符\`);
`;

export const expiryTestEnd = `  assert.deepEqual(cache.run('k', {}, handler), [201, { n: 2 }]);
});
`;

export const keyLengthTest = `${expiryTestEnd}
test('key 超过 128 个字符：400', async () => {
  await call(\`\${app.base}/items/SKU-5\`, 'PUT', { qty: 10 });
  assert.equal((await reserve({ sku: 'SKU-5', qty: 1 }, { 'Idempotency-Key': 'k'.repeat(129) })).status, 400);
});
`;
