// @ts-check
/**
 * Idempotency-Key：前端超时重试时，同一个 key 的请求只执行一次，之后原样返回第一次的响应。
 *
 * - 记录保留 IDEMPOTENCY_TTL_MS（24 小时）。前端最多重试几分钟，24 小时很宽裕。
 * - 同一个 key 换了请求体 → 422。多半是前端复用了 key，不能当成重试处理。
 * - 只缓存成功的响应。出错（比如 409 库存不足）不缓存：补货之后用同一个 key 重试应该能成功。
 * - 不用处理“同一个 key 的第一个请求还没处理完”：handler 是同步的，Node 单线程，两个请求
 *   不会交错执行。以后 handler 里有 await 了要重新考虑这一点。
 * - 只存内存，不写 journal：重启正好落在一次重试中间的概率很小，不值得。
 */
import { createHash } from 'node:crypto';
import { HttpError } from './http.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export class IdempotencyCache {
  /** @param {{now?: () => number}} [opts] */
  constructor({ now = Date.now } = {}) {
    this.now = now;
    /** @type {Map<string, {hash: string, response: [number, unknown], at: number}>} */
    this.entries = new Map();
  }

  /**
   * @param {string | undefined} key 请求头 Idempotency-Key；没有就直接执行
   * @param {unknown} body 请求体，用来判断是不是同一个请求
   * @param {() => [number, unknown]} handler
   * @returns {[number, unknown]}
   */
  run(key, body, handler) {
    if (!key) return handler();
    this.expire();
    const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const hit = this.entries.get(key);
    if (hit && hit.hash !== hash) throw new HttpError(422, 'Idempotency-Key 已经用在另一个请求上了');
    if (hit) return hit.response;
    const response = handler();
    this.entries.set(key, { hash, response, at: this.now() });
    return response;
  }

  /** 删掉超过 24 小时的记录。Map 按插入顺序遍历，最老的在前，遇到没过期的就可以停。 */
  expire() {
    const cutoff = this.now() - IDEMPOTENCY_TTL_MS;
    for (const [key, entry] of this.entries) {
      if (entry.at > cutoff) break;
      this.entries.delete(key);
    }
  }
}
