// @ts-check
/**
 * 库存和预留。所有修改都变成事件走 commit()：先改内存，再写 journal（见 journal.js）；
 * 启动时用快照 + 事件重放出同样的状态。
 * 预留下单时扣库存，RESERVATION_TTL_MS（15 分钟）内没有 confirm 就释放，库存加回去。
 * TODO: confirmed / released 的预留一直留在 Map 里，现在一天几千个无所谓，量大了要定期清理。
 */
import { randomUUID } from 'node:crypto';
import { HttpError } from './http.js';

/** 预留保留 15 分钟，和支付页上的倒计时一致。 */
export const RESERVATION_TTL_MS = 15 * 60 * 1000;

/** @typedef {{id: string, sku: string, qty: number, status: 'held' | 'confirmed' | 'released', expiresAt: number}} Reservation */
/** @typedef {{t: 'set', sku: string, qty: number} | {t: 'reserve', id: string, sku: string, qty: number, expiresAt: number} | {t: 'confirm', id: string} | {t: 'release', id: string}} Event */

export class Store {
  /**
   * @param {{now?: () => number, journal?: import('./journal.js').Journal | null}} [opts]
   *   now 可以注入，测试里用假时钟；没有 journal 就只在内存里
   */
  constructor({ now = Date.now, journal = null } = {}) {
    this.now = now;
    this.journal = journal;
    /** @type {Map<string, number>} SKU -> 可用数量 */
    this.stock = new Map();
    /** @type {Map<string, Reservation>} */
    this.reservations = new Map();
    if (journal) this.restore(journal.load());
  }

  /** @param {{snapshot: any, events: Event[]}} saved */
  restore({ snapshot, events }) {
    if (snapshot) {
      this.stock = new Map(snapshot.stock);
      this.reservations = new Map(snapshot.reservations.map((/** @type {Reservation} */ r) => [r.id, r]));
    }
    for (const e of events) this.apply(e);
  }

  /** 所有修改都走这里：先改内存，再追加到 journal，够行数了写快照。 @param {Event} e */
  commit(e) {
    this.apply(e);
    if (!this.journal) return;
    this.journal.append(e);
    if (this.journal.lines >= this.journal.snapshotEvery) this.journal.snapshot(this.toJSON());
  }

  /** @param {Event} e */
  apply(e) {
    switch (e.t) {
      case 'set':
        this.stock.set(e.sku, e.qty);
        break;
      case 'reserve':
        this.stock.set(e.sku, (this.stock.get(e.sku) ?? 0) - e.qty);
        this.reservations.set(e.id, { id: e.id, sku: e.sku, qty: e.qty, status: 'held', expiresAt: e.expiresAt });
        break;
      case 'confirm':
        /** @type {Reservation} */ (this.reservations.get(e.id)).status = 'confirmed';
        break;
      case 'release': {
        const r = /** @type {Reservation} */ (this.reservations.get(e.id));
        r.status = 'released';
        this.stock.set(r.sku, (this.stock.get(r.sku) ?? 0) + r.qty);
        break;
      }
    }
  }

  toJSON() {
    return { stock: [...this.stock], reservations: [...this.reservations.values()] };
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
    this.commit({ t: 'set', sku, qty });
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
    const id = randomUUID();
    this.commit({ t: 'reserve', id, sku, qty, expiresAt: this.now() + RESERVATION_TTL_MS });
    return /** @type {Reservation} */ (this.reservations.get(id));
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
    this.commit({ t: 'confirm', id });
    return r;
  }

  /** @param {Reservation} r */
  expired(r) {
    return this.now() >= r.expiresAt;
  }

  /** @param {Reservation} r */
  release(r) {
    this.commit({ t: 'release', id: r.id });
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
