/**
 * A local embeddings server speaking OpenAI's `POST /v1/embeddings`, whose vectors are
 * deterministic and mean something: a small hand-made concept lexicon maps words and their
 * synonyms to shared dimensions ("login", "auth", "signin" → one concept; "broken", "expired",
 * "failing" → another), and every other word is hashed into the remaining dimensions. So "login is
 * broken" and "auth refresh token expired" are near without sharing a word, and texts that share
 * words are near too. Faults on demand: down (503), slow, wrong dimension.
 */
import { createServer, type Server } from 'node:http';

export const CONCEPTS: string[][] = [
  [
    'login',
    'logon',
    'signin',
    'auth',
    'authentication',
    'authenticate',
    'credential',
    'token',
    'oauth',
    'sso',
    'password',
  ],
  [
    'broken',
    'break',
    'broke',
    'fail',
    'failure',
    'failed',
    'failing',
    'error',
    'crash',
    'expired',
    'expire',
    'bug',
    'wrong',
    'rejected',
    'nan',
  ],
  ['fix', 'fixed', 'repair', 'resolve', 'resolved', 'patch', 'workaround', 'solve'],
  ['test', 'tests', 'spec', 'assert', 'expectation', 'vitest', 'jest', 'check', 'verify'],
  ['money', 'price', 'cents', 'euro', 'euros', 'currency', 'cost', 'total', 'amount', 'discount'],
  ['decide', 'decided', 'decision', 'chose', 'choose', 'choice', 'prefer', 'instead', 'option', 'plan'],
  ['file', 'module', 'source', 'path', 'readme', 'document', 'docs'],
  ['command', 'run', 'ran', 'shell', 'terminal', 'bash', 'npm', 'script', 'cli'],
  ['slow', 'latency', 'performance', 'fast', 'speed', 'cache', 'timeout', 'perf'],
  ['database', 'sqlite', 'sql', 'table', 'schema', 'migration', 'query', 'index'],
  ['commit', 'push', 'git', 'branch', 'merge', 'upstream', 'rebase'],
  ['delete', 'remove', 'drop', 'dropped', 'purge', 'clean', 'prune'],
  ['ui', 'popup', 'window', 'view', 'screen', 'page', 'button', 'component', 'render'],
  ['deploy', 'release', 'ship', 'publish', 'rollout', 'production'],
  ['refactor', 'rename', 'restructure', 'reorganize', 'cleanup', 'simplify'],
  ['start', 'begin', 'first', 'initial', 'setup', 'init', 'bootstrap', 'scaffold'],
];
const STOP = new Set(
  'a an the is are was were be been to of in on at for and or but with by from as it its this that we i you did do does what which why how when where who our my me us'.split(
    ' ',
  ),
);
const HASHED = 48;

const stem = (w: string): string => w.replace(/(ing|ed|es|s)$/u, '').replace(/(.)\1$/u, '$1');
const conceptOf = new Map<string, number>();
CONCEPTS.forEach((words, i) => {
  for (const w of words) {
    conceptOf.set(w, i);
    conceptOf.set(stem(w), i);
  }
});

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The vector of a text for a model: `dims` = concepts + hashed words; a model name permutes nothing but the size. */
export function embedText(text: string, dims = CONCEPTS.length + HASHED): number[] {
  const v = new Array<number>(dims).fill(0);
  const hashed = dims - CONCEPTS.length;
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 2 || STOP.has(raw)) continue;
    const c = conceptOf.get(raw) ?? conceptOf.get(stem(raw));
    if (c !== undefined) v[c]! += 1;
    else v[CONCEPTS.length + (fnv(stem(raw)) % hashed)]! += 0.5;
  }
  const norm = Math.hypot(...v);
  // An empty text points somewhere harmless rather than being the zero vector.
  if (norm === 0) v[dims - 1] = 1;
  return norm === 0 ? v : v.map((x) => x / norm);
}

export type Mode = 'ok' | 'down' | 'slow' | 'wrong-dim';

export interface EmbeddingsServer {
  url: string;
  mode: Mode;
  slowMs: number;
  /** Texts received, per model. */
  inputs: Map<string, string[]>;
  requests: number;
  /** The last request's Authorization header. */
  authorization: string | undefined;
  /** The last request's body (`input_type`, `dimensions`, `output_dimension`, …). */
  lastBody: Record<string, unknown> | undefined;
  close(): Promise<void>;
}

/** Models and their vector sizes; an unknown model is a 404 like a real server's. */
export const MODELS: Record<string, number> = {
  'lexicon-a': CONCEPTS.length + HASHED,
  'lexicon-b': CONCEPTS.length + 80,
};

export async function startEmbeddingsServer(): Promise<EmbeddingsServer> {
  const state: EmbeddingsServer = {
    url: '',
    mode: 'ok',
    slowMs: 2_000,
    inputs: new Map(),
    requests: 0,
    authorization: undefined,
    lastBody: undefined,
    close: () => new Promise((r) => server.close(() => r())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.requests++;
      state.authorization = req.headers.authorization;
      const reply = (status: number, body: unknown): void => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') return reply(404, { error: 'not found' });
      if (state.mode === 'down') return reply(503, { error: { message: 'model is loading' } });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        model: string;
        input: string | string[];
      };
      state.lastBody = body;
      const dims = MODELS[body.model];
      if (dims === undefined) return reply(404, { error: { message: `model ${body.model} not found` } });
      const input = Array.isArray(body.input) ? body.input : [body.input];
      state.inputs.set(body.model, [...(state.inputs.get(body.model) ?? []), ...input]);
      const size = state.mode === 'wrong-dim' ? dims + 3 : dims;
      const answer = (): void =>
        reply(200, {
          object: 'list',
          model: body.model,
          data: input.map((t, index) => ({ object: 'embedding', index, embedding: embedText(t, size) })),
          usage: { prompt_tokens: 0, total_tokens: 0 },
        });
      if (state.mode === 'slow') setTimeout(answer, state.slowMs);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const addr = server.address();
  state.url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/v1`;
  return state;
}
