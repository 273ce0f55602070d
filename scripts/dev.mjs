// `npm run dev`: the API restarting on change (port 3000) and Vite with hot
// reload (port 5173), which proxies /api to the API.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const bin = (name) => join(root, 'node_modules/.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/main.ts'], {
    cwd: join(root, 'apps/api'),
    stdio: 'inherit',
    env: { NODE_ENV: 'development', SERVE_WEB: 'false', DATA_DIR: join(root, 'data'), ...process.env },
  }),
  spawn(bin('vite'), [], { cwd: join(root, 'apps/web'), stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
