/** kucun, session 3 (Thu 12 Nov): Idempotency-Key after a double reservation, a retry-safety audit by an agent, README, v0.3.0. */
import { filesOf } from '../files.js';
import { tools } from '../tools.js';
import type { Session } from '../types.js';
import { startBg, stopBg } from './code1.js';
import * as c from './code3.js';

const f = filesOf('kucun');

const AUDIT =
  '在 /tmp/memtray-blind/kucun 里，列出 src/app.js 中所有会修改数据的接口（POST / PUT / DELETE），逐个判断：客户端超时后用同样的请求重试一次，是否安全？是走了 IdempotencyCache，还是本身就是幂等的，还是重试会重复执行或者返回错误？请给出 文件:行号。';

export function session3(dir: string): Session {
  const t = tools(dir);
  return {
    label: 'kucun-3-idempotency',
    start: '2026-11-12T03:00:00Z',
    prompts: [
      {
        mode: 'new',
        prompt:
          '测试环境发现同一个订单预留了两次，是前端超时重试导致的（网关 3 秒超时，我们高峰的时候偶尔要 3 秒多）。加个 Idempotency-Key 吧',
        turn: {
          steps: [
            { tool: t.read('src/app.js') },
            {
              text: '方案：前端每个订单生成一个 key 放在 `Idempotency-Key` 头里，服务端记住 key → 第一次的响应，重试直接原样返回。几个细节我是这么定的：\n\n- 保留 24 小时：前端最多重试几分钟，24 小时很宽裕\n- 同一个 key 换了请求体 → 422，那是前端复用了 key，不是重试\n- 只缓存成功的响应：409 库存不足不缓存，补货之后同一个 key 重试应该能成功\n- 不需要处理“第一个请求还在处理中”：handler 是同步的，Node 单线程，两个请求不会交错\n- 只放内存，不写 journal：重启恰好落在一次重试中间的概率很小',
              tool: t.write('src/idempotency.js', f('idempotency.js')),
            },
            { tool: t.edit('src/app.js', c.appImportOld, c.appImportNew) },
            { tool: t.edit('src/app.js', c.createOld, c.createNew) },
            { tool: t.edit('src/app.js', c.reserveRouteOld, c.reserveRouteNew) },
            { tool: t.write('test/idempotency.test.js', f('idempotency.test.js')) },
            { tool: t.bash('npm test', 'Run the tests'), fails: true, expect: '# fail 2' },
            {
              text: '两个 HTTP 的测试挂了，行为就像根本没传 key。我怀疑是请求头的大小写，验证一下 Node 收到的头名是什么样的：',
              tool: t.bash(c.headerProbe, 'Print the header names a Node server receives'),
              expect: "'idempotency-key'",
            },
            {
              text: "果然：Node 会把请求头名统一转成小写，`req.headers['Idempotency-Key']` 永远是 undefined，所以每个请求都被当成没有 key。改成小写：",
              tool: t.edit('src/app.js', c.headerOld, c.headerNew),
            },
            {
              text: '看看还有没有别的地方用大写读 header：',
              tool: t.grep('headers\\[', { path: 'src' }),
              expect: 'idempotency-key',
            },
            {
              tool: t.bash('npm test 2>&1 | grep -E "^# (pass|fail)"', 'Run the tests again'),
              expect: '# pass 18',
            },
          ],
          final:
            "`POST /reservations` 支持 `Idempotency-Key` 了（`src/idempotency.js`）：同一个 key 重试返回第一次的结果，不会重复扣库存；同 key 不同请求体 422；记录保留 24 小时（`IDEMPOTENCY_TTL_MS`），只缓存成功的响应。\n\n第一次测试没过，是因为我用 `req.headers['Idempotency-Key']` 读头，而 Node 会把头名转成小写，已改成 `idempotency-key`。18 个测试全过。前端那边要保证每个订单一个 key、重试时带同一个 key。",
        },
      },
      {
        mode: 'continue',
        gapMin: 9,
        prompt: '前端问 key 用什么格式好？要不要限制长度？',
        turn: {
          steps: [
            {
              text: '格式建议：每个订单的每种操作一个 key，例如 `order-<订单号>-reserve`。可读，排查问题时直接能对上订单；用 UUID 也可以，但前端就得把它和订单一起存下来，重试时才能带上同一个。关键是重试必须带同一个 key，新的下单必须换新 key。\n\n长度限制加一个：128 个字符，订单号加操作名绰绰有余，也防止有人塞超长的 key 占内存。超过返回 400。',
              tool: t.edit('src/idempotency.js', c.ttlLine, c.maxKeyLen),
            },
            { tool: t.edit('src/idempotency.js', c.noKeyOld, c.noKeyNew) },
            { tool: t.edit('test/idempotency.test.js', c.expiryTestEnd, c.keyLengthTest) },
            {
              tool: t.bash('npm test 2>&1 | grep -E "^# (pass|fail)"', 'Run the tests'),
              expect: '# pass 19',
            },
            {
              text: '用 curl 模拟一次前端重试，两次请求带同一个 key：',
              tool: t.bash(
                `rm -rf /tmp/kucun-idem && ${startBg('/tmp/kucun-idem')} && curl -s -XPUT localhost:18087/items/SKU-1 -d '{"qty":10}' > /dev/null && for i in 1 2; do curl -s -XPOST localhost:18087/reservations -H 'Idempotency-Key: order-20261112-0042-reserve' -d '{"sku":"SKU-1","qty":3}' | grep -o '"id":"[^"]*"'; done; curl -s localhost:18087/items/SKU-1; echo; ${stopBg}`,
                'Simulate a retried reservation with curl',
              ),
              expect: '{"sku":"SKU-1","qty":7}',
            },
          ],
          final:
            '建议前端用 `order-<订单号>-<操作>` 做 key（比如 `order-20261112-0042-reserve`），重试带同一个，新操作换新的。服务端限制 key 最长 128 个字符（`MAX_KEY_LENGTH`），超过返回 400。curl 模拟重试：两次拿到的是同一个预留 id，库存只扣了一次（10 → 7）。19 个测试全过。',
        },
      },
      {
        mode: 'continue',
        gapMin: 12,
        prompt: '用 agent 查一下，还有哪些会改数据的接口在重试的时候不安全',
        turn: {
          steps: [
            {
              text: '让一个 Explore agent 去过一遍所有写接口。',
              tool: t.agent('Audit retry safety of write routes', AUDIT),
            },
            {
              text: 'agent 找到一个：`POST /reservations/:id/confirm` 重复调用会返回 409 "预留已经确认过了"。前端 confirm 超时后重试，明明已经成功了却看到一个错误，很可能会提示用户“支付失败”。confirm 本身改成幂等就行：已经确认过的原样返回 200。先写测试：',
              tool: t.read('test/reservations.test.js'),
            },
            { tool: t.edit('test/reservations.test.js', c.sweepTestEnd, c.confirmTwiceTest) },
            {
              tool: t.bash(
                'npm test 2>&1 | grep -E "^not ok|^# (pass|fail)|!=="',
                'Run the tests, failures only',
              ),
              expect: '409 !== 200',
            },
            { tool: t.read('src/store.js') },
            { tool: t.edit('src/store.js', c.confirmOld, c.confirmNew) },
            { tool: t.edit('src/store.js', c.confirmDocOld, c.confirmDocNew) },
            {
              tool: t.bash('npm test 2>&1 | grep -E "^# (pass|fail)"', 'Run the tests again'),
              expect: '# pass 20',
            },
          ],
          final:
            '写接口的重试安全性：\n\n- `PUT /items/:sku`：设置绝对值，天然幂等 ✅\n- `POST /reservations`：走 IdempotencyCache ✅\n- `POST /reservations/:id/confirm`：原来重复调用返回 409 ❌，现在已确认的原样返回 200 ✅（过期的仍然 410）\n\n20 个测试全过。',
        },
        subagents: [
          {
            key: AUDIT.slice(0, 60),
            steps: [
              {
                text: '先找出所有路由。',
                tool: t.grep("req\\.method === '(POST|PUT|DELETE)'", { path: 'src/app.js' }),
                expect: 'PUT',
              },
              { tool: t.grep('idempotency', { path: 'src/app.js', ignoreCase: true }) },
              { tool: t.grep('HttpError\\(4', { path: 'src/store.js' }), expect: '预留已经确认过了' },
              { tool: t.read('src/store.js', { offset: 100, limit: 20 }) },
            ],
            final:
              "会修改数据的接口共 3 个：\n\n1. `PUT /items/:sku`（src/app.js:27）：设置绝对值，同样的请求重复执行结果相同，**天然幂等，重试安全**。\n2. `POST /reservations`（src/app.js:32）：通过 `idempotency.run(...)` 处理 `Idempotency-Key`，带 key 重试安全；不带 key 会重复预留（这是预期行为）。\n3. `POST /reservations/:id/confirm`（src/app.js:43 → store.confirm）：**重试不安全**。第一次确认成功后，重复调用会进入 src/store.js:114 `if (r.status === 'confirmed') throw new HttpError(409, '预留已经确认过了')`，客户端重试会收到 409，尽管第一次已经成功。",
          },
        ],
      },
      {
        mode: 'continue',
        gapMin: 30,
        prompt: 'README 写一下：怎么启动、环境变量、接口和错误码。中文就行',
        turn: {
          steps: [
            { tool: t.grep('process\\.env\\.', { path: 'src' }), expect: 'KUCUN_DATA_DIR' },
            { tool: t.grep('HttpError\\((\\d+)', { path: 'src', mode: 'content' }), expect: '413' },
            {
              text: '环境变量和错误码都从代码里核对过了，写 README：',
              tool: t.write('README.md', f('README.md')),
            },
          ],
          final:
            'README.md 写好了：启动方式、三个环境变量（`KUCUN_PORT` / `KUCUN_HOST` / `KUCUN_DATA_DIR`）、接口列表、错误码表（400/404/409/410/413/422）、持久化方式和压测命令，也写了为什么是 JS + JSDoc 而不是 TypeScript。',
        },
      },
      {
        mode: 'continue',
        gapMin: 6,
        prompt: 'commit，版本 0.3.0，打个 tag',
        turn: {
          steps: [
            { tool: t.read('package.json') },
            { tool: t.edit('package.json', '"version": "0.2.0"', '"version": "0.3.0"') },
            {
              tool: t.bash(
                'npm test 2>&1 | grep -E "^# (pass|fail)" && git status --short',
                'Tests and status',
              ),
              expect: '# pass 20',
            },
            {
              tool: t.bash(
                'git add -A && git commit -qm "feat: 预留支持 Idempotency-Key，重复 confirm 幂等；README" && git tag -a v0.3.0 -m "kucun 0.3.0" && git log --oneline --decorate',
                'Commit and tag v0.3.0',
              ),
              expect: 'tag: v0.3.0',
            },
          ],
          final: '已提交并打了 tag v0.3.0："feat: 预留支持 Idempotency-Key，重复 confirm 幂等；README"。',
        },
      },
    ],
  };
}
