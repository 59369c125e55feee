#!/usr/bin/env node
// @ts-check
// Run after `remix vite:build` (npm run build, npm start): every script and stylesheet of the
// client build (build/client/assets, fingerprinted, so never changed in place) is compressed once
// here, at the strongest settings, beside the original: `x.js.br` (Brotli, quality 11) and
// `x.js.gz` (gzip, level 9). The server sends those as they are, so a page's modules cost it no
// compression per request, and a guest downloads fewer bytes than the per-request compression's
// faster settings give (docs/decisions/0075-the-page-s-scripts-are-compressed-once.md).
// A file whose compressed copy would not be smaller is left without one.
//
//   BUILD_DIR=build-x node scripts/precompress.mjs
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const assets = path.join(path.resolve(process.env.BUILD_DIR ?? "build"), "client", "assets");
const files = (await fs.readdir(assets).catch(() => null))?.filter((name) => /\.(js|css)$/.test(name));
if (!files) {
  console.error(`No client build in ${assets}: run \`remix vite:build\` first.`);
  process.exit(1);
}

let before = 0;
let after = 0;
/** @param {string} name */
async function compress(name) {
  const file = path.join(assets, name);
  const source = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < source.length) await fs.writeFile(`${file}.gz`, gz);
  before += source.length;
  after += Math.min(br.length, source.length);
}

// As many files at once as zlib's thread pool runs, so the build's other CPUs are used too.
const queue = [...files];
await Promise.all(
  Array.from({ length: Math.max(1, os.availableParallelism()) }, async () => {
    for (let name = queue.shift(); name; name = queue.shift()) await compress(name);
  }),
);
console.log(`precompressed ${files.length} scripts and stylesheets: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB with Brotli`);
