// Last step of `npm run build`: copies the demo page and the favicons into dist/ and writes a
// brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every public file there, so
// the server sends compressed bytes without compressing per request (server/assets.ts).
// dist/server (the compiled server) is not public and is left alone.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const PUBLIC = /\.(js|css|html|svg|ico|json)$/;

/** Writes file.br and file.gz; a copy that would not be smaller is still written (the server picks by Accept-Encoding only). */
export function compressFile(file) {
  const buf = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(buf, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
  }));
  writeFileSync(`${file}.gz`, gzipSync(buf, { level: constants.Z_BEST_COMPRESSION }));
}

/** Every public file under `dir` (not dist/server), compressed. Returns the files. */
export function compressDir(dir) {
  const done = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // dist/server runs on the server and dist/esm goes to npm: neither is served over HTTP.
      if (entry.name !== 'server' && entry.name !== 'esm') done.push(...compressDir(path));
    } else if (PUBLIC.test(entry.name)) {
      const br = `${path}.br`;
      // Unchanged files keep their copies (old content-hashed chunks stay as they were).
      if (!existsSync(br) || statSync(br).mtimeMs < statSync(path).mtimeMs) compressFile(path);
      done.push(path);
    }
  }
  return done;
}

export function finishBuild(root) {
  const dist = join(root, 'dist');
  mkdirSync(dist, { recursive: true });
  copyFileSync(join(root, 'index.html'), join(dist, 'index.html'));
  for (const f of readdirSync(join(root, 'public'))) copyFileSync(join(root, 'public', f), join(dist, f));
  return compressDir(dist);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = finishBuild(join(dirname(fileURLToPath(import.meta.url)), '..'));
  console.log(`compressed ${files.length} public files in dist/ (brotli q11, gzip -9)`);
}
