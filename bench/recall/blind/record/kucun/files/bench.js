// 简单压测脚本（内网装不了 autocannon）：keep-alive，固定并发，打 TOTAL 个请求，报 QPS 和延迟分位数。
//   node scripts/bench.js URL [TOTAL=20000] [CONCURRENCY=50] [METHOD=GET]
// POST 的时候发 {"sku":"SKU-1","qty":1}，用来压预留接口（每个请求都写 journal）。
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const [url, totalArg = '20000', concArg = '50', method = 'GET'] = process.argv.slice(2);
if (!url) {
  console.error('usage: node scripts/bench.js URL [TOTAL] [CONCURRENCY] [METHOD]');
  process.exit(2);
}
const total = Number(totalArg);
const concurrency = Number(concArg);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const body = method === 'POST' ? JSON.stringify({ sku: 'SKU-1', qty: 1 }) : undefined;
/** @type {number[]} */
const latencies = [];
let started = 0;
let errors = 0;

function one() {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request(url, { method, agent, headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
      res.resume();
      res.on('end', () => {
        latencies.push(performance.now() - t0);
        if ((res.statusCode ?? 500) >= 400) errors++;
        resolve(undefined);
      });
    });
    req.on('error', () => {
      errors++;
      resolve(undefined);
    });
    req.end(body);
  });
}

async function worker() {
  while (started++ < total) await one();
}

const start = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const secs = (performance.now() - start) / 1000;
latencies.sort((a, b) => a - b);
/** @param {number} p */
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(2);
console.log(
  `${method} ${total} 个请求, 并发 ${concurrency}: ${(total / secs).toFixed(0)} req/s, p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, 错误 ${errors}`,
);
agent.destroy();
