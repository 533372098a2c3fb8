/**
 * `npm run dev`: the API server restarted on change (port 3001) and Vite's dev server with hot reload
 * (http://localhost:5173, proxying /api to the API). Sign-in redirects come back to the Vite origin.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from './run-steps.ts';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn(process.execPath, ['--watch-path=src/server', '--watch-path=src/shared', 'src/server/main.ts'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, APP_URL: process.env.APP_URL ?? 'http://localhost:5173' },
  }),
  spawn(path.join(projectRoot, 'node_modules/.bin/vite'), [], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
