/**
 * Small video files made from scratch for the tests: a container's header with the duration it
 * declares, and filler for the media data (no decodable frames: the server never decodes a video).
 */

const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
};

/** An `ftyp` box: the major brand, then compatible ones. */
const ftyp = (major: string, ...compatible: string[]) => box("ftyp", Buffer.from(major, "latin1"), Buffer.alloc(4), Buffer.from(compatible.join(""), "latin1"));

/** A version 0 `mvhd` box of `seconds` at a timescale of 1000. */
function mvhd(seconds: number) {
  const body = Buffer.alloc(100);
  body.writeUInt32BE(1000, 12); // timescale
  body.writeUInt32BE(Math.round(seconds * 1000), 16); // duration
  return box("mvhd", body);
}

/**
 * An MP4 (or a MOV, `qt  ` brand) of `seconds`, with `filler` bytes of media data; `moovLast`
 * puts the header after the data, as a camera does before it is made web-ready.
 */
export function mp4(seconds: number, { filler = 2048, mov = false, moovLast = false } = {}): Buffer {
  const head = mov ? ftyp("qt  ", "qt  ") : ftyp("isom", "isom", "iso2", "avc1", "mp41");
  const moov = box("moov", mvhd(seconds), box("trak", Buffer.alloc(64)));
  const mdat = box("mdat", Buffer.alloc(filler, 0x5a));
  return Buffer.concat(moovLast ? [head, mdat, moov] : [head, moov, mdat]);
}

const ebml = (id: number[], body: Buffer) => {
  // Sizes as 8-byte vints (0x01 then 7 bytes), always valid.
  const size = Buffer.alloc(8);
  size[0] = 0x01;
  size.writeUIntBE(body.length, 2, 6);
  return Buffer.concat([Buffer.from(id), size, body]);
};

/** A WebM of `seconds` (Info's Duration as a float64, TimecodeScale 1 ms), with a cluster of `filler` bytes. */
export function webm(seconds: number | null, { filler = 2048 } = {}): Buffer {
  const header = ebml([0x1a, 0x45, 0xdf, 0xa3], Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from("webm")]));
  const scale = Buffer.from([0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40]); // 1,000,000 ns
  const duration = Buffer.alloc(11);
  duration.set([0x44, 0x89, 0x88]);
  duration.writeDoubleBE((seconds ?? 0) * 1000, 3);
  const info = ebml([0x15, 0x49, 0xa9, 0x66], seconds === null ? scale : Buffer.concat([scale, duration]));
  const cluster = ebml([0x1f, 0x43, 0xb6, 0x75], Buffer.alloc(filler, 0x5a));
  // The segment's size "unknown" (all ones), as a live recording writes it.
  const segment = Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), info, cluster]);
  return Buffer.concat([header, segment]);
}

/** A PDF's first bytes, as a renamed "video.mp4" would carry them. */
export const pdf = () => Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n".repeat(20));
