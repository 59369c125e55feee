// @ts-check
// The photos part of `npm run backup` when STORAGE=s3: every object of the bucket is copied,
// streamed one at a time, into <backup>/uploads/<key>, the layout of the local folder.
// The S3_* variables are read with the defaults of app/infra/config.server.ts (which the server
// validated at start); this script runs without the app's build.
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";

/** @param {string | undefined} value */
const truthy = (value) => ["1", "true", "yes"].includes(value ?? "");

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {string} to
 * @returns {Promise<{ files: number, from: string }>}
 */
export async function copyBucket(env, to) {
  const bucket = env.S3_BUCKET || "wedding-gallery";
  const endpoint = env.S3_ENDPOINT || undefined;
  const client = new S3Client({
    region: env.S3_REGION || "us-east-1",
    endpoint,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? truthy(env.S3_FORCE_PATH_STYLE) : Boolean(endpoint),
    credentials: env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "" } : undefined,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const root = path.resolve(to);
  let files = 0;
  /** @type {string | undefined} */
  let token;
  try {
    do {
      /** @type {import("@aws-sdk/client-s3").ListObjectsV2CommandOutput} */
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      for (const { Key: key } of page.Contents ?? []) {
        const file = path.resolve(root, key ?? "");
        // A folder marker, or a key that would land outside the backup, is not a photo.
        if (!key || key.endsWith("/") || !file.startsWith(root + path.sep)) continue;
        fs.mkdirSync(path.dirname(file), { recursive: true });
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        await pipeline(/** @type {import("node:stream").Readable} */ (object.Body), fs.createWriteStream(file));
        files++;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
  return { files, from: `s3://${bucket}` };
}
