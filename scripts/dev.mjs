#!/usr/bin/env node
/** `npm run dev`: the API with reload on change (tsx watch) and the web app with hot reload (Vite, proxying /api). */
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@mandi/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@mandi/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
