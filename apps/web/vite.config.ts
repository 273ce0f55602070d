/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressPlugin } from './build/compress-plugin.ts';

export default defineConfig({
  plugins: [react(), compressPlugin()],
  build: {
    outDir: 'dist',
    // The API server caches everything under /assets/ for a year, so only hashed files may live there.
    assetsDir: 'assets',
    // scripts/check-page-weight.mjs walks the chunk graph of each route from this file.
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // A journey types into several fields and loads lazy pages; on a busy two-core machine (two test
    // runs at once, or the API suites beside it) that has taken over 15 s.
    testTimeout: 30_000,
  },
});
