/**
 * Secret detectors for redaction. The provider patterns follow secretlint's recommended preset
 * (`@secretlint/secretlint-rule-preset-recommend` v13: aws, gcp, privatekey, npm, basicauth, slack,
 * sendgrid, shopify, stripe, github, gitlab, grafana, openai, anthropic, groq, huggingface, linear,
 * notion, 1password, database-connection-string, hashicorp-vault, vercel, databricks, docker,
 * figma, cloudflare, tailscale), transcribed as synchronous regexes because secretlint's engine is
 * async (see docs/compression.md for the measurement). Every pattern is linear: literal prefixes,
 * bounded quantifiers, no nested repetition.
 */
export interface SecretRule {
  /** Label written into `[REDACTED:<id>]`. */
  id: string;
  re: RegExp;
  /** Redact only this capture group (e.g. the password of a URL), not the whole match. */
  group?: number;
  /** Cheap substring test: the regex runs only when one of these occurs in the text. */
  hints?: string[];
  /** Keep a match only when its (group) value passes this test. */
  accept?: (value: string) => boolean;
}

const PLACEHOLDER =
  /^(?:\$|<|\*|%|\[REDACTED|process\.env|os\.environ|env\.|import\.meta|undefined|null|true|false|none|string|number|required|optional|your[-_]|example|changeme|x{4,}|\.{3})/i;

/** Heuristic for a `key = value` credential: not a placeholder or code reference, and key-like. */
export function looksLikeCredential(value: string): boolean {
  if (PLACEHOLDER.test(value)) return false;
  if (/[()]/.test(value)) return false;
  // identifiers and dotted references (settings.apiKey, this.token, some_function_name)
  if (/^[A-Za-z_][A-Za-z_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(value)) return false;
  const hasDigit = /\d/.test(value);
  const hasLetter = /[A-Za-z]/.test(value);
  return (hasDigit && hasLetter) || shannonEntropy(value) >= 3.5;
}

/** Shannon entropy in bits per character. */
export function shannonEntropy(s: string): number {
  const counts = new Map<number, number>();
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

const B = String.raw`(?<![A-Za-z0-9_])`;
const E = String.raw`(?![A-Za-z0-9_])`;

export const SECRET_RULES: SecretRule[] = [
  {
    id: 'private-key',
    re: /-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]{0,20000}?(?:-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)/g,
    hints: ['PRIVATE KEY'],
  },
  {
    id: 'aws-key',
    re: new RegExp(`${B}(?:A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16}${E}`, 'g'),
    hints: ['A3T', 'AKIA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA', 'ASIA'],
  },
  {
    id: 'aws-secret',
    re: /(aws.{0,20}?secret.{0,20}?["'`]?\s{0,3}[:=]{1,2}>?\s{0,3}["'`]?)([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
    group: 2,
    hints: ['aws', 'AWS', 'Aws'],
  },
  {
    id: 'anthropic-key',
    re: new RegExp(`${B}sk-ant-(?:api|admin|sid|oat)\\d{2}-[A-Za-z0-9_-]{20,200}`, 'g'),
    hints: ['sk-ant-'],
  },
  {
    id: 'openai-key',
    re: new RegExp(
      `${B}sk-(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,200}|[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|[A-Za-z0-9]{32,64}${E})`,
      'g',
    ),
    hints: ['sk-'],
  },
  {
    id: 'github-token',
    re: new RegExp(
      `${B}(?:(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{36,255}|github_pat_[A-Za-z0-9_]{22,255})${E}`,
      'g',
    ),
    hints: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
  },
  { id: 'gitlab-token', re: new RegExp(`${B}glpat-[A-Za-z0-9_-]{20,128}`, 'g'), hints: ['glpat-'] },
  {
    id: 'slack-token',
    re: new RegExp(`${B}xox[abposr]-(?:\\d-)?(?:[A-Za-z0-9]{1,40}-){1,6}[A-Za-z0-9]{1,64}${E}`, 'g'),
    hints: ['xox'],
  },
  {
    id: 'slack-webhook',
    re: /https:\/\/hooks\.slack\.com\/services\/T[A-Za-z0-9]{1,40}\/B[A-Za-z0-9]{1,40}\/[A-Za-z0-9]{1,40}/gi,
    hints: ['hooks.slack.com'],
  },
  {
    id: 'stripe-key',
    re: new RegExp(
      `${B}(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{24,99}${E}|${B}whsec_[A-Za-z0-9]{24,99}${E}`,
      'g',
    ),
    hints: ['_live_', '_test_', 'whsec_'],
  },
  { id: 'npm-token', re: new RegExp(`${B}npm_[A-Za-z0-9]{36}${E}`, 'g'), hints: ['npm_'] },
  {
    id: 'npm-token',
    re: /(_authToken\s{0,3}=\s{0,3})([^\s"'$][^\s"']{7,500})/g,
    group: 2,
    hints: ['_authToken'],
  },
  { id: 'gcp-api-key', re: new RegExp(`${B}AIza[0-9A-Za-z_-]{35}${E}`, 'g'), hints: ['AIza'] },
  { id: 'google-oauth', re: new RegExp(`${B}ya29\\.[0-9A-Za-z_-]{20,500}`, 'g'), hints: ['ya29.'] },
  {
    id: 'sendgrid-key',
    re: new RegExp(`${B}SG\\.[A-Za-z0-9_-]{16,64}\\.[A-Za-z0-9_-]{16,128}${E}`, 'g'),
    hints: ['SG.'],
  },
  {
    id: 'shopify-token',
    re: new RegExp(`${B}(?:shppa|shpca|shpat|shpss)_[a-fA-F0-9]{32,64}${E}`, 'g'),
    hints: ['shp'],
  },
  { id: 'groq-key', re: new RegExp(`${B}gsk_[A-Za-z0-9]{52}${E}`, 'g'), hints: ['gsk_'] },
  { id: 'huggingface-token', re: new RegExp(`${B}hf_[A-Za-z]{34}${E}`, 'g'), hints: ['hf_'] },
  { id: 'linear-key', re: new RegExp(`${B}lin_api_[A-Za-z0-9_]{32,128}${E}`, 'g'), hints: ['lin_api_'] },
  { id: 'notion-token', re: new RegExp(`${B}ntn_[0-9]{11}[A-Za-z0-9]{35}${E}`, 'g'), hints: ['ntn_'] },
  {
    id: 'grafana-token',
    re: new RegExp(`${B}(?:glc_[A-Za-z0-9+/]{32,400}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})`, 'g'),
    hints: ['glc_', 'glsa_'],
  },
  {
    id: 'vault-token',
    re: new RegExp(`${B}hv[sbr]\\.[A-Za-z0-9_-]{90,300}`, 'g'),
    hints: ['hvs.', 'hvb.', 'hvr.'],
  },
  {
    id: 'vercel-token',
    re: new RegExp(`${B}(?:vcp|vci|vca|vcr|vck)_[A-Za-z0-9]{20,60}${E}`, 'g'),
    hints: ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'],
  },
  { id: 'databricks-token', re: new RegExp(`${B}dapi[a-f0-9]{32}(?:-\\d)?${E}`, 'g'), hints: ['dapi'] },
  { id: 'docker-token', re: new RegExp(`${B}dckr_pat_[A-Za-z0-9_-]{27}`, 'g'), hints: ['dckr_pat_'] },
  { id: 'figma-token', re: new RegExp(`${B}figd_[A-Za-z0-9_-]{40,200}`, 'g'), hints: ['figd_'] },
  {
    id: 'cloudflare-token',
    re: new RegExp(`${B}(?:cfk|cfut|cfat)_[A-Za-z0-9]{40}[0-9a-f]{8}${E}`, 'g'),
    hints: ['cfk_', 'cfut_', 'cfat_'],
  },
  {
    id: 'tailscale-key',
    re: new RegExp(`${B}tskey-[a-z]{2,20}-[0-9A-Za-z_]{8,40}-[0-9A-Za-z_]{16,60}`, 'g'),
    hints: ['tskey-'],
  },
  { id: '1password-token', re: new RegExp(`${B}ops_ey[A-Za-z0-9+/=]{100,1280}`, 'g'), hints: ['ops_ey'] },
  {
    id: 'jwt',
    re: new RegExp(`${B}eyJ[A-Za-z0-9_-]{8,4000}\\.eyJ[A-Za-z0-9_-]{8,8000}\\.[A-Za-z0-9_-]{0,2000}`, 'g'),
    hints: ['eyJ'],
  },
  {
    // postgres://user:password@host, mysql, mongodb(+srv), redis, amqp, mssql, and any scheme with user:pass@.
    id: 'url-password',
    re: /\b([a-z][a-z0-9+.-]{1,20}:\/\/[^:/\s@"'`]{1,200}:)([^@\s/"'`]{1,200})(@[^\s/"'`]{1,200})/gi,
    group: 2,
    hints: ['://'],
  },
  {
    // KEY=value / "apiKey": "value" / password: value — values that look like credentials.
    id: 'credential',
    re: /((?:secret|passw(?:or)?d|pwd|token|api[_-]?key|access[_-]?key|auth[_-]?key|private[_-]?key|client[_-]?secret|credentials?)["'`]?\s{0,3}(?:[:=]|=>)\s{0,3}["'`]?)([^\s"'`,;)}{\]]{8,500})/gi,
    group: 2,
    accept: looksLikeCredential,
  },
];
