// Writes brotli (quality 11) and gzip (level 9) copies next to each built script and stylesheet, once
// at build time, so the server sends them as they are (@fastify/static `preCompressed`) instead of
// compressing every first visit on the fly at the low quality that streaming pages need.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const assets = new URL("../build/client/assets/", import.meta.url).pathname;
/** Below this, compression saves less than the headers it needs (the server's threshold too). */
const MIN_BYTES = 1024;

let written = 0;
for (const name of await readdir(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = join(assets, name);
  const body = await readFile(file);
  if (body.length < MIN_BYTES) continue;
  await writeFile(
    `${file}.br`,
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  written++;
}
console.log(`precompress: brotli and gzip copies of ${written} assets`);
