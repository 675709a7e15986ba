import { defineConfig } from 'vitest/config';

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
    rollupOptions: { output: { inlineDynamicImports: true } },
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
