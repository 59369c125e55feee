#!/usr/bin/env node
// @ts-check
// Synthesizes the site's background music: 12 seconds of a soft arpeggio over a warm pad
// (C – Am – F – G), written from scratch here, so the project can ship it with no licence
// question. Everything is rendered on a circle of 12 s (note tails and the echo wrap around
// to the start), so the file loops without a click. Output: public/media/music.wav,
// 11 025 Hz mono 16-bit PCM (about 260 KB; WAV plays in every browser).
//
//   node scripts/generate-music.mjs [output.wav]
//
// Replace the output with the couple's own song (any format the browsers play, e.g. MP3) and
// point media.music in app/content/wedding.ts at it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const RATE = 11025;
const SECONDS = 12;
const N = RATE * SECONDS;

/** @param {number} midi */
const hz = (midi) => 440 * 2 ** ((midi - 69) / 12);
// Voicings as MIDI notes: bass, then the arpeggio's four notes.
const chords = [
  { bass: 48, notes: [60, 64, 67, 71] }, // Cmaj7
  { bass: 45, notes: [57, 60, 64, 67] }, // Am7
  { bass: 41, notes: [57, 60, 65, 69] }, // Fmaj7
  { bass: 43, notes: [55, 59, 62, 67] }, // G
];
const chordSeconds = SECONDS / chords.length;
const pattern = [0, 1, 2, 3, 2, 1, 2, 3]; // eighth notes per chord
const noteSeconds = chordSeconds / pattern.length;

const out = new Float64Array(N);
/** Adds a sample at a circular position (tails wrap to the loop's start). */
/**
 * @param {number} i
 * @param {number} v
 */
const add = (i, v) => {
  out[((i % N) + N) % N] += v;
};

// A plucked, harp-like note: a few harmonics, each decaying faster than the one below.
/**
 * @param {number} startSec
 * @param {number} freq
 * @param {number} gain
 */
function pluck(startSec, freq, gain) {
  const start = Math.round(startSec * RATE);
  const length = Math.round(2.4 * RATE);
  for (let i = 0; i < length; i++) {
    const t = i / RATE;
    const attack = Math.min(1, t / 0.006);
    const v =
      Math.sin(2 * Math.PI * freq * t) * Math.exp(-t * 2.2) +
      0.28 * Math.sin(2 * Math.PI * 2 * freq * t) * Math.exp(-t * 4.5) +
      0.08 * Math.sin(2 * Math.PI * 3 * freq * t) * Math.exp(-t * 7);
    add(start + i, gain * attack * v);
  }
}

// A soft pad under each chord, faded in and out with raised-cosine edges that overlap the
// neighbouring chords, with a slight detune for warmth.
/**
 * @param {number} startSec
 * @param {number} durSec
 * @param {number[]} midiNotes
 * @param {number} gain
 */
function pad(startSec, durSec, midiNotes, gain) {
  const overlap = 0.5;
  const start = Math.round((startSec - overlap) * RATE);
  const length = Math.round((durSec + 2 * overlap) * RATE);
  const edge = 2 * overlap * RATE;
  for (let i = 0; i < length; i++) {
    const t = i / RATE;
    const fadeIn = i < edge ? 0.5 - 0.5 * Math.cos((Math.PI * i) / edge) : 1;
    const fadeOut = i > length - edge ? 0.5 - 0.5 * Math.cos((Math.PI * (length - i)) / edge) : 1;
    let v = 0;
    for (const m of midiNotes) {
      const f = hz(m);
      v += Math.sin(2 * Math.PI * f * t) + 0.5 * Math.sin(2 * Math.PI * f * 1.003 * t + 1.3);
    }
    add(start + i, (gain * fadeIn * fadeOut * v) / midiNotes.length);
  }
}

chords.forEach((chord, c) => {
  const chordStart = c * chordSeconds;
  pad(chordStart, chordSeconds, [chord.bass, chord.bass + 7, chord.bass + 12], 0.09);
  pluck(chordStart, hz(chord.bass), 0.16);
  pattern.forEach((n, k) => {
    // A touch of swing and dynamics so it breathes.
    const when = chordStart + k * noteSeconds + (k % 2 ? 0.012 : 0);
    pluck(when, hz(chord.notes[n]), k === 0 ? 0.22 : 0.15 + 0.03 * Math.sin(k));
  });
});

// A gentle echo, applied on the circle (two passes so the wrapped tail settles).
const delay = Math.round(0.375 * RATE);
const feedback = 0.3;
const wet = Float64Array.from(out);
for (let pass = 0; pass < 2; pass++) {
  for (let i = 0; i < N; i++) wet[i] = out[i] + feedback * wet[(i - delay + N) % N];
}

// Normalise to a quiet peak: background music, not a fanfare.
let peak = 0;
for (const v of wet) peak = Math.max(peak, Math.abs(v));
const scale = 0.55 / peak;
const pcm = new Int16Array(N);
for (let i = 0; i < N; i++) pcm[i] = Math.round(Math.max(-1, Math.min(1, wet[i] * scale)) * 32767);

const header = Buffer.alloc(44);
header.write("RIFF", 0);
header.writeUInt32LE(36 + pcm.byteLength, 4);
header.write("WAVEfmt ", 8);
header.writeUInt32LE(16, 16); // fmt chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28); // bytes per second
header.writeUInt16LE(2, 32); // block align
header.writeUInt16LE(16, 34); // bits per sample
header.write("data", 36);
header.writeUInt32LE(pcm.byteLength, 40);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const file = path.resolve(process.argv[2] ?? path.join(root, "public/media/music.wav"));
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, Buffer.concat([header, Buffer.from(pcm.buffer)]));
console.log(`Wrote ${path.relative(process.cwd(), file)} (${SECONDS} s, ${((44 + pcm.byteLength) / 1024).toFixed(0)} KB)`);
