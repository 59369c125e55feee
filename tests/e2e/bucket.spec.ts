import { GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { startS3Server, type S3TestServer } from "../helpers/s3-server";
import { entriesOf } from "../unit/helpers/zip";
import { expect, startServer, test, uniqueClientAddress } from "./fixtures";

/**
 * STORAGE=s3 through the real server (docs/decisions/0017-*): one S3-protocol server (s3rver) and
 * two app servers on its bucket, one serving photos itself at /uploads/*, one linking them at
 * S3_PUBLIC_URL.
 */

const TOKEN = process.env.E2E_ADMIN_API_TOKEN!;
const admin = { Authorization: `Bearer ${TOKEN}` };

const jpeg = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 60, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

let s3: S3TestServer;
let app: Awaited<ReturnType<typeof startServer>>;
let cdn: Awaited<ReturnType<typeof startServer>>;

test.describe("photos in an S3-compatible bucket @js-only", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    s3 = await startS3Server();
    app = await startServer(s3.env);
    cdn = await startServer({ ...s3.env, S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}/` });
  });
  test.afterAll(async () => {
    await app?.stop();
    await cdn?.stop();
    await s3?.stop();
  });

  async function bucketObject(key: string): Promise<Buffer> {
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async function uploadThroughApi(baseURL: string, request: APIRequestContext) {
    const created = await request.post(`${baseURL}/api/gallery/sections`, { headers: admin, data: { name: "Fiesta", allow_upload: true, is_active: true } });
    expect(created.status()).toBe(201);
    const section = (await created.json()) as { id: number };
    const uploaded = await request.post(`${baseURL}/api/gallery/sections/${section.id}/media`, {
      headers: { ...admin, "X-Forwarded-For": uniqueClientAddress() },
      multipart: { file: { name: "baile.jpg", mimeType: "image/jpeg", buffer: await jpeg() } },
    });
    expect(uploaded.status()).toBe(201);
    const media = (await uploaded.json()) as { file_path: string; public_url: string; thumbnail_url: string; size: number };
    return { section, media };
  }

  test("an upload is stored in the bucket, streamed back at /uploads/{key}, and the section ZIP is read from the bucket", async ({ request }) => {
    expect(await (await request.get(`${app.baseURL}/healthz`)).json()).toEqual({
      ok: true,
      database: true,
      storage: true,
      freeDiskMb: expect.any(Number),
      backup: null,
    });
    const { section, media } = await uploadThroughApi(app.baseURL, request);
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${section.id}/` }));
    expect(listed.Contents?.map((o) => o.Key)).toContain(media.file_path);
    expect(media.public_url).toBe(`/uploads/${media.file_path}`);

    const photo = await request.get(`${app.baseURL}${media.public_url}`);
    expect(photo.status()).toBe(200);
    expect(photo.headers()["content-type"]).toBe("image/jpeg");
    expect(photo.headers()["content-length"]).toBe(String(media.size));
    expect(photo.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await photo.body()).equals(await bucketObject(media.file_path))).toBe(true);
    const again = await request.get(`${app.baseURL}${media.public_url}`, { headers: { "If-None-Match": photo.headers()["etag"] } });
    expect(again.status()).toBe(304);

    const zip = await request.get(`${app.baseURL}/gallery/${section.id}.zip`);
    expect(zip.status()).toBe(200);
    const entries = await entriesOf(await zip.body());
    expect(entries.get("Fiesta/baile.jpg")?.equals(await bucketObject(media.file_path))).toBe(true);
  });

  test("with S3_PUBLIC_URL, pages show the photos straight from the bucket's public address", async ({ page, request }) => {
    const { section, media } = await uploadThroughApi(cdn.baseURL, request);
    expect(media.public_url).toBe(`${s3.endpoint}/${s3.bucket}/${media.file_path}`);
    const direct = await request.get(media.public_url);
    expect(direct.headers()["cache-control"]).toBe("public, max-age=3600");

    // The page's CSP lets the browser load images from that origin.
    await page.goto(`${cdn.baseURL}/gallery?section=${section.id}`);
    const thumbnail = page.locator(`img[src="${media.thumbnail_url}"]`).first();
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  });
});
