// @ts-check
/** 库存和预留，先放内存里。 */
import { randomUUID } from 'node:crypto';
import { HttpError } from './http.js';

export class Store {
  constructor() {
    /** @type {Map<string, number>} SKU -> 可用数量 */
    this.stock = new Map();
    /** @type {Map<string, {id: string, sku: string, qty: number}>} */
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
   * 预留：直接从可用数量里扣。
   * @param {string} sku
   * @param {number} qty
   */
  reserve(sku, qty) {
    const { qty: available } = this.get(sku);
    if (available < qty) throw new HttpError(409, `库存不足: ${sku} 剩 ${available}，要 ${qty}`);
    this.stock.set(sku, available - qty);
    const r = { id: randomUUID(), sku, qty };
    this.reservations.set(r.id, r);
    return r;
  }
}
