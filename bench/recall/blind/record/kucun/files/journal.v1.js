// @ts-check
/**
 * 持久化：追加写的 JSONL 日志（KUCUN_DATA_DIR/journal.jsonl），启动时重放。
 *
 * 为什么不用 SQLite：Node 20 没有 node:sqlite（22.5 才加），又不能装 npm 包。
 * 为什么不是每次把整个状态写成一个 JSON 文件：几万个 SKU 每个请求都重写太慢，而且写到一半进程挂了文件就坏了。
 * append 之后不 fsync：掉电最多丢最后几条。ERP 每 5 分钟全量推一次库存，丢掉的会被补回来，这个代价可以接受。
 * 日志超过 snapshotEvery 行（默认 SNAPSHOT_EVERY）就写一次快照（先写 .tmp 再 rename，是原子的），然后清空日志。
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SNAPSHOT_EVERY = 10_000;

export class Journal {
  /**
   * @param {string} dir
   * @param {{snapshotEvery?: number}} [opts]
   */
  constructor(dir, { snapshotEvery = SNAPSHOT_EVERY } = {}) {
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'journal.jsonl');
    this.snapshotFile = join(dir, 'snapshot.json');
    this.snapshotEvery = snapshotEvery;
    this.lines = 0;
  }

  /** @param {object} event */
  append(event) {
    appendFileSync(this.file, `${JSON.stringify(event)}\n`);
    this.lines++;
  }

  /** 读出快照和快照之后的事件。 */
  load() {
    const snapshot = existsSync(this.snapshotFile) ? JSON.parse(readFileSync(this.snapshotFile, 'utf8')) : null;
    const text = existsSync(this.file) ? readFileSync(this.file, 'utf8') : '';
    const events = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    this.lines = events.length;
    return { snapshot, events };
  }

  /** @param {object} state 当前完整状态 */
  snapshot(state) {
    const tmp = `${this.snapshotFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, this.snapshotFile);
    writeFileSync(this.file, '');
    this.lines = 0;
  }
}
