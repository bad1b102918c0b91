import { main } from './main.js';

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0 || !process.exitCode) process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`memtray: ${(err as Error).message}\n`);
    process.exitCode = 1;
  },
);
