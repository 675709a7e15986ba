import { build as viteBuild } from 'vite';
import { defineConfig } from 'vitest/config';

// The widget's Markdown renderer and sanitizer (DOMPurify) ship as a second classic script,
// dist/widget-markdown.js, that widget.js loads when the chat is first opened
// (widget/md-loader.ts). An IIFE build has exactly one entry, so that file comes from a
// nested build run when the main one has been written: `vite build` makes both.
const markdownChunk = () => ({
  name: 'widget-markdown-chunk',
  async closeBundle() {
    await viteBuild({
      configFile: false,
      logLevel: 'warn',
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2020',
        lib: { entry: 'widget/markdown-entry.ts', name: 'ChatWidgetMarkdown', formats: ['iife'], fileName: () => 'widget-markdown.js' },
      },
    });
  },
});

// One config for the widget's library build and for the unit tests.
// The widget ships as ONE classic script (IIFE): site owners paste a single <script> tag,
// and an IIFE works on pages that are not modules and under a strict CSP.
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2020',
    lib: {
      entry: 'widget/main.ts',
      name: 'ChatWidgetBundle',
      formats: ['iife'],
      fileName: () => 'widget.js',
    },
    rollupOptions: { output: { inlineDynamicImports: true }, plugins: [markdownChunk()] },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'server', include: ['server/**/*.test.ts'], environment: 'node', testTimeout: 20000, hookTimeout: 30000 },
      },
      {
        extends: true,
        test: { name: 'widget', include: ['widget/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      {
        extends: true,
        test: { name: 'agent', include: ['agent/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
    ],
  },
});
