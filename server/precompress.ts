/**
 * The build's text files compressed once, at build time (`react-router.config.ts`
 * runs it last), beside each file: `app-1a2b.js.br` and `app-1a2b.js.gz`. The
 * static site serves them as they are (`precompressed` in static-site.ts), so
 * no page view compresses a script again, and Brotli at its best setting,
 * too slow to run per request, makes them smaller than the per-request gzip
 * did. Anything else (API answers, the pages the server edits) is still
 * compressed per request by `compress()` in app.ts.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats of the build: scripts, styles, pages, React Router's page data, icons, feeds. */
const compressible = /\.(?:js|css|html|data|svg|xml|json|webmanifest|txt|ico)$/;

/** Below this, compression saves less than a packet, as `compress()`'s own threshold. */
export const precompressMinimumBytes = 1024;

/** Writes a `.br` and a `.gz` beside every text file of `clientDirectory` worth compressing. */
export async function precompressFiles(clientDirectory: string): Promise<number> {
  const files = (await readdir(clientDirectory, { recursive: true })).filter((file) =>
    compressible.test(file),
  );
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const path = join(clientDirectory, file);
      const content = await readFile(path);
      if (content.length < precompressMinimumBytes) return;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      written += 1;
    }),
  );
  return written;
}
