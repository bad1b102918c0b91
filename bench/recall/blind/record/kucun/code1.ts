/** JS fragments the first kucun session edits in (routes, the test helper's store). */

export const httpImportOld = "import { HttpError, send } from './http.js';\n";
export const httpImportNew =
  "import { HttpError, readJson, send } from './http.js';\nimport { Store } from './store.js';\n";

export const createOld = 'export function createApp() {\n';
export const createNew = `/** SKU：字母数字和 ._-，最长 64 */
const ITEM = /^\\/items\\/([A-Za-z0-9._-]{1,64})$/;

/** @param {unknown} v */
const isPositiveInt = (v) => Number.isInteger(v) && Number(v) > 0;

/** @param {Store} store */
export function createApp(store = new Store()) {
`;

export const healthRoute =
  "      if (req.method === 'GET' && url.pathname === '/healthz') return send(res, 200, { ok: true });\n";

export const routesBuggy = `      const item = ITEM.exec(url.pathname);
${healthRoute}      if (item && req.method === 'GET') return send(res, 200, store.get(item[1]));
      if (item && req.method === 'PUT') {
        const body = await readJson(req);
        if (!Number.isInteger(body.qty) || body.qty < 0) throw new HttpError(400, 'qty 必须是 >= 0 的整数');
        return send(res, 200, store.set(item[1], body.qty));
      }
      if (url.pathname === '/reservations' && req.method === 'POST') {
        const body = readJson(req);
        if (typeof body.sku !== 'string') throw new HttpError(400, 'sku 必填');
        if (!isPositiveInt(body.qty)) throw new HttpError(400, 'qty 必须是正整数');
        return send(res, 201, store.reserve(body.sku, body.qty));
      }
`;

export const awaitOld = `      if (url.pathname === '/reservations' && req.method === 'POST') {
        const body = readJson(req);`;
export const awaitNew = `      if (url.pathname === '/reservations' && req.method === 'POST') {
        const body = await readJson(req);`;

export const helpersImportOld = "import { createApp } from '../src/app.js';\n";
export const helpersImportNew =
  "import { createApp } from '../src/app.js';\nimport { Store } from '../src/store.js';\n";

export const startOld = `export async function startApp() {
  const server = createApp();`;
export const startNew = `/** @param {Store} [store] */
export async function startApp(store = new Store()) {
  const server = createApp(store);`;

export const baseOld = '    base: `http://127.0.0.1:${port}`,\n';
export const baseNew = '    base: `http://127.0.0.1:${port}`,\n    store,\n';

/** Starts the service on port 18087 in the background (its log in /tmp/kucun.log), for curl. */
export const startBg = (dataDir?: string): string =>
  `(KUCUN_PORT=18087${dataDir ? ` KUCUN_DATA_DIR=${dataDir}` : ''} node src/main.js > /tmp/kucun.log 2>&1 & echo $! > /tmp/kucun.pid) && sleep 0.5`;
export const stopBg = 'kill $(cat /tmp/kucun.pid)';

export const notFoundTest = `test('不存在的 SKU 返回 404', async () => {
  assert.equal((await call(\`\${app.base}/items/NOPE\`)).status, 404);
});
`;

export const putTwiceTest = `
test('PUT 是绝对值：同样的请求发两次，结果不变（ERP 重复推送也安全）', async () => {
  await call(\`\${app.base}/items/SKU-4\`, 'PUT', { qty: 7 });
  await call(\`\${app.base}/items/SKU-4\`, 'PUT', { qty: 7 });
  assert.equal((await call(\`\${app.base}/items/SKU-4\`)).body.qty, 7);
});
`;
