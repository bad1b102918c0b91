// @ts-check
/**
 * 库存和预留（内存）。
 * 预留下单时扣库存，RESERVATION_TTL_MS（15 分钟）内没有 confirm 就释放，库存加回去。
 * TODO: confirmed / released 的预留一直留在 Map 里，现在一天几千个无所谓，量大了要定期清理。
 */
import { randomUUID } from 'node:crypto';
import { HttpError } from './http.js';

/** 预留保留 15 分钟，和支付页上的倒计时一致。 */
export const RESERVATION_TTL_MS = 15 * 60 * 1000;

/** @typedef {{id: string, sku: string, qty: number, status: 'held' | 'confirmed' | 'released', expiresAt: number}} Reservation */

export class Store {
  /** @param {{now?: () => number}} [opts] now 可以注入，测试里用假时钟，不用真的等 15 分钟 */
  constructor({ now = Date.now } = {}) {
    this.now = now;
    /** @type {Map<string, number>} SKU -> 可用数量 */
    this.stock = new Map();
    /** @type {Map<string, Reservation>} */
    this.reservations = new Map();
  }

  /** @param {string} sku */
  get(sku) {
    const qty = this.stock.get(sku);
    if (qty === undefined) throw new HttpError(404, `没有这个 SKU: ${sku}`);
    return { sku, qty };
  }

  /**
   * 设置可用数量（绝对值，不是增减）。
   * @param {string} sku
   * @param {number} qty
   */
  set(sku, qty) {
    this.stock.set(sku, qty);
    return { sku, qty };
  }

  /**
   * 预留：从可用数量里扣，15 分钟内要 confirm。
   * @param {string} sku
   * @param {number} qty
   */
  reserve(sku, qty) {
    const { qty: available } = this.get(sku);
    if (available < qty) throw new HttpError(409, `库存不足: ${sku} 剩 ${available}，要 ${qty}`);
    this.stock.set(sku, available - qty);
    /** @type {Reservation} */
    const r = { id: randomUUID(), sku, qty, status: 'held', expiresAt: this.now() + RESERVATION_TTL_MS };
    this.reservations.set(r.id, r);
    return r;
  }

  /**
   * 确认预留（用户付款了）。过期的返回 410，库存已经还回去了。
   * @param {string} id
   */
  confirm(id) {
    const r = this.reservations.get(id);
    if (!r) throw new HttpError(404, `没有这个预留: ${id}`);
    if (r.status === 'held' && this.expired(r)) this.release(r);
    if (r.status === 'released') throw new HttpError(410, '预留已过期，库存已释放');
    if (r.status === 'confirmed') throw new HttpError(409, '预留已经确认过了');
    r.status = 'confirmed';
    return r;
  }

  /** @param {Reservation} r */
  expired(r) {
    return this.now() < r.expiresAt;
  }

  /** @param {Reservation} r */
  release(r) {
    r.status = 'released';
    this.stock.set(r.sku, (this.stock.get(r.sku) ?? 0) + r.qty);
  }

  /** 释放所有过期的预留，返回释放了几个。main.js 里的定时器每 SWEEP_INTERVAL_MS 调一次。 */
  sweep() {
    let n = 0;
    for (const r of this.reservations.values()) {
      if (r.status === 'held' && this.expired(r)) {
        this.release(r);
        n++;
      }
    }
    return n;
  }
}
