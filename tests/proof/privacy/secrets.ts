/**
 * 60+ secret formats (fake values in the real shapes, generated from a fixed seed). `secret` is the
 * part that must never be stored, logged, left in the spool or sent; `text` is how it appears.
 */
import { prng } from '../../helpers/proof.js';

export interface SecretCase {
  label: string;
  secret: string;
  text: string;
}

const rnd = prng(8088);
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const from = (alphabet: string, n: number): string =>
  Array.from({ length: n }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
const an = (n: number): string => from(ALNUM, n);
const hex = (n: number): string => from('0123456789abcdef', n);
const up = (n: number): string => from('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', n);
const b64 = (n: number): string => from(`${ALNUM}+/`, n);
const url64 = (n: number): string => from(`${ALNUM}-_`, n);
const digits = (n: number): string => from('0123456789', n);
const low = (n: number): string => from('abcdefghijklmnopqrstuvwxyz', n);
const uuid = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
const pem = (kind: string, body: string): string =>
  `-----BEGIN ${kind}-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END ${kind}-----`;

const cases: Array<[string, string, ((s: string) => string)?]> = [
  ['aws-access-key', `AKIA${up(16)}`],
  ['aws-temp-key', `ASIA${up(16)}`],
  ['aws-secret-key', b64(40), (s) => `aws_secret_access_key = ${s}`],
  ['aws-session-token', `FwoGZXIvYXdzE${b64(120)}`, (s) => `AWS_SESSION_TOKEN=${s}`],
  ['github-pat-classic', `ghp_${an(36)}`],
  ['github-oauth', `gho_${an(36)}`],
  ['github-user-to-server', `ghu_${an(36)}`],
  ['github-server-to-server', `ghs_${an(36)}`],
  ['github-refresh', `ghr_${an(36)}`],
  ['github-fine-grained', `github_pat_11${up(20)}_${an(59)}`],
  ['gitlab-pat', `glpat-${url64(20)}`],
  ['anthropic-key', `sk-ant-api03-${url64(93)}AA`],
  ['anthropic-admin-key', `sk-ant-admin01-${url64(93)}AA`],
  ['openai-project-key', `sk-proj-${url64(74)}T3BlbkFJ${url64(74)}`],
  ['openai-legacy-key', `sk-${an(20)}T3BlbkFJ${an(20)}`],
  ['slack-bot-token', `xoxb-${digits(12)}-${digits(13)}-${an(24)}`],
  ['slack-user-token', `xoxp-${digits(12)}-${digits(12)}-${digits(13)}-${hex(32)}`],
  ['slack-app-token', `xapp-1-A${up(10)}-${digits(13)}-${hex(64)}`],
  ['slack-webhook', `https://hooks.slack.com/services/T${up(8)}/B${up(8)}/${an(24)}`],
  ['stripe-live-secret', `sk_live_${an(99)}`],
  ['stripe-restricted', `rk_live_${an(99)}`],
  ['stripe-test-secret', `sk_test_${an(99)}`],
  ['npm-token', `npm_${an(36)}`],
  ['pypi-token', `pypi-AgEIcHlwaS5vcmc${url64(70)}`],
  ['google-api-key', `AIza${url64(35)}`],
  ['google-oauth-secret', `GOCSPX-${url64(28)}`],
  [
    'gcp-service-account',
    b64(600),
    (s) => JSON.stringify({ type: 'service_account', private_key: pem('PRIVATE KEY', s) }),
  ],
  ['rsa-private-key', b64(800), (s) => pem('RSA PRIVATE KEY', s)],
  ['openssh-private-key', b64(400), (s) => pem('OPENSSH PRIVATE KEY', s)],
  ['ec-private-key', b64(160), (s) => pem('EC PRIVATE KEY', s)],
  ['pgp-private-key', b64(500), (s) => pem('PGP PRIVATE KEY BLOCK', s)],
  ['jwt', `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ${url64(60)}.${url64(43)}`],
  ['postgres-url', `Pg${an(18)}`, (s) => `postgres://app:${s}@db.internal.example.com:5432/prod`],
  ['mongodb-url', `Mg${an(18)}`, (s) => `mongodb+srv://admin:${s}@cluster0.abcde.mongodb.net/app`],
  ['mysql-url', `My${an(18)}`, (s) => `mysql://root:${s}@127.0.0.1:3306/app`],
  ['redis-url', `Rd${an(18)}`, (s) => `redis://:${s}@cache.internal:6379/0`],
  ['amqp-url', `Mq${an(18)}`, (s) => `amqps://worker:${s}@mq.example.com/vhost`],
  ['https-basic-url', `Hb${an(18)}`, (s) => `https://deploy:${s}@git.example.com/org/repo.git`],
  ['bearer-header', `${an(48)}`, (s) => `curl -H "Authorization: Bearer ${s}" https://api.example.com`],
  ['basic-header', Buffer.from(`admin:${an(16)}`).toString('base64'), (s) => `Authorization: Basic ${s}`],
  ['env-password', `${an(20)}`, (s) => `DATABASE_PASSWORD=${s}`],
  ['django-secret', `${url64(50)}`, (s) => `SECRET_KEY = '${s}'`],
  ['yaml-password', `${an(22)}`, (s) => `  password: ${s}`],
  ['json-password', `${an(22)}`, (s) => `{"username": "svc", "password": "${s}"}`],
  ['twilio-api-key', `SK${hex(32)}`],
  ['twilio-auth-token', hex(32), (s) => `TWILIO_AUTH_TOKEN=${s}`],
  ['sendgrid-key', `SG.${url64(22)}.${url64(43)}`],
  ['mailgun-key', `key-${hex(32)}`],
  ['mailchimp-key', `${hex(32)}-us12`],
  [
    'azure-storage-key',
    `${b64(86)}==`,
    (s) => `DefaultEndpointsProtocol=https;AccountName=prod;AccountKey=${s};EndpointSuffix=core.windows.net`,
  ],
  ['azure-client-secret', `${an(3)}8Q~${url64(31)}`, (s) => `AZURE_CLIENT_SECRET=${s}`],
  ['discord-bot-token', `MT${an(24)}.${url64(6)}.${url64(38)}`],
  ['discord-webhook', `${url64(68)}`, (s) => `https://discord.com/api/webhooks/${digits(18)}/${s}`],
  ['telegram-bot-token', `${digits(10)}:AA${url64(33)}`],
  ['shopify-token', `shpat_${hex(32)}`],
  ['digitalocean-token', `dop_v1_${hex(64)}`],
  ['heroku-api-key', uuid(), (s) => `HEROKU_API_KEY=${s}`],
  ['vault-token', `hvs.${url64(90)}`],
  ['terraform-token', `${an(14)}.atlasv1.${an(67)}`],
  ['doppler-token', `dp.st.prd.${an(40)}`],
  ['square-token', `EAAA${url64(60)}`],
  ['linear-key', `lin_api_${an(40)}`],
  ['notion-token', `ntn_${an(46)}`],
  ['huggingface-token', `hf_${an(34)}`],
  ['databricks-token', `dapi${hex(32)}`],
  ['newrelic-key', `NRAK-${up(27)}`],
  ['sentry-dsn', hex(32), (s) => `https://${s}@o${digits(6)}.ingest.sentry.io/${digits(7)}`],
  ['generic-high-entropy', `${an(44)}`, (s) => `token: ${s}`],
  // Formats a generic rule would miss. Values short or plain enough that only the format
  // (not the high-entropy pass) can catch them.
  ['db-pass-env', `pw${an(8)}`, (s) => `DB_PASS=${s}`],
  ['db-pass-export', `pw${an(8)}`, (s) => `export MYSQL_ROOT_PASS=${s} && make`],
  ['django-secret-insecure', `django-insecure-${low(12)}(${low(6)})@!`, (s) => `SECRET_KEY = '${s}'`],
  ['flask-config-secret', `flask-${low(14)}`, (s) => `app.config["SECRET_KEY"] = "${s}"`],
  ['flask-secret-attr', `f${an(12)}`, (s) => `app.secret_key = "${s}"`],
  ['discord-bot-token-2', `MTE${digits(21)}.G${an(5)}.${url64(38)}`, (s) => `client.login('${s}')`],
  [
    'basic-header-short',
    Buffer.from(`bob:${low(6)}`).toString('base64'),
    (s) => `-H 'Authorization: Basic ${s}'`,
  ],
  ['sshpass', `ss${low(8)}`, (s) => `sshpass -p ${s} ssh deploy@10.0.0.5`],
  ['sshpass-quoted', `${low(5)} ${low(4)}`, (s) => `sshpass -p '${s}' scp a b:`],
  ['mysql-p', `my${low(8)}`, (s) => `mysql -u root -p${s} prod < dump.sql`],
  ['mysqldump-p-quoted', `${low(6)}#${digits(3)}`, (s) => `mysqldump -uadmin -p'${s}' app > app.sql`],
  ['curl-u', `cu${low(8)}`, (s) => `curl -u admin:${s} https://api.example.com/v1`],
  ['curl-user', `cu${low(8)}`, (s) => `curl -s --user deploy:${s} https://ci.example.com`],
  ['age-secret-key', `AGE-SECRET-KEY-1${from('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58)}`],
  ['postman-key', `PMAK-${hex(24)}-${hex(34)}`],
  ['bearer-hex64', hex(64), (s) => `curl -H "Authorization: Bearer ${s}" http://127.0.0.1:41234/api/x`],
  ['memtray-token-env', hex(64), (s) => `{"env": {"MEMTRAY_TOKEN": "${s}"}}`],
  ['cli-password', `dk${low(10)}`, (s) => `docker login -u me --password ${s} registry.example.com`],
  ['cli-token', `tk${low(10)}`, (s) => `vault login --token=${s}`],
  ['env-webhook-secret', `wh${low(10)}`, (s) => `STRIPE_WEBHOOK_SECRET=${s}`],
  ['env-api-token', `at${low(10)}`, (s) => `API_TOKEN="${s}"`],
  ['env-json-api-key', `ak${low(10)}`, (s) => `{"OPENAI_API_KEY": "${s}"}`],
  ['netrc', `nr${low(10)}`, (s) => `machine api.example.com login me password ${s}`],
  ['gitlab-runner-token', `glrt-${url64(20)}`],
];

export const SECRET_CASES: SecretCase[] = cases.map(([label, secret, fmt]) => ({
  label,
  secret,
  text: fmt ? fmt(secret) : secret,
}));

/**
 * Credentials passed as structured JSON fields (tool inputs), any nesting, case and separator
 * style, with plain values that only their field name gives away; and a secret used as a key.
 */
const weak = (): string => `w${low(7)}`;
const fields: Array<[string, (s: string) => Record<string, unknown>]> = [
  ['field-password', (s) => ({ password: s })],
  ['field-apiKey', (s) => ({ config: { apiKey: s } })],
  ['field-client_secret', (s) => ({ oauth: [{ client_secret: s }] })],
  ['field-token', (s) => ({ auth: { token: s } })],
  ['field-secret', (s) => ({ secret: s })],
  ['field-passwd', (s) => ({ user: { passwd: s } })],
  ['field-private_key', (s) => ({ private_key: s })],
  ['field-authorization', (s) => ({ headers: { Authorization: `Token ${s}` } })],
  ['field-X-Api-Key', (s) => ({ headers: { 'X-Api-Key': s } })],
  ['field-DB_PASSWORD', (s) => ({ env: { DB_PASSWORD: s } })],
  ['field-accessToken-deep', (s) => ({ a: { b: { c: { d: [{ e: { accessToken: s } }] } } } })],
  ['field-refresh-token', (s) => ({ 'refresh-token': s })],
  ['field-numeric-password', (s) => ({ password: Number(s) })],
];
export const FIELD_CASES: Array<{ label: string; secret: string; value: Record<string, unknown> }> = [
  ...fields.map(([label, make]) => {
    const secret = label === 'field-numeric-password' ? `9${digits(8)}` : weak();
    return { label, secret, value: make(secret) };
  }),
  { label: 'secret-as-key', secret: `ghp_${an(36)}`, value: {} },
];
const keyCase = FIELD_CASES[FIELD_CASES.length - 1]!;
keyCase.value = { tokens: { [keyCase.secret]: { scopes: ['repo'] } } };

/** Content inside `<private>` blocks: never stored or sent, whatever it is. */
export const PRIVATE_MARKERS = Array.from({ length: 6 }, (_, i) => `private-note-${i}-${an(12)}`);

export const secretBlob = (): string => SECRET_CASES.map((s) => `${s.label}: ${s.text}`).join('\n');
