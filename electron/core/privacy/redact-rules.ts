/**
 * Secret detectors for redaction. The provider patterns follow secretlint's recommended preset
 * (`@secretlint/secretlint-rule-preset-recommend` v13: aws, gcp, privatekey, npm, basicauth, slack,
 * sendgrid, shopify, stripe, github, gitlab, grafana, openai, anthropic, groq, huggingface, linear,
 * notion, 1password, database-connection-string, hashicorp-vault, vercel, databricks, docker,
 * figma, cloudflare, tailscale), transcribed as synchronous regexes because secretlint's engine is
 * async (docs/decisions/0006-own-redaction-rules.md has the measurement). Every pattern is linear: literal prefixes,
 * bounded quantifiers, no nested repetition.
 */
import {
  basicAuthValue,
  pemSpan,
  PLACEHOLDER,
  plausibleValue,
  valueSpan,
  type SpanFinder,
} from './redact-spans.js';

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
  /**
   * For a rule whose `re` matches only where a secret starts (a PEM header, `DB_PASS=`): makes, for
   * one text, the function that finds the span to redact from a match (see redact-spans.ts).
   */
  span?: () => SpanFinder;
}

/** Heuristic for a `key = value` credential: not a placeholder or code reference, and key-like. */
function looksLikeCredential(value: string): boolean {
  if (PLACEHOLDER.test(value)) return false;
  if (/[()]/.test(value)) return false;
  // identifiers and dotted references (settings.apiKey, this.token, some_function_name), unless
  // the value is a run of random mixed-case letters (a generated password: `password: nODWebkzeVVp`)
  if (/^[A-Za-z_][A-Za-z_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(value)) return isRandomLetters(value);
  const hasDigit = /\d/.test(value);
  const hasLetter = /[A-Za-z]/.test(value);
  return (hasDigit && hasLetter) || shannonEntropy(value) >= 3.5;
}

// camelCase / PascalCase / acronym shapes: every capital run is followed by 2+ lowercase letters or ends the word.
const IDENTIFIER_SHAPE = /^[a-z]*(?:[A-Z]+[a-z]{2,})*[A-Z]*$/;

/** Letters only, mixed case, not shaped like an identifier, and high entropy. */
function isRandomLetters(value: string): boolean {
  if (value.length < 12 || value.length > 200 || !/^[A-Za-z]+$/.test(value)) return false;
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || IDENTIFIER_SHAPE.test(value)) return false;
  return shannonEntropy(value) >= 3.5;
}

const asciiCounts = new Uint32Array(128);

/** Shannon entropy in bits per character. */
export function shannonEntropy(s: string): number {
  const n = s.length;
  if (n === 0) return 0;
  let other: Map<number, number> | null = null;
  asciiCounts.fill(0);
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) asciiCounts[c]! += 1;
    else (other ??= new Map()).set(c, (other.get(c) ?? 0) + 1);
  }
  let h = 0;
  for (let c = 0; c < 128; c++) {
    const k = asciiCounts[c]!;
    if (k > 0) h -= (k / n) * Math.log2(k / n);
  }
  if (other) for (const k of other.values()) h -= (k / n) * Math.log2(k / n);
  return h;
}

const B = String.raw`(?<![A-Za-z0-9_])`;
const E = String.raw`(?![A-Za-z0-9_])`;

