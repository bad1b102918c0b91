/** Seeded secrets (fake, but in the real formats) for redaction tests. `value` is how it appears in text. */
const b = (s: string, n: number): string => s.repeat(Math.ceil(n / s.length)).slice(0, n);

export interface Seeded {
  label: string;
  /** The part that must never be stored or sent. */
  secret: string;
  value: string;
}

const raw: Array<[string, string, string?]> = [
  ['aws-key', 'AKIAQX7R2MZK4PLW9TNB'],
  [
    'aws-secret',
    'wJalrXUtnFEMI/K7MDENG/bPxRfiCYz8Kq3mT2Nv',
    'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYz8Kq3mT2Nv',
  ],
  ['github-token', `ghp_${b('aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xY', 36)}`],
  ['github-token', `github_pat_11ABCDEFG0${b('xY7zQ2wE4rT6yU8iO0pA', 72)}`],
  ['anthropic-key', `sk-ant-api03-${b('Zq8Wx2Ec4Rv6Tb8Yn0Um1Ik3Ol5Pj7Hg9Fd-_', 93)}AA`],
  ['openai-key', `sk-proj-${b('Ab12Cd34Ef56Gh78Ij90Kl_-', 74)}T3BlbkFJ${b('Mn12Op34Qr56St78Uv90Wx_-', 74)}`],
  ['slack-token', 'xoxb-2413567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'],
  ['slack-webhook', 'https://hooks.slack.com/services/T01ABCDEF/B02GHIJKL/AbCdEfGhIjKlMnOpQrStUvWx'],
  ['stripe-key', `sk_live_${b('51HxYz2AbCdEfGh3IjKlMn4Op', 40)}`],
  ['npm-token', `npm_${b('Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0UvWx', 36)}`],
  ['gcp-api-key', `AIza${b('SyB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV_-x', 35)}`],
  [
    'sendgrid-key',
    `SG.${b('aBcDeFgHiJkLmNoPqRsTuV', 22)}.${b('wXyZ0123456789aBcDeFgHiJkLmNoPqRsTuVwXyZ01', 43)}`,
  ],
  [
    'private-key',
    `MIIEowIBAAKCAQEA7x${b('Qk9Zb3JzYWxvbmdrZXltYXRlcmlhbGhlcmU', 300)}`,
    `-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7x${b('Qk9Zb3JzYWxvbmdrZXltYXRlcmlhbGhlcmU', 300)}\n-----END RSA PRIVATE KEY-----`,
  ],
  [
    'jwt',
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  ],
  ['url-password', 'S3cr3tPassw0rd', 'postgres://app:S3cr3tPassw0rd@db.internal.example.com:5432/prod'],
  ['url-password', 'm0ng0Pa55word', 'mongodb+srv://admin:m0ng0Pa55word@cluster0.abcde.mongodb.net/test'],
  ['url-password', 'Rd7kQ2xLmP9sVb', 'redis://:Rd7kQ2xLmP9sVb@cache.internal:6379/0'],
  ['env-secret', 'hunter2hunter2X9', 'DATABASE_PASSWORD=hunter2hunter2X9'],
  ['credential', 'hunter2hunter2Y8', 'database_password = hunter2hunter2Y8'],
  ['credential', 'nODWebkzeVVpAzvutfwmkT', 'password: nODWebkzeVVpAzvutfwmkT'],
  ['credential', 'NlbUxhUoTwbSZtinAeYyok', '{"username": "svc", "password": "NlbUxhUoTwbSZtinAeYyok"}'],
  ['mailgun-key', 'key-3f9a1c0d7e2b4a6c8d0e1f2a3b4c5d6e'],
  ['mailchimp-key', '0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a-us12'],
  [
    'azure-storage-key',
    `${b('Zm9vYmFyYmF6cXV4K2xvbmcvc3RvcmFnZWtleQ', 86)}==`,
    `DefaultEndpointsProtocol=https;AccountName=prod;AccountKey=${b('Zm9vYmFyYmF6cXV4K2xvbmcvc3RvcmFnZWtleQ', 86)}==;EndpointSuffix=core.windows.net`,
  ],
  [
    'discord-webhook',
    `https://discord.com/api/webhooks/123456789012345678/${b('Tm7lICauXnf5YFJHNq0Uu-uIvJSq', 68)}`,
  ],
  ['newrelic-key', 'NRAK-4UROYTNKTHYVE3OXVHPPXUA3BO3'],
  [
    'sentry-dsn',
    '1276cba54a6a4c36148aa77575bcad61',
    'https://1276cba54a6a4c36148aa77575bcad61@o162710.ingest.sentry.io/7472199',
  ],
  ['twilio-key', 'SKdc78f7ada58bf30316a63a67537e0307'],
  ['digitalocean-token', `dop_v1_${b('cbdffee4038f49705871f7de9d3a3b3c', 64)}`],
  [
    'high-entropy',
    'Zk8qW3xR9vT2bN7mL4pJ6hG1fD5sA0cE8yU3iO7kX2',
    'blob Zk8qW3xR9vT2bN7mL4pJ6hG1fD5sA0cE8yU3iO7kX2 end',
  ],
];

export const SEEDED: Seeded[] = raw.map(([label, secret, value]) => ({
  label,
  secret,
  value: value ?? secret,
}));
