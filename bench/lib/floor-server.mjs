// The floor: the least a JSON hook endpoint can do. An empty Node HTTP server that reads the body,
// parses it as JSON (400 when it is not) and answers 200 `{}`. Parsing is part of the floor: every
// endpoint that takes a hook must do it, so a floor without it flattered the floor, not MemTray.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let ok = true;
    try {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      ok = false;
    }
    const body = ok ? '{}' : '{"error":"bad json"}';
    res.writeHead(ok ? 200 : 400, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
