import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The text files worth compressing; images, fonts (woff2) and the like already are. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes file.br and file.gz beside a file, each only when it is smaller than the file. */
async function precompress(file: string) {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < data.length ? writeFile(`${file}.br`, br) : undefined,
    gz.length < data.length ? writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

/**
 * After `vite build`: a brotli (best quality) and a gzip copy of every text file in the output,
 * public files and index.html included. The API serves them by Accept-Encoding
 * (apps/api/src/middleware/static-spa.ts), so no request pays for compression
 * (decision 025).
 */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'boardwalk:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(precompress));
    },
  };
}
