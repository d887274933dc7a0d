/**
 * `npm run dev`: the API (restarting on change, through tsx watch) and the Vite dev server with
 * hot reload, which proxies /api to the API. Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';

if (process.argv.includes('--help')) {
  console.log('npm run dev: the API (tsx watch, PORT, default 3000) and the Vite dev server on :5173 proxying /api to it.');
  process.exit(0);
}

const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'api/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_URL: `http://localhost:${apiPort}` } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
