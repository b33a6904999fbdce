import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

/** The browser app: sources in src/web, built into dist/web, which `npm start` serves. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: Object.fromEntries(['/api', '/users', '/dev', '/healthz', '/readyz', '/old-browsers.html'].map((path) => [path, apiTarget])),
  },
});
