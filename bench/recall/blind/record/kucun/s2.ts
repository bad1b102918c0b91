/** kucun, session 2 (Fri 6 Nov): reservation TTL, a JSONL journal (no node:sqlite on Node 20), a home-made load test. */
import { filesOf } from '../files.js';
import { tools } from '../tools.js';
import type { Session, ToolOutcome } from '../types.js';
import { startBg, stopBg } from './code1.js';
import * as c from './code2.js';

const f = filesOf('kucun');

/** `GET 20000 个请求, 并发 50: 7735 req/s, p50 5.63 ms, p99 28.30 ms, 错误 0` -> its numbers. */
function benchOf(prev: ToolOutcome | undefined, method: string): string {
  const m = (prev?.content ?? '').match(
    new RegExp(
      `${method} \\d+ 个请求, 并发 \\d+: (\\d+) req/s, p50 ([\\d.]+) ms, p99 ([\\d.]+) ms, 错误 (\\d+)`,
    ),
  );
  return m ? `${m[1]} req/s（p50 ${m[2]} ms，p99 ${m[3]} ms，错误 ${m[4]}）` : '?';
}

export function session2(dir: string): Session {
  const t = tools(dir);
  /** The GET benchmark, remembered for the comparison with POST. */
  let getResult = '?';
  return {
    label: 'kucun-2-ttl-journal',
    start: '2026-11-06T06:30:00Z',
    prompts: [
      {
        mode: 'new',
        prompt:
          '上次的预留是直接扣库存的，问题是用户不付款的话库存就一直被占着。加个 TTL：15 分钟没 confirm 就自动释放，库存加回去。confirm 接口也要加',
        turn: {
          steps: [
            { tool: t.bash('git log --oneline && ls src test', 'Where we left off'), expect: 'feat:' },
            { tool: t.read('src/store.js') },
            {
              text: '设计：\n- 预留加上 `status`（held / confirmed / released）和 `expiresAt`，TTL 15 分钟（和支付页倒计时一致）\n- `POST /reservations/:id/confirm`：过期的返回 410 Gone（库存已经还回去了），重复确认 409\n- 释放有两条路：confirm 的时候顺便检查；再加一个定时器每 30 秒 `sweep()` 一次，所以过期后最多晚 30 秒还库存\n- 时钟可以注入（`now`），测试里用假时钟，不用真的等 15 分钟',
              tool: t.write('src/store.js', f('store.v2.js')),
            },
            { tool: t.read('src/config.js') },
            { tool: t.edit('src/config.js', c.bodyLimit, c.sweepInterval) },
            { tool: t.read('src/app.js') },
            { tool: t.edit('src/app.js', c.itemRe, c.itemConfirmRe) },
            { tool: t.edit('src/app.js', c.notFound, c.confirmRoute) },
            { text: 'main.js 里起定时器，`unref()` 一下，不让它拦着进程退出：', tool: t.read('src/main.js') },
            { tool: t.write('src/main.js', f('main.v2.js')) },
            { tool: t.write('test/reservations.test.js', f('reservations.test.js')) },
            {
              tool: t.bash(
                'npm test 2>&1 | grep -E "^not ok|^# (pass|fail)|!=="',
                'Run the tests, failures only',
              ),
              expect: '# fail 3',
            },
            {
              text: '3 个新测试全挂，而且是反着挂的：没过期的 confirm 得到 410，过期的反而 200。`expired()` 的比较写反了，我写成了 `now < expiresAt`，那是“还没过期”。改成 `now >= expiresAt`，正好 15 分钟整也算过期。',
              tool: t.edit('src/store.js', c.expiredBug, c.expiredFix),
            },
            {
              tool: t.bash('npm test 2>&1 | grep -E "^# (pass|fail)"', 'Run the tests again'),
              expect: '# pass 11',
            },
          ],
          final:
            '预留现在有 TTL 了：\n\n- 15 分钟（`RESERVATION_TTL_MS`）内 `POST /reservations/:id/confirm` 成功；过期返回 410，库存加回去；重复确认 409\n- `main.js` 每 30 秒（`SWEEP_INTERVAL_MS`）`sweep()` 一次，定时器 `unref()`\n- 第一次测试发现 `expired()` 比较写反了，已修，11 个测试全过\n\n留了一个 TODO：confirmed / released 的预留一直留在内存 Map 里，现在量小先不管。',
        },
      },
      {
        mode: 'continue',
        gapMin: 15,
        prompt: '还有个问题：重启以后库存全没了，要持久化。node 20 应该没有 node:sqlite 吧？',
        turn: {
          steps: [
            {
              tool: t.bash(`node -e "require('node:sqlite')"`, 'Check for node:sqlite'),
              fails: true,
              expect: 'ERR_UNKNOWN_BUILTIN_MODULE',
            },
            {
              text: '确实没有，`node:sqlite` 是 22.5 才加的。不能装包的话，我的方案是追加写的 JSONL 日志（event sourcing 的简化版）：\n\n- 每个修改变成一个事件（set / reserve / confirm / release），先改内存，再 append 一行到 `journal.jsonl`\n- 启动时读快照 + 重放 journal\n- journal 满 10000 行写一次快照，先写 `.tmp` 再 `rename`，是原子的，然后清空 journal\n- append 之后不 fsync：掉电最多丢最后几条，ERP 每 5 分钟会全量推一次库存，能补回来\n\n为什么不每次把整个状态写成一个 JSON 文件：几万个 SKU 每个请求都整个重写太慢，写到一半进程挂了文件就坏了。',
              tool: t.write('src/journal.js', f('journal.v1.js')),
            },
            {
              text: 'store 改成所有修改都走 `commit(event)`，重放用同一个 `apply()`，保证两条路径一致：',
              tool: t.write('src/store.js', f('store.v3.js')),
            },
            { tool: t.edit('src/config.js', c.sweepIntervalLine, c.dataDir) },
            { tool: t.edit('src/main.js', c.mainImportsOld, c.mainImportsNew) },
            {
              text: '测试：重启恢复、快照，还有一个重要的：最后一行只写了一半（进程被 kill -9 或者掉电）。',
              tool: t.write('test/journal.test.js', f('journal.test.js')),
            },
            { tool: t.bash('npm test', 'Run the tests'), fails: true, expect: 'Unterminated string in JSON' },
            {
              text: '半行的情况直接 `JSON.parse` 抛 SyntaxError，服务就起不来了。改成：最后一行解析失败就丢掉它、打个 warning；中间的行坏了就直接报错，那说明文件被改过或者磁盘有问题，不能悄悄跳过。',
              tool: t.edit('src/journal.js', c.loadV1, c.loadV2),
            },
            { tool: t.bash('npm test', 'Run the tests again'), fails: true, expect: '没有这个 SKU: SKU-3' },
            {
              text: '还是挂，而且这个更隐蔽：恢复之后写的 SKU-3 再重启就没了。原因是那半行还留在文件里，下一条 append 直接接在它后面，拼出来的一整行又是坏的，下次启动又被当成“写了一半”丢掉。等于悄悄丢了一次写入。所以丢弃的时候必须把这半行从文件里截掉：',
              tool: t.edit('src/journal.js', c.warnOld, c.warnNew),
            },
            { tool: t.edit('src/journal.js', c.fsImportOld, c.fsImportNew) },
            {
              tool: t.bash('npm test 2>&1 | grep -E "^# (pass|fail)|journal:"', 'Run the tests again'),
              expect: '# pass 14',
            },
            {
              text: '再实际重启一次服务看看：',
              tool: t.bash(
                `rm -rf /tmp/kucun-smoke && ${startBg('/tmp/kucun-smoke')} && curl -s -XPUT localhost:18087/items/SKU-1 -d '{"qty":100}' && echo && curl -s -XPOST localhost:18087/reservations -d '{"sku":"SKU-1","qty":30}' && echo && ${stopBg} && ${startBg('/tmp/kucun-smoke')} && curl -s localhost:18087/items/SKU-1 && echo && ${stopBg} && wc -l /tmp/kucun-smoke/journal.jsonl`,
                'Restart the service and check the stock survives',
              ),
              expect: '{"sku":"SKU-1","qty":70}',
            },
          ],
          final:
            '持久化好了，没有依赖：`src/journal.js` 追加写 `$KUCUN_DATA_DIR/journal.jsonl`（默认 `./data`），满 10000 行写快照，启动时快照 + 重放。重启实测：库存 100、预留 30，重启后还是 70，journal 2 行。\n\n测试抓到两个问题：\n1. 最后一行写了一半时 `JSON.parse` 直接抛异常，服务起不来 → 现在丢掉最后一行并 warning，中间行坏了仍然报错\n2. 只丢不截的话，下一条 append 会接在半行后面，下次重启悄悄丢数据 → 现在会把半行截掉\n\n14 个测试全过。',
        },
      },
      {
        mode: 'continue',
        gapMin: 10,
        prompt: '内网装不了 autocannon，你写个简单的压测脚本，看看 QPS 大概多少。读和写（预留）都测一下',
        turn: {
          steps: [
            {
              text: '写一个最简单的：`http.Agent` 开 keep-alive，固定并发，打固定数量的请求，统计 QPS 和 p50/p99 延迟。',
              tool: t.write('scripts/bench.js', f('bench.js')),
            },
            {
              text: '先压读：SKU-1 设成 100 万，2 万个 GET，并发 50。',
              tool: t.bash(
                `rm -rf /tmp/kucun-bench && ${startBg('/tmp/kucun-bench')} && curl -s -XPUT localhost:18087/items/SKU-1 -d '{"qty":1000000}' > /dev/null && node scripts/bench.js http://127.0.0.1:18087/items/SKU-1 20000 50`,
                'Benchmark GET /items',
              ),
              expect: 'req/s',
            },
            {
              text: (prev) => {
                getResult = benchOf(prev, 'GET');
                return `读：${getResult}。再压写，5000 个预留，每个都要 append 一行 journal：`;
              },
              tool: t.bash(
                `node scripts/bench.js http://127.0.0.1:18087/reservations 5000 50 POST; wc -l /tmp/kucun-bench/journal.jsonl; ${stopBg}`,
                'Benchmark POST /reservations and count journal lines',
              ),
              expect: '5001 /tmp/kucun-bench/journal.jsonl',
            },
          ],
          final: (prev) =>
            `结果（这台 2 核测试机，服务和压测脚本在同一台机器上，数字偏保守）：\n\n- 读 \`GET /items/:sku\`：${getResult}\n- 写 \`POST /reservations\`：${benchOf(prev, 'POST')}\n\njournal 正好 5001 行（1 个 PUT + 5000 个预留），没到 10000 行，所以还没触发快照。写比读慢，主要是每个请求一次同步 \`appendFileSync\`。ERP 峰值也就每秒两百个请求左右，离这个还差得远，所以先不做批量写 / 异步写，保持简单。`,
        },
      },
      {
        mode: 'continue',
        gapMin: 5,
        prompt: 'OK，commit。版本号改成 0.2.0',
        turn: {
          steps: [
            { tool: t.read('package.json') },
            { tool: t.edit('package.json', '"version": "0.1.0"', '"version": "0.2.0"') },
            { text: 'data/ 是运行时数据，不进 git：', tool: t.read('.gitignore') },
            { tool: t.write('.gitignore', c.gitignore) },
            {
              tool: t.bash(
                'git add -A && git commit -qm "feat: 预留 15 分钟 TTL + confirm；journal 持久化（JSONL + 快照）；压测脚本" && git log --oneline',
                'Commit 0.2.0',
              ),
              expect: 'TTL',
            },
          ],
          final:
            '已提交（0.2.0）："feat: 预留 15 分钟 TTL + confirm；journal 持久化（JSONL + 快照）；压测脚本"。`data/` 加进了 .gitignore。',
        },
      },
    ],
  };
}
