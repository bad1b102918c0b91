import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { describe, expect, it } from 'vitest';
import { cleanDeep } from '../../electron/core/privacy/clean.js';
import { countRedactions, redactSecrets } from '../../electron/core/privacy/redact.js';
import { mapStringsDeep } from '../../electron/core/privacy/strip-tags.js';
import { loadHookEvents } from '../helpers/corpus.js';
import { SEEDED } from './secrets.js';

async function secretlintFindings(text: string): Promise<string[]> {
  const r = await lintSource({
    source: { content: text, filePath: '/memtray.txt', ext: '.txt', contentType: 'text' },
    options: {
      config: { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] },
      noPhysicFilePath: true,
    },
  });
  return r.messages.map((m) => `${m.ruleId}:${m.messageId}`);
}

describe('secret redaction', () => {
  it('redacts every seeded secret with its label, and secretlint finds nothing left', async () => {
    for (const s of SEEDED) {
      const text = `config:\n  value = ${s.value}\n`;
      const out = redactSecrets(text, null);
      expect(out, s.label).not.toContain(s.secret);
      expect(out, s.label).toContain(`[REDACTED:${s.label}]`);
    }
    const all = SEEDED.map((s) => `${s.label}: ${s.value}`).join('\n');
    expect((await secretlintFindings(all)).length).toBeGreaterThan(5); // the oracle sees them...
    expect(await secretlintFindings(redactSecrets(all, null))).toEqual([]); // ...and nothing after redaction
  });

  it('stays linear on hostile input (rejected credential candidates, long hex and URL runs)', () => {
    for (const text of [
      'password:password:'.repeat(12_000),
      `${'password:'.repeat(7)} `.repeat(3_000),
      `${'a'.repeat(200_000)} -us key- AccountKey=`,
      'redis://:'.repeat(20_000),
      `https://${'a'.repeat(32)}@${'h'.repeat(150)}`.repeat(1_000),
    ]) {
      const t = performance.now();
      redactSecrets(text, null);
      expect(performance.now() - t, text.slice(0, 30)).toBeLessThan(1_000);
    }
  });

  it('applies custom patterns and ignores invalid ones', () => {
    const out = redactSecrets('ticket INTERNAL-12345 here', {
      customRedactPatterns: ['INTERNAL-\\d+', '(unclosed'],
    });
    expect(out).toBe('ticket [REDACTED:custom] here');
  });

  it('leaves ordinary code, paths, hashes and identifiers alone (no false positive over the corpus)', () => {
    let redactions = 0;
    for (const ev of loadHookEvents()) {
      mapStringsDeep(structuredClone(ev.payload), (s) => {
        const r = redactSecrets(s, null);
        redactions += countRedactions(r);
        return r;
      });
    }
    expect(redactions).toBe(0);
    // ...and by field name in the structured payloads (counts, types and names of `token` fields)
    const settings = { redactSecrets: true, customRedactPatterns: [] as string[] };
    for (const ev of loadHookEvents()) {
      const out = JSON.stringify(cleanDeep(structuredClone(ev.payload), settings, redactSecrets));
      redactions += countRedactions(out);
    }
    expect(redactions).toBe(0);
    for (const benign of [
      'const token = await getToken();',
      'password: string;',
      'apiKey = settings.apiKey()',
      'commit 3f2a9c7e1b4d5f6a7b8c9d0e1f2a3b4c5d6e7f80',
      '/Users/dylan/.claude/projects/-Users-dylan-Workspace-projects-spcstr/3faf0f9b-01fa-4535-85e1-2c3d4e5f6a7b.jsonl',
      'http://localhost:3000/api/v1/items',
      'password: passwordInputValue',
      'token=getAccessTokenFromHeader',
      'secret: HTMLElementTagNameMap',
      'cache key-value store, en-us locale',
      // the span rules (env names, Basic/Bearer, CLI options, mysql/curl/sshpass)
      '--- PASS: TestParseConfig (0.00s)',
      'if (PASSWORD === undefined) throw new Error("missing")',
      'MAX_TOKENS=4096 MIN_TOKEN_COUNT=3',
      'const SECRET_KEY = process.env.SECRET_KEY;',
      'curl -u "$USER:$PASS" https://example.com',
      'mysql -u root -p app_db',
      'sshpass -p "$SSHPASS" ssh host',
      'Basic authentication and Bearer token auth are both supported.',
      'docker login --password-stdin < token.txt',
      'Authorization: Bearer ${token}',
    ]) {
      expect(redactSecrets(benign, null)).toBe(benign);
    }
  });
});
