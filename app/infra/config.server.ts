import os from "node:os";
import { z } from "zod";
import { COUNTRY_CODE } from "~/lib/contacts";
import { isEmailAddress, mailboxAddress, normalizeEmail } from "~/lib/email";
import { STORAGE_BUCKET } from "~/lib/constants";

const isoDate = (name: string) =>
  z.string().refine((v) => !Number.isNaN(Date.parse(v)), { message: `${name} must be an ISO 8601 date, e.g. 2026-01-17T16:00:00-05:00` });

const booleanish = z.enum(["", "0", "1", "true", "false", "yes", "no"]).transform((v) => v === "1" || v === "true" || v === "yes");

function isPublicOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "postgres:" || url.protocol === "postgresql:";
  } catch {
    return false;
  }
}

const positiveInt = z.coerce.number().int().positive();

const PENDING_PHOTOS_MESSAGE = "PENDING_PHOTOS_MAX must be a whole number of photos, at least 1 (unset: 5000)";
const PENDING_MB_MESSAGE = "PENDING_PHOTOS_MAX_MB must be a whole number of megabytes, at least 1 (unset: 3072)";
const PENDING_WISHES_MESSAGE = "PENDING_WISHES_MAX must be a whole number of wishes, at least 1 (unset: 2000)";
const GALLERY_VIDEO_MESSAGE = "GALLERY_VIDEO_MAX_MB must be a whole number of megabytes from 1 to 1024 (unset: 100)";
const MIN_FREE_DISK_MESSAGE = "MIN_FREE_DISK_MB must be a whole number of megabytes, 0 or more (unset: 1024)";

const BACKUP_KEEP_MESSAGE = "BACKUP_KEEP must be a whole number of backups from 1 to 365 (unset: 7)";
const BACKUP_TEST_MESSAGE = "BACKUP_TEST_EVERY_SECONDS (tests only) must be a whole number of seconds from 1 to 86400";

const WEB_CONCURRENCY_MESSAGE = "WEB_CONCURRENCY must be a whole number of worker processes from 1 to 32 (unset: one per CPU)";

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && Boolean(url.hostname) && (url.pathname === "" || url.pathname === "/");
  } catch {
    return false;
  }
}

function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.hash;
  } catch {
    return false;
  }
}

const NOTIFY_EMAIL_MESSAGE = "NOTIFY_EMAIL must be one or more e-mail addresses separated by commas, e.g. novios@example.com,otra@example.com";
const MAIL_RATE_MESSAGE = "MAIL_RATE_PER_MINUTE must be a whole number of e-mails from 1 to 1000";

