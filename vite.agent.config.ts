import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';

// The agent inbox (/agent): agent/main.tsx → dist/agent/agent.js + agent.css, plus the page
// shell agent/index.html copied as is. The shell names its files with fixed root paths
// (/agent.js, /agent.css), so the build must not hash or rewrite them: a library build of the
// entry, not an HTML build. Separate from vite.config.ts because that one builds the widget
// as an IIFE into dist/, which this build must leave alone (emptyOutDir: false, own outDir).
const shell = fileURLToPath(new URL('./agent/index.html', import.meta.url));

function copyShell(): Plugin {
  return {
    name: 'agent-shell',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'index.html', source: readFileSync(shell, 'utf8') });
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [copyShell()],
  build: {
    outDir: 'dist/agent',
    emptyOutDir: false,
    target: 'es2020',
    // Vite keeps a library's ES output readable (no whitespace minification) for other
    // bundlers; this file goes straight to browsers, so minify it fully.
    rolldownOptions: { output: { minify: true } },
    lib: {
      entry: 'agent/main.tsx',
      formats: ['es'],
      fileName: () => 'agent.js',
      cssFileName: 'agent',
    },
  },
});
