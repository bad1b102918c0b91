// @ts-check
/** 路由。接口不多，用正则匹配就够了，不引框架。 */
import { createServer } from 'node:http';
import { HttpError, send } from './http.js';

export function createApp() {
  return createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'GET' && url.pathname === '/healthz') return send(res, 200, { ok: true });
      throw new HttpError(404, `没有这个接口: ${req.method} ${url.pathname}`);
    } catch (err) {
      if (err instanceof HttpError) return send(res, err.status, { error: err.message });
      console.error(err);
      return send(res, 500, { error: '内部错误' });
    }
  });
}
