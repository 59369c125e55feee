#!/usr/bin/env node
// @ts-check
// Synthesizes the site's background music: 12 seconds of a soft arpeggio over a warm pad
// (C – Am – F – G), written from scratch here, so the project can ship it with no licence
// question. Everything is rendered on a circle of 12 s (note tails and the echo wrap around
// to the start), so the signal loops without a click. Output: public/media/music.mp3, a
// 32 kHz mono MP3 at 48 kbit/s (about 72 KB instead of a 260 KB WAV: every page's first
// visit fetches it), encoded by @breezystack/lamejs (a development dependency, used only here).
//
// An MP3 decoder returns the encoder's delay before the first sample and pads the last frame,
// which would put a short silence in every loop. The file therefore starts with an "Info" frame
// (Xing header with a LAME tag) that names that delay and padding: browsers read it and play
// exactly the 12 s, gapless.
//
//   node scripts/generate-music.mjs [output.mp3]
//
// Replace the output with the couple's own song (any format the browsers play, e.g. MP3) and
// point media.music in app/content/couple.ts at it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Mp3Encoder } from "@breezystack/lamejs";

// MPEG-1 Layer III rates (32, 44.1, 48 kHz) play everywhere (the 11 025 Hz of "MPEG 2.5" may not),
// and at 48 kbit/s the encoder keeps 32 kHz as it is (no resampling, so the loop stays 12 s exactly).
const RATE = 32000;
const KBPS = 48;
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

const mp3 = encodeGapless(pcm);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const file = path.resolve(process.argv[2] ?? path.join(root, "public/media/music.mp3"));
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, mp3);
console.log(`Wrote ${path.relative(process.cwd(), file)} (${SECONDS} s, ${(mp3.length / 1024).toFixed(0)} KB)`);

/**
 * The MP3 of `samples`, led by an "Info" frame whose LAME tag tells the decoder to drop the
 * encoder's delay and the last frame's padding.
 * @param {Int16Array} samples
 */
function encodeGapless(samples) {
  // The loop's end before its start and its start after its end, so the first and last frames
  // are coded with the sound that surrounds them when it loops (not with silence); the tag's delay
  // and padding cover them, so a decoder drops them.
  const WRAP = 1152;
  const wrapped = new Int16Array(WRAP + samples.length + WRAP);
  wrapped.set(samples.subarray(samples.length - WRAP), 0);
  wrapped.set(samples, WRAP);
  wrapped.set(samples.subarray(0, WRAP), WRAP + samples.length);
  const encoder = new Mp3Encoder(1, RATE, KBPS);
  const audio = Buffer.concat([encoder.encodeBuffer(wrapped), encoder.flush()].map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength)));
  const frames = mpegFrames(audio);
  const first = frames[0];
  if (!first || first.samplesPerFrame !== 1152 || first.sampleRate !== RATE)
    throw new Error(`The encoder wrote ${first?.sampleRate} Hz frames, not ${RATE} Hz`);
  // LAME's own encoder delay is 576 samples; the padding is what follows the loop's last sample.
  const delay = 576 + WRAP;
  const padding = frames.length * first.samplesPerFrame - delay - samples.length;
  if (padding < 0 || padding > 0xfff) throw new Error(`Unexpected MP3 padding: ${padding}`);

  // The Info frame: the first frame's header (same size, no padding slot) and silent side info.
  const info = Buffer.alloc(first.size - first.paddingBytes);
  audio.copy(info, 0, first.offset, first.offset + 4);
  info[2] = info[2] & ~0x02; // no padding slot
  let at = 4 + first.sideInfoBytes;
  at += info.write("Info", at);
  at = info.writeUInt32BE(0x0f, at); // frames, bytes, TOC and quality follow
  at = info.writeUInt32BE(frames.length, at);
  at = info.writeUInt32BE(info.length + audio.length, at);
  for (let i = 0; i < 100; i++) info[at + i] = Math.floor((i * 256) / 100); // a constant bit rate's table of contents
  at += 100;
  at = info.writeUInt32BE(0, at); // quality: unknown
  const lame = at;
  at += info.write("LAME3.99r", at);
  info[at++] = 0x01; // tag revision 0, constant bit rate
  info[at++] = 0; // lowpass: not recorded
  at += 8; // replay gain: none
  info[at++] = 0; // encoding flags
  info[at++] = Math.min(255, KBPS);
  info[at++] = delay >> 4;
  info[at++] = ((delay & 0x0f) << 4) | (padding >> 8);
  info[at++] = padding & 0xff;
  at += 4; // misc, MP3 gain, preset and surround
  at = info.writeUInt32BE(info.length + audio.length, at); // from this frame to the last audio byte
  at = info.writeUInt16BE(crc16(audio), at);
  info.writeUInt16BE(crc16(info.subarray(0, at)), at);
  if (at + 2 - lame !== 36) throw new Error("The LAME tag must be 36 bytes");
  return Buffer.concat([info, audio]);
}

/**
 * The MPEG audio frames of a stream that holds nothing else (what the encoder returns).
 * @param {Buffer} bytes
 */
function mpegFrames(bytes) {
  const BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]; // MPEG-1 Layer III
  const RATES = [44100, 48000, 32000];
  const frames = [];
  for (let offset = 0; offset + 4 <= bytes.length;) {
    const [b0, b1, b2, b3] = [bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]];
    // Sync, MPEG-1 (11), Layer III (01).
    if (b0 !== 0xff || (b1 & 0xfe) !== 0xfa) throw new Error(`Not an MPEG-1 Layer III frame at byte ${offset}`);
    const bitrate = BITRATES[b2 >> 4];
    const sampleRate = RATES[(b2 >> 2) & 3];
    if (!bitrate || !sampleRate) throw new Error(`Bad MPEG frame header at byte ${offset}`);
    const paddingBytes = (b2 >> 1) & 1;
    const size = Math.floor((144000 * bitrate) / sampleRate) + paddingBytes;
    const mono = b3 >> 6 === 3;
    frames.push({ offset, size, paddingBytes, sampleRate, samplesPerFrame: 1152, sideInfoBytes: mono ? 17 : 32 });
    offset += size;
  }
  return frames;
}

/**
 * CRC-16 (polynomial 0x8005, reflected, as the LAME tag uses).
 * @param {Uint8Array} bytes
 */
function crc16(bytes) {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}
