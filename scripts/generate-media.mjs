#!/usr/bin/env node
// @ts-check
// npm run media — draws the placeholder artwork (small SVG files in public/images) and then
// synthesizes the background music (scripts/generate-music.mjs). Everything is drawn here, from
// scratch, so the project can ship it. Replace the outputs with the couple's own photos and
// song: keep the same file names, or change the paths in app/content/wedding.ts.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/**
 * @param {string} file
 * @param {string | Buffer} content
 */
const out = (file, content) => {
  const full = path.join(root, "public/images", file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, content);
};

// Background light, background deep, ink. Sage, sand, blush and mist: quiet, close to the
// site's sage/gold palette, readable under both themes (the art sits on its own background).
const palettes = {
  sage: ["#eef2ea", "#c9d8c4", "#4f7559"],
  sand: ["#f6efe3", "#e2cfae", "#8a6a1f"],
  blush: ["#f7ecea", "#e6c9c4", "#8e5a55"],
  mist: ["#edf1f2", "#c8d6da", "#4d6b75"],
};

// Line drawings in a 0..100 box.
const motifs = {
  rings: '<circle cx="42" cy="56" r="15"/><circle cx="58" cy="56" r="15"/><path d="M50 27l4 6h-8z"/>',
  heart: '<path d="M50 76 27 53a13 13 0 0 1 23-17 13 13 0 0 1 23 17z"/>',
  coffee:
    '<path d="M30 44h34v14a17 17 0 0 1-34 0z"/><path d="M64 48h4a7 7 0 0 1 0 14h-5"/><path d="M41 26c-3 4 3 6 0 10M51 26c-3 4 3 6 0 10"/><path d="M26 78h46"/>',
  plane: '<path d="M22 58l56-20-17 28-9-7-8 11-2-15z"/>',
  house: '<path d="M26 52 50 31l24 21v26H26z"/><path d="M44 78V61h12v17"/>',
  mountain: '<path d="M16 74 40 41l11 15 10-12 23 30z"/><circle cx="70" cy="31" r="5"/>',
  ring: '<circle cx="50" cy="59" r="17"/><path d="M43 36l7-9 7 9-7 5z"/>',
  family:
    '<circle cx="36" cy="41" r="7"/><circle cx="64" cy="41" r="7"/><circle cx="50" cy="53" r="5"/><path d="M26 76c0-14 20-14 20 0M54 76c0-14 20-14 20 0M44 78c0-10 12-10 12 0"/>',
  dress: '<path d="M43 24h14l-2 13 13 39H32l13-39z"/><path d="M45 37h10"/>',
  arch: '<path d="M30 78V48a20 20 0 0 1 40 0v30"/><path d="M38 78V50a12 12 0 0 1 24 0v28"/><path d="M24 78h52"/>',
  plate: '<circle cx="50" cy="52" r="19"/><circle cx="50" cy="52" r="11"/><path d="M22 34v36M78 34v36M19 34v9a3 3 0 0 0 6 0v-9"/>',
  glasses: '<path d="M36 27h13l-2 17a4.5 4.5 0 0 1-9 0zM53 27h13l-2 17a4.5 4.5 0 0 1-9 0zM42.5 48.5v21M59.5 48.5v21M37 70h11M54 70h11"/>',
  music: '<path d="M40 70V33l28-6v37"/><circle cx="34" cy="70" r="6"/><circle cx="62" cy="64" r="6"/>',
  gift: '<path d="M29 45h42v31H29zM25 37h50v8H25zM50 37v39M50 37c-6-12-18-8-12 0M50 37c6-12 18-8 12 0"/>',
  sun: '<circle cx="50" cy="50" r="11"/><path d="M50 26v7M50 67v7M26 50h7M67 50h7M33 33l5 5M62 62l5 5M33 67l5-5M62 38l5-5"/>',
  moon: '<path d="M61 29a21 21 0 1 0 10 29 17 17 0 0 1-10-29z"/><circle cx="33" cy="35" r="1.5"/><circle cx="70" cy="74" r="1.5"/><circle cx="28" cy="66" r="1"/>',
  wave: '<path d="M18 58c8-8 14-8 22 0s14 8 22 0 14-8 22 0"/><path d="M18 70c8-8 14-8 22 0s14 8 22 0 14-8 22 0"/><circle cx="66" cy="34" r="7"/>',
  portrait: '<circle cx="40" cy="40" r="9"/><circle cx="60" cy="40" r="9"/><path d="M24 80c0-18 32-18 32 0M44 80c0-18 32-18 32 0"/>',
};

