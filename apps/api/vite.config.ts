import { defineConfig } from 'vite';

// The API ships as one ESM bundle per entry; packages in node_modules stay
// external (PGlite loads its WASM beside its own files), the workspace
// contract is bundled in.
export default defineConfig({
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      input: { main: 'src/main.ts', cli: 'src/cli.ts' },
      output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
  ssr: { noExternal: ['@vaidya/contract'] },
});
