// @ts-check
/** 路由。接口不多，用正则匹配就够了，不引框架。 */
import { createServer } from 'node:http';
import { HttpError, readJson, send } from './http.js';
import { Store } from './store.js';

/** SKU：字母数字和 ._-，最长 64 */
const ITEM = /^\/items\/([A-Za-z0-9._-]{1,64})$/;

/** @param {unknown} v */
const isPositiveInt = (v) => Number.isInteger(v) && Number(v) > 0;

/** @param {Store} store */
export function createApp(store = new Store()) {
  return createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const item = ITEM.exec(url.pathname);
      if (req.method === 'GET' && url.pathname === '/healthz') return send(res, 200, { ok: true });
      if (item && req.method === 'GET') return send(res, 200, store.get(item[1]));
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
      throw new HttpError(404, `没有这个接口: ${req.method} ${url.pathname}`);
    } catch (err) {
      if (err instanceof HttpError) return send(res, err.status, { error: err.message });
      console.error(err);
      return send(res, 500, { error: '内部错误' });
    }
  });
}
