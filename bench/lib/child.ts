/** Starts a Node child process for a benchmark and resolves once its output matches `ready`. */
import { spawn, type ChildProcess } from 'node:child_process';

export function startChild(
  cmd: string[],
  ready: RegExp,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cmd, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = ready.exec(out);
      if (m) resolve({ child, match: m });
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}
