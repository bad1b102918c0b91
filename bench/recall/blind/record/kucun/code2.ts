/** JS fragments the second kucun session edits in (TTL route, journal recovery, main.js wiring). */

export const itemRe = 'const ITEM = /^\\/items\\/([A-Za-z0-9._-]{1,64})$/;\n';
export const itemConfirmRe = `${itemRe}/** /reservations/<uuid>/confirm */
const CONFIRM = /^\\/reservations\\/([0-9a-f-]{36})\\/confirm$/;
`;

export const notFound = '      throw new HttpError(404, `没有这个接口: ${req.method} ${url.pathname}`);\n';
export const confirmRoute = `      const confirm = CONFIRM.exec(url.pathname);
      if (confirm && req.method === 'POST') return send(res, 200, store.confirm(confirm[1]));
${notFound}`;

export const bodyLimit = 'export const BODY_LIMIT = 64 * 1024;\n';
export const sweepInterval = `${bodyLimit}
/** 多久扫一次过期预留。30 秒：过期之后最多晚 30 秒把库存还回去，够用。 */
export const SWEEP_INTERVAL_MS = 30 * 1000;
`;
export const sweepIntervalLine = 'export const SWEEP_INTERVAL_MS = 30 * 1000;\n';
export const dataDir = `${sweepIntervalLine}
/** journal 和快照放在哪。 */
export const DATA_DIR = process.env.KUCUN_DATA_DIR ?? './data';
`;

export const expiredBug = 'return this.now() < r.expiresAt;';
export const expiredFix = 'return this.now() >= r.expiresAt;';

export const loadV1 = `    const events = text
      .split('\\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    this.lines = events.length;`;

export const loadV2 = `    const lines = text.split('\\n');
    if (lines.at(-1) === '') lines.pop();
    /** @type {any[]} */
    const events = [];
    lines.forEach((line, i) => {
      try {
        events.push(JSON.parse(line));
      } catch (err) {
        // 最后一行写了一半（进程被杀/掉电）：丢掉这一条，ERP 的全量同步会补回来。
        // 中间的行坏了说明文件被人改过或者磁盘有问题，不能悄悄跳过，直接报错。
        if (i === lines.length - 1) {
          console.warn(\`journal: 丢弃写了一半的最后一行（\${line.length} 字节）\`);
          return;
        }
        throw new Error(\`journal 第 \${i + 1} 行坏了: \${/** @type {Error} */ (err).message}\`);
      }
    });
    this.lines = events.length;`;

export const warnOld = `          console.warn(\`journal: 丢弃写了一半的最后一行（\${line.length} 字节）\`);
          return;`;

export const warnNew = `          console.warn(\`journal: 丢弃写了一半的最后一行（\${line.length} 字节）\`);
          // 必须把这半行从文件里截掉：不然下一条 append 会接在它后面，下次启动时整行又被当成
          // "写了一半" 丢掉，等于悄悄丢了一次写入。
          truncateSync(this.file, Buffer.byteLength(text) - Buffer.byteLength(line));
          return;`;

export const fsImportOld =
  "import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';";
export const fsImportNew =
  "import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, truncateSync, writeFileSync } from 'node:fs';";

export const mainImportsOld = `import { HOST, PORT, SWEEP_INTERVAL_MS } from './config.js';
import { Store } from './store.js';

const store = new Store();`;

export const mainImportsNew = `import { DATA_DIR, HOST, PORT, SWEEP_INTERVAL_MS } from './config.js';
import { Journal } from './journal.js';
import { Store } from './store.js';

const store = new Store({ journal: new Journal(DATA_DIR) });`;

export const gitignore = 'node_modules/\ndata/\n';
