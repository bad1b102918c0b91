/**
 * Worst-case inputs for the secret redactor, per rule: repeated prefixes (the rule's hint with no
 * body, or a body one character short or long), near-misses that a bounded quantifier scans to its
 * limit before failing, and prefixes that can start again inside the previous candidate. Used by
 * the linearity proof (tests/proof/privacy/linear.test.ts) and the bench (bench/redact/run.ts).
 * Every rule id of SECRET_RULES (and each structured-field path) must have an entry here.
 */

export interface Adversary {
  /** The rule id (SECRET_RULES[].id), or a pseudo-rule for the other passes. */
  rule: string;
  name: string;
  /** One repeating unit; the input is this unit repeated to the wanted size. */
  unit: string;
}

const r = (n: number, s = 'a'): string => s.repeat(n);
const hex = (n: number): string => '0123456789abcdef'.repeat(Math.ceil(n / 16)).slice(0, n);
const AN = 'aB3dE5gH7jK9mN1pQ2sT4vW6yZ8';
const an = (n: number): string => AN.repeat(Math.ceil(n / AN.length)).slice(0, n);

export const ADVERSARIES: Adversary[] = [
  { rule: 'private-key', name: 'BEGIN lines, no END', unit: '-----BEGIN PRIVATE KEY-----\n' },
  { rule: 'private-key', name: 'BEGIN, short body, no END', unit: '-----BEGIN RSA PRIVATE KEY-----\na \n' },
  { rule: 'private-key', name: 'long near-miss header', unit: `-----BEGIN ${r(40, 'A')}PRIVATE KE-----\n` },
  { rule: 'private-key', name: 'END lines only', unit: '-----END PRIVATE KEY-----\n' },
  { rule: 'aws-key', name: 'AKIA one short', unit: `AKIA${r(15, 'A')} ` },
  { rule: 'aws-key', name: 'AKIA one long', unit: `AKIA${r(17, 'A')} ` },
  { rule: 'aws-secret', name: 'aws secret no value', unit: 'aws secret aws_secret = ' },
  { rule: 'aws-secret', name: 'aws secret 39 chars', unit: `aws_secret_access_key = ${an(39)}\n` },
  { rule: 'anthropic-key', name: 'sk-ant- short', unit: `sk-ant-api03-${r(19)} ` },
  { rule: 'openai-key', name: 'sk- 65 chars', unit: `sk-${an(65)} ` },
  { rule: 'openai-key', name: 'sk-proj- short', unit: `sk-proj-${r(19)}-` },
  { rule: 'github-token', name: 'ghp_ short', unit: `ghp_${an(35)} ` },
  { rule: 'gitlab-token', name: 'glpat- short', unit: `glpat-${r(19)} ` },
  {
    rule: 'slack-token',
    name: 'xoxb- dashes',
    unit: `xoxb-${r(40)}-${r(40)}-${r(40)}-${r(40)}-${r(40)}-${r(40)}-_`,
  },
  { rule: 'slack-token', name: 'xox dense', unit: 'xoxb-a-' },
  {
    rule: 'slack-webhook',
    name: 'webhook near-miss',
    unit: `https://hooks.slack.com/services/T${r(40)}/B${r(40)}/ `,
  },
  { rule: 'stripe-key', name: 'sk_live_ 100', unit: `sk_live_${an(100)} whsec_${an(23)} ` },
  { rule: 'npm-token', name: 'npm_ 35', unit: `npm_${an(35)} ` },
  { rule: 'npm-token', name: '_authToken no value', unit: '_authToken=   ' },
  { rule: 'gcp-api-key', name: 'AIza 34', unit: `AIza${an(34)} ` },
  { rule: 'google-oauth', name: 'ya29. short', unit: `ya29.${r(19)} ` },
  { rule: 'sendgrid-key', name: 'SG. no second part', unit: `SG.${r(64)}.${r(15)} ` },
  { rule: 'shopify-token', name: 'shpat_ 65 hex', unit: `shpat_${hex(65)} ` },
  { rule: 'groq-key', name: 'gsk_ 51', unit: `gsk_${an(51)} ` },
  { rule: 'huggingface-token', name: 'hf_ 35', unit: `hf_${r(35)} ` },
  { rule: 'linear-key', name: 'lin_api_ 129', unit: `lin_api_${an(129)} ` },
  { rule: 'notion-token', name: 'ntn_ digits', unit: `ntn_${r(11, '1')}${an(34)} ` },
  { rule: 'grafana-token', name: 'glc_ short', unit: `glc_${r(31)} glsa_${r(32)}_x ` },
  { rule: 'vault-token', name: 'hvs. short', unit: `hvs.${r(89)} ` },
  { rule: 'vercel-token', name: 'vcp_ long', unit: `vcp_${an(61)} ` },
  { rule: 'databricks-token', name: 'dapi 31 hex', unit: `dapi${hex(31)} ` },
  { rule: 'docker-token', name: 'dckr_pat_ short', unit: `dckr_pat_${r(26)} ` },
  { rule: 'figma-token', name: 'figd_ short', unit: `figd_${r(39)} ` },
  { rule: 'cloudflare-token', name: 'cfk_ near', unit: `cfk_${an(40)}${r(7, 'f')}z ` },
  { rule: 'tailscale-key', name: 'tskey- near', unit: `tskey-${r(20, 'a')}-${r(40)}-${r(15)} ` },
  { rule: '1password-token', name: 'ops_ey short', unit: `ops_ey${r(99)} ` },
  { rule: 'jwt', name: 'eyJ after dashes', unit: 'eyJA-' },
  { rule: 'jwt', name: 'eyJ header, no payload', unit: `eyJ${r(40)}.` },
  { rule: 'jwt', name: 'two parts repeated', unit: `eyJ${r(8)}.eyJ${r(8)}-` },
  { rule: 'mailgun-key', name: 'key- 31 hex', unit: `key-${hex(31)} ` },
  { rule: 'mailchimp-key', name: '-us hex', unit: `${hex(32)}-usx ` },
  { rule: 'newrelic-key', name: 'NRAK- short', unit: `NRAK-${r(26, 'A')} ` },
  { rule: 'twilio-key', name: 'SK 31 hex', unit: `SK${hex(31)} ` },
  { rule: 'digitalocean-token', name: 'dop_v1_ 63', unit: `dop_v1_${hex(63)} ` },
  { rule: 'azure-storage-key', name: 'AccountKey short', unit: `AccountKey=${r(19)};` },
  {
    rule: 'discord-webhook',
    name: 'webhook short',
    unit: `https://discord.com/api/webhooks/${r(30, '1')}/${r(19)} `,
  },
  { rule: 'sentry-dsn', name: 'hex then no @', unit: `https://${hex(32)}:${hex(32)}${r(200, 'h')} ` },
  { rule: 'url-password', name: 'scheme colons', unit: 'redis://:' },
  { rule: 'url-password', name: 'user:pass without @', unit: `ab://${r(199, 'u')}:${r(199, 'p')} ` },
  { rule: 'credential', name: 'key: key: key:', unit: 'password:' },
  { rule: 'credential', name: 'rejected values', unit: `${'password:'.repeat(7)} ` },
  { rule: 'credential', name: 'long rejected value', unit: `token=${r(499, 'x')} ` },
  { rule: 'env-secret', name: 'long names, no =', unit: `${r(60, 'A')}_PASS ` },
  { rule: 'env-secret', name: 'names ending in TOKEN, ==', unit: 'MY_TOKEN == X_TOKEN=' },
  { rule: 'env-secret', name: 'unterminated quoted values', unit: `DB_PASS="${r(600, 'p')}` },
  { rule: 'basic-auth', name: 'Basic and no base64', unit: 'Basic Basic basic ' },
  { rule: 'basic-auth', name: 'Basic long base64 not user:pass', unit: `Basic ${r(600, 'Q')} ` },
  { rule: 'bearer-token', name: 'Bearer placeholders', unit: `Bearer ${r(15)} Bearer $${r(20)} ` },
  { rule: 'cli-password', name: 'options without value', unit: '--password --token= --secret -' },
  {
    rule: 'netrc-password',
    name: 'machine login without password',
    unit: `machine ${r(190)} login ${r(190)} `,
  },
  { rule: 'sshpass', name: 'sshpass -p repeated', unit: 'sshpass -p ' },
  { rule: 'mysql-password', name: 'mysql and long options', unit: `mysql ${r(199, '-')} ` },
  { rule: 'mysql-password', name: 'mysql dense', unit: 'mysql -p' },
  { rule: 'curl-user', name: 'curl -u without colon', unit: `curl ${r(250, 'x')} -u ${r(100)} ` },
  { rule: 'curl-user', name: 'curl dense', unit: 'curl -u a:' },
  { rule: 'age-secret-key', name: 'AGE-SECRET-KEY- short', unit: `AGE-SECRET-KEY-1${r(49, 'Q')} ` },
  { rule: 'postman-key', name: 'PMAK- near', unit: `PMAK-${hex(24)}-${hex(33)} ` },
  { rule: 'discord-bot-token', name: 'M runs with dots', unit: `M${r(27)}.${r(7)}.${r(26)} ` },
  { rule: 'discord-bot-token', name: 'M dense', unit: 'MMMMMMM.' },
  { rule: 'high-entropy', name: 'long token runs', unit: `${an(5000)} ` },
  { rule: 'hints', name: 'every hint prefix', unit: 'sk-ant-api03-AKIghp_glpatxoxSG.eyJ' },
];

/** `unit` repeated to `size` characters. */
export function fill(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}
