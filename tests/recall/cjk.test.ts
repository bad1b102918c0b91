/**
 * Chinese and Japanese text searchable by word: the index holds each run's character pairs
 * (db/identifiers.ts, migration 0018), a question written without spaces is read into its words
 * (recall/cjk.ts), and rows indexed before the pairs existed are re-indexed exactly.
 */
import type Database from 'better-sqlite3';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMigrationsDir, openDatabase } from '../../electron/core/db/open.js';
import { splitCamelOnly, splitIdentifiers } from '../../electron/core/db/identifiers.js';
import { parseQuery } from '../../electron/core/recall/query.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';
import { DAY, insertObservation } from './seed.js';

const ROWS: Array<[string, string]> = [
  ['修复了登录页面的超时问题', 'Claude: 把重试次数改成三次，超时改为 30 秒'],
  ['Edited RetryPolicy in src/net.ts', 'Claude: kept the old backoff'],
  ['数据库迁移脚本', 'Claude: 使用 sqlite 的 WAL 模式'],
];

function fill(sqlite: Database.Database): void {
  sqlite.prepare('INSERT INTO projects (name, root_path, created_at) VALUES (?, ?, ?)').run('p', '/p', 1);
  const s = sqlite
    .prepare(
      'INSERT INTO sessions (claude_session_id, project, cwd, started_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    )
    .run('s', 'p', '/p', 1, 1).lastInsertRowid;
  const ins = sqlite.prepare(
    `INSERT INTO observations (session_id, prompt_number, tool_name, tool_input, title, narrative, created_at, updated_at)
     VALUES (?, 1, 'Edit', '{}', ?, ?, 1, 1)`,
  );
  for (const [title, narrative] of ROWS) ins.run(s, title, narrative);
}

const vocab = (sqlite: Database.Database): unknown[] =>
  sqlite.prepare('SELECT term, doc, cnt FROM observations_fts_vocab ORDER BY term').all();

describe('Chinese/Japanese words in the index', () => {
  it('adds the pairs of each run, after the camelCase parts, and nothing for other text', () => {
    expect(splitIdentifiers('RetryPolicy 登录超时')).toBe('retry policy 登录 录超 超时');
    expect(splitCamelOnly('RetryPolicy 登录超时')).toBe('retry policy');
    expect(splitIdentifiers('plain words only')).toBeNull();
  });

  it('reads a question without spaces into its words, function words left out', () => {
    expect(parseQuery('登录超时的问题在哪个文件').tokens).toEqual(expect.arrayContaining(['登录', '文件']));
    expect(parseQuery('登录超时的问题在哪个文件').tokens).not.toContain('哪个');
    expect(parseQuery('用redis缓存session').tokens).toEqual(
      expect.arrayContaining(['redis', '缓存', 'session']),
    );
  });

  it('takes particles off the words the segmenter left them stuck to', () => {
    // The segmenter gives 设|成了, 执行|的是, 写的, 又是: the words are 设成 and 执行, and 的是,
    // 又是 are function words only.
    const set = parseQuery('库存设成了多少').tokens;
    expect(set).toContain('设成');
    expect(set).not.toContain('成了');
    const ran = parseQuery('实际执行的是哪条命令，最后又是用什么命令看的').tokens;
    expect(ran).not.toContain('的是');
    expect(ran).not.toContain('又是');
    expect(ran).toEqual(expect.arrayContaining(['实际', '执行', '命令']));
    // A word the segmenter does not know, split before a character that is also a function word
    // (幂|等, 幂|等|性), is read whole when the memories hold it; a particle, a measure word or a
    // function word after a whole word never joins (改|了, 三|个, 要|等).
    const known = (w: string): boolean => ['幂等', '改了', '三个'].includes(w);
    expect(parseQuery('幂等', known).tokens).toEqual(['幂等']);
    expect(parseQuery('接口幂等吗', known).tokens).toEqual(['接口', '幂等']);
    expect(parseQuery('幂等性', known).tokens).toEqual(['幂等']);
    expect(parseQuery('幂等').tokens).toEqual([]);
    expect(parseQuery('改了三个接口', known).tokens).toEqual(['接口']);
    expect(parseQuery('要等多久', known).tokens).toEqual(['多久']);
    // A word whose last character is such a particle keeps it, in Chinese and in Japanese.
    expect(parseQuery('这个字段的目的').tokens).toContain('目的');
    expect(parseQuery('処理が終了したログ').tokens).toContain('終了');
  });

  it('migration 0018 re-indexes rows written before it exactly as new rows are indexed', () => {
    const dir = tempDir('memtray-cjk-');
    const before = join(dir, 'migrations');
    cpSync(findMigrationsDir(process.cwd()), before, { recursive: true });
    // The schema as it was just before 0018 (drizzle applies only migrations newer than the last).
    const journal = JSON.parse(readFileSync(join(before, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    journal.entries = journal.entries.filter((e) => e.tag < '0018');
    writeFileSync(join(before, 'meta', '_journal.json'), JSON.stringify(journal));
    const file = join(dir, 'old.db');
    const old = openDatabase(file, { migrationsDir: before });
    // Rows indexed as they were before the pairs: the old function.
    old.sqlite.function('memtray_idsplit', { deterministic: true }, (t: unknown) => splitCamelOnly(t));
    fill(old.sqlite);
    old.close();
    const upgraded = openDatabase(file, { migrationsDir: findMigrationsDir(process.cwd()) });
    const fresh = openDatabase(join(dir, 'new.db'), { migrationsDir: findMigrationsDir(process.cwd()) });
    try {
      fill(fresh.sqlite);
      expect(vocab(upgraded.sqlite)).toEqual(vocab(fresh.sqlite));
      expect(vocab(upgraded.sqlite)).toContainEqual(expect.objectContaining({ term: '超时' }));
      // Deleting rows leaves no word behind: the index held exactly what the view gives.
      upgraded.sqlite.prepare('DELETE FROM observations').run();
      expect(vocab(upgraded.sqlite)).toEqual([]);
    } finally {
      upgraded.close();
      fresh.close();
    }
  });
});

describe('search in Chinese, and mixed with English', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService();
    const now = Date.now();
    for (const [i, [title, narrative]] of ROWS.entries())
      insertObservation(t.service.core.sqlite, {
        project: 'p',
        title,
        narrative,
        type: 'change',
        at: now - i * DAY,
      });
    // Rows beside ROWS: [title, narrative, type, days ago].
    const more: Array<[string, string, string, number]> = [
      ['给 redis 缓存加了过期时间', 'Claude: TTL 设为 600 秒', 'change', 5],
      ['压测前用 curl 设置库存', 'Claude: 先把 SKU 的库存设成 1000000，再压测读接口', 'command', 6],
      ['压测脚本写好了', 'Claude: 读和写的 QPS 都测了，结果多少看下面', 'change', 1],
      ['重复 confirm 改成幂等', 'Claude: 已确认的预留再确认一次，原样返回 200', 'change', 7],
    ];
    for (const [title, narrative, type, days] of more)
      insertObservation(t.service.core.sqlite, {
        project: 'p',
        title,
        narrative,
        type,
        at: now - days * DAY,
      });
  });
  afterAll(async () => t.dispose());

  const top = async (q: string): Promise<string | undefined> => {
    const r = await t.api('GET', `/api/search?q=${encodeURIComponent(q)}&limit=5`);
    return (r.json as { items: Array<{ title: string }> }).items[0]?.title;
  };

  it('a question written without spaces finds its memory', async () => {
    expect(await top('登录超时是怎么修复的')).toBe('修复了登录页面的超时问题');
    expect(await top('数据库迁移')).toBe('数据库迁移脚本');
    // A word the segmenter splits at a function word's character (幂|等), alone and beside others.
    expect(await top('幂等')).toBe('重复 confirm 改成幂等');
    expect(await top('幂等性')).toBe('重复 confirm 改成幂等');
    expect(await top('confirm 幂等')).toBe('重复 confirm 改成幂等');
  });

  it('a question whose words carry particles finds the memory that says them without', async () => {
    // 的是 and 成了 were required words no memory holds: the search fell back to any word.
    expect(await top('压测之前把库存设成了多少')).toBe('压测前用 curl 设置库存');
  });

  it('a mixed Chinese/English question finds its memory', async () => {
    expect(await top('redis缓存的过期时间是多少')).toBe('给 redis 缓存加了过期时间');
  });
});
