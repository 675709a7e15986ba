import { build as viteBuild } from 'vite';
import { defineConfig } from 'vitest/config';

// What the widget needs only once the chat is open (the Markdown renderer, its sanitizer
// DOMPurify, the SSE parser) ships as a second classic script, dist/widget-markdown.js, that
// widget.js loads when the chat is first opened (widget/chunk.ts). An IIFE build has exactly one entry, so that file comes from a
// nested build run when the main one has been written: `vite build` makes both.
// Site owners may serve widget.js without `charset=utf-8` onto pages in another encoding; the
// bundle is therefore pure ASCII, every other character written as a \u escape (valid in
// strings, templates, regular expressions, identifiers and comments alike).
const asciiOnly = () => ({
  name: 'widget-ascii-only',
  generateBundle(_: unknown, bundle: Record<string, { type: string; code?: string }>) {
    for (const file of Object.values(bundle))
      if (file.type === 'chunk' && file.code)
        file.code = file.code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  },
});

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
        lib: { entry: 'widget/chunk-entry.ts', name: 'ChatWidgetMarkdown', formats: ['iife'], fileName: () => 'widget-markdown.js' },
        rollupOptions: { plugins: [asciiOnly()] },
      },
    });
  },
});

// One config for the widget's library build and for the unit tests.
// Site owners paste ONE classic script (IIFE) tag; an IIFE works on pages that are not
// modules and under a strict CSP. It pulls in widget-markdown.js itself, on first open.
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
    rollupOptions: { output: { inlineDynamicImports: true }, plugins: [asciiOnly(), markdownChunk()] },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'server', include: ['server/**/*.test.ts'], environment: 'node', testTimeout: 20000, hookTimeout: 30000 },
      },
      {
        extends: true,
        test: { name: 'widget', include: ['widget/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['widget/test/settle-effects.ts'] },
      },
      {
        extends: true,
        test: { name: 'agent', include: ['agent/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['widget/test/settle-effects.ts'] },
      },
    ],
  },
});
