// Brotli copies of the browser's scripts and stylesheets, at the highest quality, written once
// at build time (build/brotli/assets/NAME.br) and sent by app/server/precompressed-assets.server.ts
// to browsers that accept br. Per-request compression uses gzip or a fast brotli level and
// cannot spend this long; at level 11 the shared framework file is about 14 kB (14%) smaller than
// gzip. Kept outside build/client so the .br files are never served under their own names.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const source = "build/client/assets";
const target = "build/brotli/assets";
mkdirSync(target, { recursive: true });

let files = 0;
for (const name of readdirSync(source).filter((file) => /\.(js|css)$/.test(file))) {
  const bytes = readFileSync(path.join(source, name));
  const compressed = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  if (compressed.length >= bytes.length) continue;
  writeFileSync(path.join(target, `${name}.br`), compressed);
  files += 1;
}
console.log(`precompressed ${files} scripts and stylesheets with brotli`);