export const SECRET_RULES: SecretRule[] = [
  {
    // The header, then up to the first END line within 20,000 characters (or to the end of a text
    // that ends within them). See pemSpan: one forward scan for END lines, whatever the headers.
    id: 'private-key',
    re: /-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----/g,
    hints: ['PRIVATE KEY'],
    span: pemSpan,
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
  {
    id: 'gitlab-token',
    re: new RegExp(`${B}(?:glpat|glrt|gldt|glptt|glft)-[A-Za-z0-9_-]{20,128}`, 'g'),
    hints: ['glpat-', 'glrt-', 'gldt-', 'glptt-', 'glft-'],
  },
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
    // Starts only where a run of base64url characters starts (not after '-'), so a run is scanned
    // from one start only: `eyJA-eyJA-…` would otherwise rescan 4,000 characters at every `eyJ`.
    re: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,4000}\.eyJ[A-Za-z0-9_-]{8,8000}\.[A-Za-z0-9_-]{0,2000}/g,
    hints: ['eyJ'],
  },
  {
    id: 'mailgun-key',
    re: new RegExp(`${B}key-[0-9a-f]{32}${E}`, 'g'),
    hints: ['key-'],
  },
  {
    id: 'mailchimp-key',
    re: new RegExp(`${B}[0-9a-f]{32}-us[0-9]{1,2}${E}`, 'g'),
    hints: ['-us'],
  },
  {
    id: 'newrelic-key',
    re: new RegExp(`${B}(?:NRAK-[A-Z0-9]{27}|NRJS-[a-f0-9]{19}|NRII-[A-Za-z0-9_-]{32})${E}`, 'g'),
    hints: ['NRAK-', 'NRJS-', 'NRII-'],
  },
  { id: 'twilio-key', re: new RegExp(`${B}SK[0-9a-f]{32}${E}`, 'g'), hints: ['SK'] },
  {
    id: 'digitalocean-token',
    re: new RegExp(`${B}do[opr]_v1_[a-f0-9]{64}${E}`, 'g'),
    hints: ['_v1_'],
  },
  {
    // Azure storage / Service Bus connection strings: ...;AccountKey=<base64>;...
    id: 'azure-storage-key',
    re: /((?:Account|SharedAccess)Key\s{0,3}=\s{0,3})([A-Za-z0-9+/]{20,200}={0,2})(?![A-Za-z0-9+/=])/g,
    group: 2,
    hints: ['AccountKey', 'SharedAccessKey'],
  },
  {
    id: 'discord-webhook',
    re: /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/(?:v[0-9]{1,2}\/)?webhooks\/[0-9]{5,30}\/[A-Za-z0-9_-]{20,200}/gi,
    hints: ['discord'],
  },
  {
    // https://<32 hex public key>@o123.ingest.sentry.io/456 (and self-hosted Sentry): the key part.
    id: 'sentry-dsn',
    re: /\b(https?:\/\/)([0-9a-f]{32})((?::[0-9a-f]{32})?@[^\s/"'`@]{1,200}\/[0-9]{1,20})(?![0-9A-Za-z_])/g,
    group: 2,
    hints: ['://'],
  },
  {
    // postgres://user:password@host, mysql, mongodb(+srv), redis (also redis://:password@host), amqp,
    // mssql, and any scheme with user:pass@.
    id: 'url-password',
    re: /\b([a-z][a-z0-9+.-]{1,20}:\/\/[^:/\s@"'`[\]]{0,200}:)([^@\s/"'`]{1,200})(@[^\s/"'`]{1,200})/gi,
    group: 2,
    hints: ['://'],
  },
  {
    // Env / settings style names that end in a credential word, any value but placeholders:
    // `DB_PASS=hunter2`, `SECRET_KEY = '…'` (Django), `app.config["SECRET_KEY"] = "…"` (Flask),
    // `MEMTRAY_TOKEN=…`, `"API_KEY": "…"`. Upper-case names only (lower-case code goes through
    // `credential`); `:` only after a quoted name (not `--- PASS: TestX`). The name is scanned once
    // per run of name characters, the value by readValue (bounded).
    id: 'env-secret',
    re: /(?<![A-Za-z0-9_$.])[A-Z][A-Z0-9_]{0,60}(?<=_PASS|_PWD|DBPASS|PASSWD|PASSWORD|SECRET|SECRET_KEY|TOKEN|API_KEY|APIKEY|ACCESS_KEY|PRIVATE_KEY|AUTH_KEY|CREDENTIALS?)(?:["'`]\]?\s{0,3}[:=]|\s{0,3}=)(?!=)\s{0,3}/g,
    // Every name it takes ends in one of these (case-sensitive): a text without any (96 % of real
    // tool payloads' characters) skips the scan, which tried the lookbehind at every capital.
    hints: [
      'PASS',
      '_PWD',
      'SECRET',
      'TOKEN',
      'API_KEY',
      'APIKEY',
      'ACCESS_KEY',
      'PRIVATE_KEY',
      'AUTH_KEY',
      'CREDENTIAL',
    ],
    span: valueSpan(plausibleValue(3)),
  },
  {
    // KEY=value / "apiKey": "value" / password: value — values that look like credentials.
    id: 'credential',
    re: /((?:secret(?:[_-]?key)?|passw(?:or)?d|passphrase|pwd|token|api[_-]?key|access[_-]?key|auth[_-]?key|private[_-]?key|client[_-]?secret|credentials?)["'`]?\]?\s{0,3}(?:[:=]|=>)\s{0,3}["'`]?)([^\s"'`,;)}{\]]{8,500})/gi,
    group: 2,
    accept: looksLikeCredential,
  },
  {
    id: 'basic-auth',
    re: /\bBasic\s{1,3}/gi,
    hints: ['Basic', 'basic', 'BASIC'],
    span: valueSpan(basicAuthValue),
  },
  {
    // `Authorization: Bearer <token>` whatever the token's shape (MemTray's own is 64 hex digits).
    id: 'bearer-token',
    re: /\bBearer\s{1,3}(?=[A-Za-z0-9._~+/=-]{16})/gi,
    hints: ['Bearer', 'bearer', 'BEARER'],
    span: valueSpan(plausibleValue(16)),
  },
  {
    // Long options that take a credential: `--password=…`, `--token …` (not `--password-stdin`).
    id: 'cli-password',
    re: /(?<![A-Za-z0-9_-])--(?:password|passwd|pass|token|api-key|apikey|secret|client-secret|auth-token)(?:=|\s{1,3})(?!-)/gi,
    hints: ['--'],
    span: valueSpan(plausibleValue(1)),
  },
  {
    // ~/.netrc: `machine host login user password secret`
    id: 'netrc-password',
    re: /\bmachine\s{1,10}\S{1,200}\s{1,10}login\s{1,10}\S{1,200}\s{1,10}password\s{1,10}/g,
    hints: ['machine'],
    span: valueSpan(plausibleValue(1)),
  },
  { id: 'sshpass', re: /\bsshpass\s{1,3}-p\s{0,3}/g, hints: ['sshpass'], span: valueSpan(plausibleValue(1)) },
  {
    // `mysql -uroot -pS3cret`, `mysqldump -p'…'` (a bare `-p` prompts: no value attached, not matched).
    id: 'mysql-password',
    re: /\b(?:mysql|mysqldump|mysqladmin|mariadb|mysqlimport)\b[^\n|;&]{0,200}?\s-p(?=\S)/g,
    hints: ['mysql', 'mariadb'],
    span: valueSpan(plausibleValue(1)),
  },
  {
    // `curl -u user:password`, `curl --user user:password`: the part after the first colon.
    id: 'curl-user',
    re: /\bcurl\b[^\n|;&]{0,300}?\s(?:-u|--user)(?:\s{1,3}|=)["']?[^\s:"']{1,100}:/g,
    hints: ['curl'],
    span: valueSpan(plausibleValue(1)),
  },
  { id: 'age-secret-key', re: /AGE-SECRET-KEY-1[0-9A-Z]{50,70}/g, hints: ['AGE-SECRET-KEY-'] },
  {
    id: 'postman-key',
    re: new RegExp(`${B}PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}${E}`, 'g'),
    hints: ['PMAK-'],
  },
  {
    // Discord bot tokens: base64 user id (starts M/N/O), timestamp, HMAC.
    id: 'discord-bot-token',
    re: /(?<![A-Za-z0-9_-])[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_-])/g,
  },
];
