/** kucun, session 1 (Mon 2 Nov): scaffold with node built-ins only (no TS: Node 20), stock and reservation routes. */
import { filesOf } from '../files.js';
import { tools } from '../tools.js';
import type { Session } from '../types.js';
import * as c from './code1.js';

const f = filesOf('kucun');

export function session1(dir: string): Session {
  const t = tools(dir);
  const npmTest = t.bash('npm test', 'Run the tests');
  return {
    label: 'kucun-1-scaffold',
    start: '2026-11-02T02:10:00Z',
    prompts: [
      {
        mode: 'new',
        prompt:
          '新建一个库存服务 kucun。只用 node 内置模块（node:http, node:test），不要装任何 npm 包，内网 CI 连不上 registry。本来想用 TypeScript，但是不想要 build step —— node 能直接跑 ts 吗？',
        turn: {
          steps: [
            {
              text: '先看一下这台机器上的 Node 版本。',
              tool: t.bash('node --version && npm --version', 'Check node and npm versions'),
              expect: 'v20.',
            },
            {
              text: 'Node 20。直接跑 TS 要靠 `--experimental-strip-types`，试一下：',
              tool: t.bash(
                'node --experimental-strip-types -e "const n: number = 1; console.log(n)"',
                'Try running TypeScript directly',
              ),
              fails: true,
              expect: 'bad option: --experimental-strip-types',
            },
            {
              text: '不行：`--experimental-strip-types` 是 Node 22.6 才加的，Node 20 直接报 bad option。不要 build step 的话，我建议写带 JSDoc 类型注释的 JS，文件开头加 `// @ts-check`。编辑器（VS Code 自带的 TS server）照样做类型检查，运行时什么都不用装。以后 CI 升到 Node 22+，再改成 .ts 也不难。\n\n先写 package.json：`type: module`（ESM），没有 dependencies，`npm test` 就是 `node --test`。',
              tool: t.write('package.json', f('package.json')),
            },
            {
              text: '配置都从环境变量读：端口默认 8087（8080/8081 在测试机上被老 ERP 网关占了），只听 127.0.0.1（外面有 nginx），请求体上限 64 KiB。',
              tool: t.write('src/config.js', f('config.v1.js')),
            },
            {
              text: 'HTTP 小工具：读 JSON 请求体（超过上限 413、不是 JSON 400）、发 JSON 响应、带状态码的 HttpError。',
              tool: t.write('src/http.js', f('http.js')),
            },
            {
              text: '路由先只有 /healthz，接口不多，用正则匹配就够了，不引框架。',
              tool: t.write('src/app.js', f('app.v0.js')),
            },
            { tool: t.write('src/main.js', f('main.v1.js')) },
            {
              text: '测试工具：每个测试文件在随机端口（listen(0)）起一个服务，用 Node 20 自带的 fetch 发请求。',
              tool: t.write('test/helpers.js', f('helpers.v0.js')),
            },
            { tool: t.write('test/health.test.js', f('health.test.js')) },
            {
              tool: t.bash('git init -q && npm test 2>&1 | tail -9', 'Init git and run the tests'),
              expect: '# pass 2',
            },
          ],
          final:
            '骨架搭好了：\n\n- Node 20 跑不了 TS（`--experimental-strip-types` 要 22.6+），所以用 JS + JSDoc + `// @ts-check`，没有 build step，也没有任何依赖\n- `src/config.js`：`KUCUN_PORT`（默认 8087）、`KUCUN_HOST`（默认 127.0.0.1）、请求体上限 64 KiB\n- `src/http.js` / `src/app.js` / `src/main.js`，测试用 node:test + fetch，`npm test` 2 个测试通过',
        },
      },
      {
        mode: 'continue',
        gapMin: 6,
        prompt:
          '接口：GET /items/:sku 查库存，PUT /items/:sku 设置库存 {qty}，POST /reservations {sku, qty} 做预留，直接扣库存，库存不够返回 409',
        turn: {
          steps: [
            {
              text: '库存先放内存里的 Map（持久化以后再说）。PUT 设置的是绝对值，不是增减，这样重复调用结果一样。预留直接扣可用数量，不够就抛 409。',
              tool: t.write('src/store.js', f('store.v1.js')),
            },
            { tool: t.edit('src/app.js', c.httpImportOld, c.httpImportNew) },
            { tool: t.edit('src/app.js', c.createOld, c.createNew) },
            {
              text: '路由：SKU 只允许字母数字和 `._-`，最长 64；qty 必须是整数，预留的 qty 必须是正整数。',
              tool: t.edit('src/app.js', c.healthRoute, c.routesBuggy),
            },
            {
              text: '测试工具里的服务要能拿到 store：',
              tool: t.edit('test/helpers.js', c.helpersImportOld, c.helpersImportNew),
            },
            { tool: t.edit('test/helpers.js', c.startOld, c.startNew) },
            { tool: t.edit('test/helpers.js', c.baseOld, c.baseNew) },
            { tool: t.write('test/items.test.js', f('items.test.js')) },
            { tool: npmTest, fails: true, expect: '400 !== 201' },
            {
              text: '两个预留的测试挂了，都返回 400 而不是 201 / 409。原因是我在 POST /reservations 里漏了 `await`：`readJson()` 返回的是 Promise，`body.sku` 永远是 undefined，所以一律 400 "sku 必填"。"qty 必须是正整数" 那个测试只是碰巧过了。',
              tool: t.edit('src/app.js', c.awaitOld, c.awaitNew),
            },
            {
              text: '顺便确认一下别的地方有没有同样的问题：',
              tool: t.grep('readJson\\(', { path: 'src' }),
              expect: 'await readJson(req)',
            },
            { tool: t.bash('npm test 2>&1 | tail -9', 'Run the tests again'), expect: '# pass 7' },
            {
              text: '再用 curl 实际跑一下，顺便看看超过 64 KiB 的请求体：',
              tool: t.bash(
                `${c.startBg()} && curl -s -XPUT localhost:18087/items/SKU-1 -d '{"qty":100}'; echo; curl -s -XPOST localhost:18087/reservations -d '{"sku":"SKU-1","qty":120}'; echo; head -c 70000 /dev/zero | tr '\\0' 'a' | curl -s -XPUT localhost:18087/items/SKU-1 --data-binary @- -w ' HTTP %{http_code}'; echo; ${c.stopBg}`,
                'Smoke test the API with curl',
              ),
              expect: 'HTTP 413',
            },
          ],
          final:
            '三个接口都好了：\n\n- `GET /items/:sku`：查可用数量，不存在 404\n- `PUT /items/:sku {qty}`：设置绝对值\n- `POST /reservations {sku, qty}`：扣库存，返回 201 和预留 id；库存不够 409\n\n第一次跑测试发现漏了 `await readJson(req)`，预留接口一律 400，已修。现在 7 个测试全过；curl 实测 409 和 413（请求体超过 64 KiB）也都对。',
        },
      },
      {
        mode: 'continue',
        gapMin: 7,
        prompt: '问一下：PUT 用绝对值还是增减（delta）好？ERP 那边推过来的是盘点之后的数量',
        turn: {
          steps: [
            {
              text: '用绝对值，保持现在的设计。理由：\n\n1. ERP 推的本来就是盘点后的数量，绝对值语义正好对上\n2. 绝对值是幂等的：网络超时重试、ERP 重复推送，结果都一样；delta 重试一次就多加一次\n3. 以后真要 delta（比如入库单），单独加一个 `POST /items/:sku/adjustments`，带 Idempotency-Key，别混在 PUT 里\n\n我把“重复 PUT 结果不变”写成测试，免得以后有人改成 delta：',
              tool: t.edit('test/items.test.js', c.notFoundTest, c.notFoundTest + c.putTwiceTest),
            },
            { tool: t.bash('npm test 2>&1 | grep -E "^# (pass|fail)"', 'Run the tests'), expect: '# pass 8' },
          ],
          final:
            'PUT 继续用绝对值（幂等，ERP 重复推送也安全）。加了一个测试：同样的 PUT 发两次，库存还是同一个数。8 个测试全过。',
        },
      },
      {
        mode: 'continue',
        gapMin: 4,
        prompt: 'commit 一下。git 用我的名字：Lin Wei <lin.wei@kucun.dev>',
        turn: {
          steps: [
            { tool: t.write('.gitignore', 'node_modules/\n') },
            {
              text: '作者只设在这个仓库里，不动全局的 git config：',
              tool: t.bash(
                'git config user.name "Lin Wei" && git config user.email "lin.wei@kucun.dev" && git config --get-regexp "^user\\."',
                'Set the author for this repo',
              ),
              expect: 'user.name Lin Wei',
            },
            { tool: t.bash('git add -A && git status --short', 'Stage and review'), expect: 'src/app.js' },
            {
              tool: t.bash(
                'git commit -qm "feat: 库存查询/设置和预留接口（只用 node 内置模块）" && git log --format="%h %an %s"',
                'Commit',
              ),
              expect: 'Lin Wei',
            },
          ],
          final:
            '已提交："feat: 库存查询/设置和预留接口（只用 node 内置模块）"，作者 Lin Wei（只设在这个仓库的 git config 里）。',
        },
      },
    ],
  };
}
