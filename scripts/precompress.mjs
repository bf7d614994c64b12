// After a web app's `vite build`: writes <file>.br (brotli, quality 11) and <file>.gz (gzip, level 9) beside every text
// asset of the build, so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing the
// same bytes on every request at a lower level.
// Usage: node scripts/precompress.mjs <distDir> [<distDir>...]
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The file types compressed ahead (images, fonts, audio are compressed already). */
export const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/i;

function* textFiles(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* textFiles(p);
    else if (e.isFile() && PRECOMPRESSED.test(e.name)) yield p;
  }
}

/** Compresses every text asset under `dir` (both encodings, in zlib's thread pool). Returns the files and byte counts. */
export async function precompress(dir) {
  const files = [...textFiles(dir)];
  let raw = 0;
  let br = 0;
  let gz = 0;
  await Promise.all(
    files.map(async (f) => {
      const data = await fs.promises.readFile(f);
      const [b, g] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(data, { level: 9 }),
      ]);
      await Promise.all([fs.promises.writeFile(`${f}.br`, b), fs.promises.writeFile(`${f}.gz`, g)]);
      raw += data.length;
      br += b.length;
      gz += g.length;
    }),
  );
  return { files: files.length, raw, br, gz };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('Usage: node scripts/precompress.mjs <distDir> [<distDir>...]');
    process.exit(2);
  }
  for (const d of dirs) {
    if (!fs.existsSync(d)) {
      console.error(`precompress: ${d} does not exist`);
      process.exit(1);
    }
    const t0 = performance.now();
    const r = await precompress(d);
    const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
    console.log(
      `precompressed ${r.files} files in ${d}: ${kb(r.raw)} -> br ${kb(r.br)}, gzip ${kb(r.gz)} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
}
