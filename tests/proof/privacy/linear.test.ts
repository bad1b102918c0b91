/**
 * Redaction is linear whatever the text: for every rule, 10 MB of that rule's worst case (see
 * adversarial.ts) goes through the whole redactor within a generous timeout (the figure itself is in
 * bench/redact; a super-linear rule takes minutes here, as the private-key rule did: 3 MB → 24 s).
 */
import { describe, expect, it } from 'vitest';
import { SECRET_RULES } from '../../../electron/core/privacy/redact-rules.js';
import { redactSecrets } from '../../../electron/core/privacy/redact.js';
import { ADVERSARIES, fill } from './adversarial.js';

const SIZE = 10 * 1024 * 1024;
const TIMEOUT = 20_000;

describe('redaction is linear: 10 MB of each rule’s worst case', () => {
  it('every rule has an adversary', () => {
    const covered = new Set(ADVERSARIES.map((a) => a.rule));
    expect(SECRET_RULES.map((r) => r.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  for (const a of ADVERSARIES) {
    it(`${a.rule}: ${a.name}`, { timeout: TIMEOUT }, () => {
      const text = fill(a.unit, SIZE);
      const out = redactSecrets(text, null);
      expect(out.length).toBeGreaterThan(0);
    });
  }

  it("custom patterns (on RE2): the review's hostile patterns on 10 MB", { timeout: TIMEOUT }, () => {
    // No line end in 10 MB: the 8 KiB pieces must not look for one back to the start each time.
    const flat = fill('a', SIZE);
    expect(redactSecrets(flat, { customRedactPatterns: ['\\w*\\w*\\w*\\w*\\w*\\w*:'] })).toBe(flat);
    const lines = fill(`${'x'.repeat(30_000)}\n`, SIZE);
    expect(redactSecrets(lines, { customRedactPatterns: ['.*password.*'] })).toBe(lines);
  });

  it('all of them at once, 10 MB', { timeout: TIMEOUT }, () => {
    const part = Math.floor(SIZE / ADVERSARIES.length);
    const text = ADVERSARIES.map((a) => fill(a.unit, part)).join('\n');
    expect(redactSecrets(text, null).length).toBeGreaterThan(0);
  });
});