// A small leafy sprig, drawn in a 0..40 box, for the corners.
const sprig =
  '<path d="M4 36C14 26 22 16 36 4"/><path d="M12 28c-6-1-9-5-9-9 5 0 8 3 9 9zM18 21c-1-6 1-10 5-12 2 5 0 9-5 12zM22 17c6 1 10 0 12-4-5-2-9 0-12 4zM27 11c-1-5 1-8 4-9 1 4 0 7-4 9z"/>';

/**
 * @param {keyof typeof motifs} motif
 * @param {keyof typeof palettes} paletteName
 * @param {number} width
 * @param {number} height
 */
function art(motif, paletteName, width, height) {
  const [light, deep, ink] = palettes[paletteName];
  const scale = (Math.min(width, height) / 100) * 0.72;
  const tx = (width - 100 * scale) / 2;
  const ty = (height - 100 * scale) / 2;
  const inset = Math.round(Math.min(width, height) * 0.05);
  const s = (Math.min(width, height) / 40) * 0.28;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><radialGradient id="g" cx="0.3" cy="0.2" r="1.1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<rect x="${inset}" y="${inset}" width="${width - 2 * inset}" height="${height - 2 * inset}" rx="${inset / 2}" fill="none" stroke="${ink}" stroke-opacity="0.22"/>
<g fill="none" stroke="${ink}" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.45" stroke-width="1.4">
<g transform="translate(${inset * 1.4} ${height - inset * 1.4 - 40 * s}) scale(${s})">${sprig}</g>
<g transform="translate(${width - inset * 1.4} ${inset * 1.4 + 40 * s}) scale(${-s} ${-s})">${sprig}</g>
</g>
<g transform="translate(${tx} ${ty}) scale(${scale})" fill="none" stroke="${ink}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" opacity="0.85">${motifs[motif]}</g>
</svg>
`;
}

// The hero's ornament: interlaced rings between two laurel branches, on a transparent
// background, in a gold that reads on both the light and the dark hero.
function ornament() {
  const leaves = Array.from({ length: 6 }, (_, i) => {
    const x = 18 + i * 11;
    const y = 40 - i * 2.2;
    return `<path d="M${x} ${y}c-4-6-2-11 3-13 3 5 1 10-3 13zM${x + 2} ${y + 1}c6 3 11 2 13-3-5-3-10-2-13 3z"/>`;
  }).join("");
  const branch = `<path d="M10 46c20-6 40-14 70-16"/>${leaves}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80">
<g fill="none" stroke="#b08d3e" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">
<g>${branch}</g>
<g transform="translate(240 0) scale(-1 1)">${branch}</g>
<circle cx="111" cy="44" r="15"/><circle cx="129" cy="44" r="15"/>
<path d="M120 17l4 6-4 4-4-4z" fill="#b08d3e" fill-opacity="0.35"/>
</g>
</svg>
`;
}

/** @type {Record<string, [keyof typeof motifs, keyof typeof palettes, number, number]>} */
const images = {
  "portrait.svg": ["portrait", "sand", 600, 800],
  "ceremony.svg": ["arch", "sage", 800, 600],
  "reception.svg": ["glasses", "sand", 800, 600],
  "story/met.svg": ["coffee", "blush", 800, 600],
  "story/trip-1.svg": ["plane", "mist", 600, 600],
  "story/trip-2.svg": ["mountain", "sage", 600, 600],
  "story/trip-3.svg": ["sun", "sand", 600, 600],
  "story/home-1.svg": ["house", "sand", 600, 600],
  "story/home-2.svg": ["moon", "mist", 600, 600],
  "story/adv-1.svg": ["mountain", "mist", 600, 600],
  "story/adv-2.svg": ["wave", "sage", 600, 600],
  "story/adv-3.svg": ["plane", "blush", 600, 600],
  "story/adv-4.svg": ["sun", "sand", 600, 600],
  "story/proposal.svg": ["ring", "blush", 800, 600],
  "story/family-1.svg": ["family", "sage", 600, 600],
  "story/family-2.svg": ["heart", "blush", 600, 600],
  "info/dressCode.svg": ["dress", "blush", 600, 400],
  "info/ceremony.svg": ["rings", "sage", 600, 400],
  "info/buffet.svg": ["plate", "sand", 600, 400],
  "info/toast.svg": ["glasses", "mist", 600, 400],
  "info/dance.svg": ["music", "sage", 600, 400],
  "info/gifts.svg": ["gift", "sand", 600, 400],
};
for (const [file, [motif, palette, w, h]] of Object.entries(images)) out(file, art(motif, palette, w, h));
out("ornament.svg", ornament());
console.log(`Wrote ${Object.keys(images).length + 1} images to public/images`);

await import("./generate-music.mjs");
