import { describe, expect, it } from "vitest";
import { parseConfig } from "~/infra/config.server";
import { SNIFF_BYTES, sniffGuestVideo, sniffVideo } from "~/lib/content-media";
import { durationReader, MAX_WEBM_HEAD_BYTES, moovSeconds, webmSeconds } from "~/lib/video-duration";
import { mp4, pdf, webm } from "../helpers/video-fixtures";

/** The duration a reader finds when the file arrives in chunks of `chunk` bytes. */
function readDuration(container: "iso" | "webm", bytes: Buffer, chunk = 7): number | null {
  const reader = durationReader(container);
  for (let at = 0; at < bytes.length; at += chunk) reader.push(bytes.subarray(at, at + chunk));
  return reader.seconds();
}

describe("a guest's video is told by its first bytes, never its name", () => {
  it("MP4, MOV and WebM are videos, each with its own type", () => {
    expect(sniffGuestVideo(mp4(5).subarray(0, SNIFF_BYTES))).toEqual({ container: "iso", type: "video/mp4", ext: "mp4" });
    expect(sniffGuestVideo(mp4(5, { mov: true }).subarray(0, SNIFF_BYTES))).toEqual({ container: "iso", type: "video/quicktime", ext: "mov" });
    expect(sniffGuestVideo(webm(5).subarray(0, SNIFF_BYTES))).toEqual({ container: "webm", type: "video/webm", ext: "webm" });
  });

  it("a renamed PDF, a photo, an M4A song or a Matroska that is not WebM is not a video", () => {
    expect(sniffGuestVideo(pdf().subarray(0, SNIFF_BYTES))).toBeNull();
    expect(sniffGuestVideo(Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(60)]))).toBeNull();
    const m4a = mp4(5);
    m4a.write("M4A ", 8, "latin1");
    m4a.write("M4A ", 16, "latin1");
    expect(sniffGuestVideo(m4a.subarray(0, SNIFF_BYTES))).toBeNull();
    const mkv = webm(5);
    mkv.write("mkvx", mkv.indexOf("webm"), "latin1");
    expect(sniffGuestVideo(mkv.subarray(0, SNIFF_BYTES))).toBeNull();
  });

  it("the hero's video detector is the same one, unchanged: an MP4 is still the hero's", () => {
    expect(sniffVideo(mp4(5))).toEqual({ type: "video/mp4", ext: "mp4" });
    expect(sniffVideo(webm(5))).toBeNull();
  });
});

describe("a video's duration, from its container's header", () => {
  it("reads an MP4's mvhd whether the header comes first or last, whatever the chunks", () => {
    expect(readDuration("iso", mp4(12.5))).toBe(12.5);
    expect(readDuration("iso", mp4(59, { moovLast: true, filler: 100_000 }), 4096)).toBe(59);
    expect(readDuration("iso", mp4(61, { mov: true }), 1)).toBe(61);
  });

  it("reads a WebM's Info Duration with its TimecodeScale", () => {
    expect(readDuration("webm", webm(30))).toBeCloseTo(30, 6);
    expect(readDuration("webm", webm(75), 1)).toBeCloseTo(75, 6);
  });

  it("gives null for a header cut short, missing, or garbage", () => {
    const whole = mp4(10, { moovLast: true });
    expect(readDuration("iso", whole.subarray(0, whole.length - 20))).toBeNull();
    expect(readDuration("iso", mp4(0))).toBeNull();
    expect(readDuration("iso", Buffer.concat([mp4(10).subarray(0, 32), Buffer.from([0x00, 0x00, 0x00, 0x02, 0xff, 0xfe, 0x01, 0x00])]))).toBeNull();
    expect(readDuration("iso", pdf())).toBeNull();
    expect(moovSeconds(Buffer.from([0, 0, 0, 12, 0x6d, 0x76, 0x68, 0x64, 0, 0, 0, 0]))).toBeNull();
    expect(readDuration("webm", webm(null))).toBeNull();
    expect(readDuration("webm", webm(10).subarray(0, 40))).toBeNull();
    expect(readDuration("webm", Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x00, 0x42]))).toBeNull();
    expect(webmSeconds(mp4(10))).toBeNull();
    expect(readDuration("webm", Buffer.alloc(5000, 0xff))).toBeNull();
  });

  it("keeps a bounded amount: a WebM whose Info is past its first megabyte has no duration it can read", () => {
    const padded = webm(10);
    // A Void element (0xEC) of more than the bound before Info.
    const at = padded.indexOf(Buffer.from([0x15, 0x49, 0xa9, 0x66]));
    const size = Buffer.alloc(8);
    size[0] = 0x01;
    size.writeUIntBE(MAX_WEBM_HEAD_BYTES, 2, 6);
    const voidElement = Buffer.concat([Buffer.from([0xec]), size, Buffer.alloc(MAX_WEBM_HEAD_BYTES)]);
    const far = Buffer.concat([padded.subarray(0, at), voidElement, padded.subarray(at)]);
    expect(readDuration("webm", far, 65536)).toBeNull();
  });
});

describe("GALLERY_VIDEO_MAX_MB", () => {
  it("is 100 unset, takes a whole number of megabytes, and names itself when wrong", () => {
    expect(parseConfig({}).GALLERY_VIDEO_MAX_MB).toBe(100);
    expect(parseConfig({ GALLERY_VIDEO_MAX_MB: "250" }).GALLERY_VIDEO_MAX_MB).toBe(250);
    for (const bad of ["0", "-5", "1.5", "lots", "2048"]) expect(() => parseConfig({ GALLERY_VIDEO_MAX_MB: bad }), bad).toThrow(/GALLERY_VIDEO_MAX_MB must be/);
  });
});
