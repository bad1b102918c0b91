// @ts-check
/** 测试工具：在随机端口起服务，发 JSON 请求。 */
import { createApp } from '../src/app.js';

export async function startApp() {
  const server = createApp();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * @param {string} url
 * @param {string} [method]
 * @param {unknown} [body]
 * @param {Record<string, string>} [headers]
 */
export async function call(url, method = 'GET', body = undefined, headers = {}) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
