/** Binding the service's HTTP server to 127.0.0.1: the default port, and the next free ones. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const DEFAULT_PORT = 37777;

/** Listens on `first`, or if it is busy on the next free one of 50; 0 picks any free port. */
export async function listen(server: Server, first: number): Promise<number> {
  const attempts = first === 0 ? 1 : 50;
  for (let i = 0; i < attempts; i++) {
    const port = first === 0 ? 0 : first + i;
    try {
      await new Promise<void>((resolve, reject) => {
        const onError = (err: Error): void => {
          server.off('listening', onListening);
          reject(err);
        };
        const onListening = (): void => {
          server.off('error', onError);
          resolve();
        };
        server.once('error', onError);
        server.once('listening', onListening);
        server.listen({ port, host: '127.0.0.1', exclusive: true });
      });
      return (server.address() as AddressInfo).port;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || i === attempts - 1) throw err;
    }
  }
  throw new Error('unreachable');
}