/** S3's bucket naming rules (also R2's, MinIO's and Backblaze's): 3-63 lowercase letters, digits, dots, hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_PATH: z.string().min(1).default("db/data/wedding.sqlite"),
    /** PostgreSQL instead of the SQLite file (docs/decisions/0018-*): several instances share it. */
    DATABASE_URL: z
      .string()
      .refine(isPostgresUrl, { message: "DATABASE_URL must be a PostgreSQL address, e.g. postgres://user:password@host:5432/wedding" })
      .optional(),
    UPLOADS_DIR: z.string().min(1).default("uploads"),
    ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD must be at least 8 characters").optional(),
    ADMIN_API_TOKEN: z.string().min(16, "ADMIN_API_TOKEN must be at least 16 characters").optional(),
    SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
    // Optional: they override 'Contenido › Pareja y fechas'. Read them through weddingDates()
    // (app/models/content-dates.server.ts), the one home of the dates the site follows.
    WEDDING_DATE: isoDate("WEDDING_DATE").optional(),
    RSVP_DEADLINE: isoDate("RSVP_DEADLINE").optional(),
    /** Days after the wedding's date (at the venue) when the home page turns to thanks and photos (app/lib/seasons.ts). */
    SITE_AFTER_WEDDING_DAYS: z.coerce
      .number({ message: "SITE_AFTER_WEDDING_DAYS must be a whole number of days from 0 to 365" })
      .int("SITE_AFTER_WEDDING_DAYS must be a whole number of days from 0 to 365")
      .min(0, "SITE_AFTER_WEDDING_DAYS must be a whole number of days from 0 to 365")
      .max(365, "SITE_AFTER_WEDDING_DAYS must be a whole number of days from 0 to 365")
      .default(1),
    /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy. */
    TRUST_PROXY: booleanish.default("0"),
    /** Seed demo invitations and gallery sections into an empty database. */
    SEED_DEMO_DATA: booleanish.default("1"),
    /** Requests allowed per client per window, per limited action. */
    RATE_LIMIT_CODE_ATTEMPTS: positiveInt.default(20),
    RATE_LIMIT_LOGIN_ATTEMPTS: positiveInt.default(5),
    RATE_LIMIT_UPLOADS: positiveInt.default(120),
    RATE_LIMIT_WISHES: positiveInt.default(10),
    RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(600),
    /**
     * Site-wide ceilings on what waits for the couple's review (every worker and instance counts
     * the same rows), far above a real wedding's (decision 0037): past one, guests' photos or
     * wishes are refused with "try again later" until the couple reviews.
     */
    PENDING_PHOTOS_MAX: z.coerce.number({ message: PENDING_PHOTOS_MESSAGE }).int(PENDING_PHOTOS_MESSAGE).min(1, PENDING_PHOTOS_MESSAGE).default(5000),
    PENDING_PHOTOS_MAX_MB: z.coerce.number({ message: PENDING_MB_MESSAGE }).int(PENDING_MB_MESSAGE).min(1, PENDING_MB_MESSAGE).default(3072),
    PENDING_WISHES_MAX: z.coerce.number({ message: PENDING_WISHES_MESSAGE }).int(PENDING_WISHES_MESSAGE).min(1, PENDING_WISHES_MESSAGE).default(2000),
    /** The largest video a guest may add to the gallery (stored as sent, streamed, never held in memory). */
    GALLERY_VIDEO_MAX_MB: z.coerce
      .number({ message: GALLERY_VIDEO_MESSAGE })
      .int(GALLERY_VIDEO_MESSAGE)
      .min(1, GALLERY_VIDEO_MESSAGE)
      .max(1024, GALLERY_VIDEO_MESSAGE)
      .default(100),
    /** Photos are refused while the uploads' disk has less free space than this (0 turns the check off). */
    MIN_FREE_DISK_MB: z.coerce.number({ message: MIN_FREE_DISK_MESSAGE }).int(MIN_FREE_DISK_MESSAGE).min(0, MIN_FREE_DISK_MESSAGE).default(1024),
    /** The site's public address for personal links and QR codes (origin only); unset: the request's own. */
    PUBLIC_URL: z
      .string()
      .refine(isPublicOrigin, { message: "PUBLIC_URL must be an absolute http(s) address without path, query or fragment, e.g. https://boda.example.com" })
      .transform((v) => v.replace(/\/+$/, ""))
      .optional(),
    /** How long a rendered public page may be served again from memory (server/page-cache.mjs); 0 turns it off. */
    PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /**
     * Worker processes serving the site (server/primary.mjs): one per CPU unless set; 1 runs the
     * single process of old, without a cluster.
     */
    WEB_CONCURRENCY: z.coerce
      .number({ message: WEB_CONCURRENCY_MESSAGE })
      .int(WEB_CONCURRENCY_MESSAGE)
      .min(1, WEB_CONCURRENCY_MESSAGE)
      .max(32, WEB_CONCURRENCY_MESSAGE)
      .default(() => Math.min(32, os.availableParallelism())),
    /** Where photos are kept: the UPLOADS_DIR folder, or an S3-compatible bucket (docs/decisions/0017-*). */
    STORAGE: z.enum(["local", "s3"], { message: 'STORAGE must be "local" or "s3"' }).default("local"),
    S3_BUCKET: z
      .string()
      .regex(BUCKET_NAME, "S3_BUCKET must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens, e.g. wedding-gallery")
      .default(STORAGE_BUCKET),
    /** AWS needs the bucket's region; R2 takes "auto"; MinIO and most others accept the default. */
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, "S3_REGION must be a region name such as us-east-1 (auto for Cloudflare R2)")
      .default("us-east-1"),
    S3_ENDPOINT: z
      .string()
      .refine(isHttpUrl, { message: "S3_ENDPOINT must be an http(s) address, e.g. https://<account>.r2.cloudflarestorage.com" })
      .optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Path-style addresses (endpoint/bucket/key); unset: on when S3_ENDPOINT is set, off for AWS. */
    S3_FORCE_PATH_STYLE: booleanish.optional(),
    /** A public base address the bucket's objects are read from (a CDN or the bucket's public URL); unset: served by the app. */
    S3_PUBLIC_URL: z
      .string()
      .refine(isHttpUrl, { message: "S3_PUBLIC_URL must be an http(s) address, e.g. https://photos.example.com/" })
      .transform((v) => (v.endsWith("/") ? v : `${v}/`))
      .optional(),
    /** E-mail (docs/decisions/0030-outbox.md): the server to send through; unset, the site sends no e-mail. */
    SMTP_URL: z.string().refine(isSmtpUrl, { message: "SMTP_URL must be smtp://user:password@host:587 or smtps://user:password@host:465" }).optional(),
    /** The sender of every e-mail: an address or `Name <address>`. */
    MAIL_FROM: z
      .string()
      .refine((v) => mailboxAddress(v) !== null, {
        message: 'MAIL_FROM must be an e-mail address or "Name <address>", e.g. Valeria y Sebastián <boda@example.com>',
      })
      .optional(),
    /** E-mails sent per minute by the whole server (every worker and instance), for the provider's limits. */
    MAIL_RATE_PER_MINUTE: z.coerce
      .number({ message: MAIL_RATE_MESSAGE })
      .int(MAIL_RATE_MESSAGE)
      .min(1, MAIL_RATE_MESSAGE)
      .max(1000, MAIL_RATE_MESSAGE)
      .default(20),
    /** The couple's addresses, told of each answer. */
    NOTIFY_EMAIL: z
      .string()
      .transform((v) => [...new Set(v.split(",").map(normalizeEmail).filter(Boolean))])
      .refine((list) => list.length > 0 && list.length <= 10 && list.every(isEmailAddress), { message: NOTIFY_EMAIL_MESSAGE })
      .optional(),
    /** A webhook told of each answer (a JSON POST: ntfy, Slack-compatible, home automation). */
    NOTIFY_URL: z.string().refine(isWebhookUrl, { message: "NOTIFY_URL must be an http(s) address, e.g. https://ntfy.sh/our-wedding" }).optional(),
    /** The language of the couple's notifications (NOTIFY_EMAIL, NOTIFY_URL). */
    NOTIFY_LANGUAGE: z.enum(["es", "en"], { message: 'NOTIFY_LANGUAGE must be "es" or "en"' }).default("es"),
    /** `daily`: one digest a day instead of a message per answer. */
    NOTIFY_DIGEST: z.enum(["daily"], { message: 'NOTIFY_DIGEST must be "daily" (or unset for a message per answer)' }).optional(),
    /** The country code a guest's phone typed without one takes (app/lib/contacts.ts): 507 is Panamá. */
    DEFAULT_PHONE_COUNTRY: z
      .string()
      .transform((v) => v.trim().replace(/^\+/, ""))
      .refine((v) => COUNTRY_CODE.test(v), { message: "DEFAULT_PHONE_COUNTRY must be a country calling code of 1 to 3 digits, e.g. 507 (Panamá) or 1" })
      .default("507"),
    /**
     * Where the daily backup is written (one archive a day at 04:00 at the venue, decision 0051);
     * unset: no scheduled backups ('Copia de seguridad' still downloads one).
     */
    BACKUP_DIR: z.string().min(1).optional(),
    /** How many scheduled backups are kept; the oldest go past this count. */
    BACKUP_KEEP: z.coerce
      .number({ message: BACKUP_KEEP_MESSAGE })
      .int(BACKUP_KEEP_MESSAGE)
      .min(1, BACKUP_KEEP_MESSAGE)
      .max(365, BACKUP_KEEP_MESSAGE)
      .default(7),
    /**
     * Tests only: a scheduled backup every this many seconds instead of daily at 04:00, so the
     * end-to-end tests see one without waiting for the night. Never set it on a real site.
     */
    BACKUP_TEST_EVERY_SECONDS: z.coerce
      .number({ message: BACKUP_TEST_MESSAGE })
      .int(BACKUP_TEST_MESSAGE)
      .min(1, BACKUP_TEST_MESSAGE)
      .max(86_400, BACKUP_TEST_MESSAGE)
      .optional(),
  })
  .superRefine((cfg, ctx) => {
    if (cfg.SMTP_URL && !cfg.MAIL_FROM) {
      ctx.addIssue({ code: "custom", path: ["MAIL_FROM"], message: "MAIL_FROM is required with SMTP_URL (the sender of every e-mail)" });
    }
    if (cfg.SMTP_URL && !cfg.PUBLIC_URL) {
      // Every e-mail carries links (unsubscribe, the site) and is sent with no request to read an address from.
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message: "PUBLIC_URL is required with SMTP_URL (the links in every e-mail), e.g. https://boda.example.com",
      });
    }
    if (cfg.NOTIFY_EMAIL && !cfg.SMTP_URL) {
      ctx.addIssue({ code: "custom", path: ["NOTIFY_EMAIL"], message: "NOTIFY_EMAIL needs SMTP_URL and MAIL_FROM (the server to send through)" });
    }
    // One without the other is always a mistake; neither means the SDK's own chain (IAM role, ~/.aws, env).
    if (Boolean(cfg.S3_ACCESS_KEY_ID) !== Boolean(cfg.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [cfg.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both left unset for the AWS SDK's default credentials)",
      });
    }
  });

/**
 * With PostgreSQL the instances share no disk, so the secrets that are otherwise generated and
 * kept beside the SQLite file must come from the environment, the same for every instance.
 */
const checkedSchema = configSchema.superRefine((c, ctx) => {
  if (!c.DATABASE_URL) return;
  if (!c.SESSION_SECRET) {
    ctx.addIssue({
      code: "custom",
      path: ["SESSION_SECRET"],
      message: "SESSION_SECRET is required with DATABASE_URL (every instance must sign cookies alike)",
    });
  }
  if (!c.ADMIN_PASSWORD) {
    ctx.addIssue({
      code: "custom",
      path: ["ADMIN_PASSWORD"],
      message: "ADMIN_PASSWORD is required with DATABASE_URL (the first-run setup keeps its password beside the SQLite file; instances share no disk)",
    });
  }
});

export type Config = z.infer<typeof configSchema>;

/** Parses an environment; throws an Error whose message names every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = checkedSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Config | undefined;

/** The configuration of this process, parsed once. */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** For tests that change the environment between cases. */
export function resetConfigForTests() {
  cached = undefined;
}
