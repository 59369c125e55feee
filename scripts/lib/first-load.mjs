// The home page's first-load JavaScript, by chunk, from a production build: the files the
// server build's asset manifest lists for the entry, the root route and the index route —
// exactly what / preloads. Shared by `npm run size` and `npm run bench`.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export const gzipSize = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** { js: [{ file, raw, gz }], css: [...] } sorted by gzip size, largest first. */
export async function firstLoadFiles(buildDir) {
  process.env.NODE_ENV = "production";
  const { assets } = await import(path.join(buildDir, "server", "index.js"));
  const js = new Set([assets.entry.module, ...assets.entry.imports]);
  const css = new Set();
  for (const id of ["root", "routes/_index"]) {
    const route = assets.routes[id];
    js.add(route.module);
    for (const f of route.imports ?? []) js.add(f);
    for (const f of route.css ?? []) css.add(f);
  }
  const sizes = (files) =>
    [...files]
      .map((f) => {
        const buf = fs.readFileSync(path.join(buildDir, "client", f));
        return { file: f, raw: buf.length, gz: gzipSize(buf) };
      })
      .sort((a, b) => b.gz - a.gz);
  return { js: sizes(js), css: sizes(css) };
}

export const sum = (list, k) => list.reduce((n, f) => n + f[k], 0);

/** Prints each JS chunk (gzip, raw) and returns the gzip total. */
export function printJsByChunk(js) {
  for (const f of js) console.log(`  ${kb(f.gz).padStart(9)}  ${kb(f.raw).padStart(9)} raw  ${f.file}`);
  return sum(js, "gz");
}
