import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** Resolves with a bench server's URL once its child process prints "listening <port>"; rejects if it exits first. */
export function listeningOn(child: ChildProcess, name: string): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const port = /listening (\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, child });
    });
  });
}

/** One server of the benchmark (tests/bench/servers.ts) in a child process of its own: `app` the real API, `raw` the hand-written yardstick. */
export function startServer(kind: 'app' | 'raw', env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('tests', 'bench', 'servers.ts'), kind], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return listeningOn(child, `${kind} server`);
}

/** Stops a bench server and waits until its process has exited. */
export async function stopServer(child: ChildProcess) {
  child.removeAllListeners('exit');
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}
