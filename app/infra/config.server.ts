import os from "node:os";
import { z } from "zod";
import { DEFAULT_RSVP_DEADLINE, DEFAULT_WEDDING_DATE } from "~/lib/constants";

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

const positiveInt = z.coerce.number().int().positive();

const WEB_CONCURRENCY_MESSAGE = "WEB_CONCURRENCY must be a whole number of worker processes from 1 to 32 (unset: one per CPU)";

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_PATH: z.string().min(1).default("db/data/wedding.sqlite"),
  UPLOADS_DIR: z.string().min(1).default("uploads"),
  ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD must be at least 8 characters").optional(),
  ADMIN_API_TOKEN: z.string().min(16, "ADMIN_API_TOKEN must be at least 16 characters").optional(),
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
  WEDDING_DATE: isoDate("WEDDING_DATE").default(DEFAULT_WEDDING_DATE),
  RSVP_DEADLINE: isoDate("RSVP_DEADLINE").default(DEFAULT_RSVP_DEADLINE),
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
  RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(600),
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
});

export type Config = z.infer<typeof configSchema>;

/** Parses an environment; throws an Error whose message names every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = configSchema.safeParse(cleaned);
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
