import { readFileSync, writeFileSync } from 'node:fs';
import { build as viteBuild } from 'vite';
import { defineConfig } from 'vitest/config';

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

// V8's explicit compile hint (Chrome 136+; other engines ignore a comment): every function of
// the loader runs on every page view, so V8 compiles them all while the file streams in, off
// the main thread, instead of on the page's main thread at first call (bench/page-cost.mjs:
// about a millisecond less script time there). It must be the file's first line; the server's
// widget.js?bot= writes the bot's config after it (server/widget-script.ts).
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const compileHint = () => ({
  name: 'widget-compile-hint',
  generateBundle(_: unknown, bundle: Record<string, { type: string; code?: string; fileName: string }>) {
    for (const file of Object.values(bundle)) if (file.type === 'chunk' && file.fileName === 'widget.js') file.code = COMPILE_HINT + file.code;
  },
});

// The loader (dist/widget.js) is the only file a page pays for before anyone shows interest:
// a classic script (IIFE) that draws the launcher and imports the app. The app
// (dist/widget-app.<hash>.js: Preact, every component, Markdown, DOMPurify, the SSE parser) is
// an ES module, so the loader can fetch it with import() from its own origin, also under a
// strict CSP. An IIFE build has exactly one entry, so the app and the npm package come from
// nested builds: `vite build` makes all three.
//
// The app is built first and named by its content hash, and its name is compiled into
// widget.js (__WIDGET_APP__): the server caches it for a year, and a page holding an older
// widget.js asks for the older app, which stays in dist/, so a new loader never meets an old
// app or the other way round. Only for `vite build`: vitest runs this config too and needs no bundle.
const appModule = () => ({
  name: 'widget-app-module',
  async config(_: unknown, env: { command: string }) {
    if (env.command !== 'build') return;
    const out = await viteBuild({
      configFile: false,
      logLevel: 'warn',
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        copyPublicDir: false,
        target: 'es2020',
        // Not a library build: those keep whitespace in ES output, and this file goes to browsers as is.
        modulePreload: false,
        rollupOptions: {
          input: 'widget/app-entry.ts',
          preserveEntrySignatures: 'exports-only',
          output: { format: 'es', entryFileNames: 'widget-app.[hash].js', codeSplitting: false },
          plugins: [asciiOnly()],
        },
      },
    });
    const outputs = (Array.isArray(out) ? out : [out]) as Array<{ output: Array<{ type: string; fileName: string }> }>;
    const file = outputs.flatMap((o) => o.output).find((f) => f.type === 'chunk')?.fileName;
    if (!file || !/^widget-app\.[\w-]{8,}\.js$/.test(file)) throw new Error(`the app module was written as ${file}, not widget-app.<hash>.js`);
    return { define: { __WIDGET_APP__: JSON.stringify(file) } };
  },
});

// The npm package (dist/esm/: ES modules with the app as a split chunk, plus type
// declarations), built once the loader has been written.
const esmPackage = () => ({
  name: 'widget-esm-package',
  async closeBundle() {
    await viteBuild({
      configFile: false,
      logLevel: 'warn',
      build: {
        outDir: 'dist/esm',
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'es2020',
        lib: { entry: 'widget/esm.ts', formats: ['es'], fileName: () => 'index.js' },
        rollupOptions: { output: { chunkFileNames: 'app-[hash].js' }, plugins: [asciiOnly()] },
      },
    });
    // The public types are a types-only module: they are the declarations, plus `mount`.
    const types = readFileSync('widget/public-types.ts', 'utf8');
    writeFileSync('dist/esm/index.d.ts', `${types}\n/** Mounts one widget; its methods work at once (calls wait until it has loaded). */\nexport declare function mount(options: MountOptions): WidgetInstance;\n`);
  },
});

export default defineConfig({
  plugins: [appModule()],
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
    rollupOptions: { plugins: [asciiOnly(), compileHint(), esmPackage()] },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'server', include: ['server/**/*.test.ts'], environment: 'node', testTimeout: 20000, hookTimeout: 30000 },
      },
      {
        extends: true,
        test: { name: 'widget', include: ['widget/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['widget/test/settle-effects.ts', 'widget/test/xhr-via-fetch.ts'] },
      },
      {
        extends: true,
        test: { name: 'agent', include: ['agent/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['widget/test/settle-effects.ts', 'agent/testing/setup.ts'] },
      },
    ],
  },
});
