import type { Page } from "@playwright/test";
import sharp from "sharp";
import { CODE_ALPHABET } from "../../app/lib/invitation-code";
import { adminQuery, startPgCluster, type PgCluster } from "../helpers/pg-cluster";
import { startS3Server, type S3TestServer } from "../helpers/s3-server";
import { expect, startServer, test } from "./fixtures";

/**
 * Two app processes on one throwaway PostgreSQL database and one photo bucket, as behind a load
 * balancer (docs/deploy.md, "Deploy on a container platform"). Runs in its own Playwright project
 * ("two-instances", JavaScript on): the other projects share one SQLite server.
 */

type Server = Awaited<ReturnType<typeof startServer>>;

const TOKEN = "e2e-admin-api-token-0123456789";
const PASSWORD = "e2e-admin-password";
const CODE_ATTEMPTS = 6;

let cluster: PgCluster;
let bucket: S3TestServer;
let first: Server;
let second: Server;

/** Where both instances keep photos: one bucket on a throwaway S3-protocol server (STORAGE=s3 and its S3_* settings). */
function sharedStorageEnv(): Record<string, string> {
  return bucket.env;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startPgCluster();
  await adminQuery(cluster.url, "CREATE DATABASE wedding");
  bucket = await startS3Server();
  const env = {
    DATABASE_URL: cluster.urlFor("wedding"),
    ...sharedStorageEnv(),
    WEB_CONCURRENCY: "1",
    RATE_LIMIT_CODE_ATTEMPTS: String(CODE_ATTEMPTS),
    SEED_DEMO_DATA: "0",
  };
  // Started together: both run the migrations at start, and PostgreSQL's migration lock lets one do it.
  [first, second] = await Promise.all([startServer(env), startServer(env)]);
});

test.afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await cluster?.stop();
  await bucket?.stop();
});

async function api(server: Server, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseURL}/api${url}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.10", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function loginAt(page: Page, server: Server) {
  await page.goto(`${server.baseURL}/admin`);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Acceder" }).click();
  await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toBeVisible();
}

test("a guest confirms through the first instance and the admin sees it through the second", async ({ page }) => {
  const created = await api(first, "POST", "/invitations", { primaryGuest: "Marta Quintero", maxGuests: 2 });
  expect(created.status).toBe(201);
  const code = String(created.json.code);

  await page.goto(`${first.baseURL}/confirm`);
  await page.getByLabel("Código de Invitación").fill(code);
  await page.getByRole("button", { name: "Verificar Código" }).click();
  await expect(page.getByRole("heading", { name: "Hola, Marta Quintero" })).toBeVisible();
  await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
  const dialog = page.getByRole("dialog", { name: "Agregar Invitados Adicionales" });
  await dialog.getByLabel("Invitado Adicional 1").fill("Tomás Quintero");
  await dialog.getByRole("button", { name: "Confirmar", exact: true }).click();
  await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();

  await loginAt(page, second);
  await expect(page.getByRole("region", { name: "Confirmados" })).toContainText("2");
  await page.goto(`${second.baseURL}/admin/invitations`);
  const row = page.getByRole("row").filter({ hasText: "Marta Quintero" });
  await expect(row.getByText("Confirmado", { exact: true })).toBeVisible();
  await expect(row).toContainText("Tomás Quintero");
  const listed = await api(second, "GET", "/invitations");
  expect(listed.json).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ code, status: "confirmed", guests: expect.arrayContaining([expect.objectContaining({ fullName: "Tomás Quintero" })]) }),
    ]),
  );
  // The admin's session opened on the second instance is honoured by the first (one sessions table, one secret).
  const cookies = await page.context().cookies(second.baseURL);
  const admin = cookies.find((c) => c.name === "wedding_admin");
  expect(admin).toBeDefined();
  const viaFirst = await fetch(`${first.baseURL}/api/invitations/stats`, { headers: { Cookie: `wedding_admin=${admin!.value}` } });
  expect(viaFirst.status).toBe(200);
  expect(await viaFirst.json()).toMatchObject({ confirmedGuests: 2 });
});

test("a photo uploaded through one instance is served by the other", async () => {
  const section = await api(first, "POST", "/gallery/sections", { name: "Fiesta", is_active: true, allow_upload: true });
  expect(section.status).toBe(201);
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "baile.jpg");
  const uploaded = await fetch(`${first.baseURL}/api/gallery/sections/${section.json.id}/media`, {
    method: "POST",
    body: form,
    headers: { "X-Forwarded-For": "198.51.100.20" },
  });
  expect(uploaded.status).toBe(201);
  const media = (await uploaded.json()) as { public_url: string; thumbnail_url: string };

  const listed = await fetch(`${second.baseURL}/api/gallery/sections/${section.json.id}/media`);
  expect(((await listed.json()) as { name: string }[]).map((m) => m.name)).toEqual(["baile.jpg"]);
  for (const url of [media.public_url, media.thumbnail_url]) {
    const served = await fetch(new URL(url, second.baseURL));
    expect(served.status, url).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^image\//);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe("jpeg");
  }
});

test("the code-guessing limit holds across both instances", async () => {
  // One client sends wrong codes to either instance in turn, as a load balancer would spread them.
  const client = { "X-Forwarded-For": "198.51.100.30" };
  const statuses: number[] = [];
  for (let attempt = 0; attempt < CODE_ATTEMPTS + 1; attempt++) {
    const server = attempt % 2 === 0 ? first : second;
    const response = await fetch(`${server.baseURL}/api/invitations/validate/ZZZZ${CODE_ALPHABET[attempt]}Z`, { headers: client });
    statuses.push(response.status);
  }
  expect(statuses.slice(0, CODE_ATTEMPTS).every((s) => s === 200)).toBe(true);
  expect(statuses[CODE_ATTEMPTS]).toBe(429);
});

test("the couple's names saved through one instance show on the other within 5 seconds", async ({ page }) => {
  const title = async (server: Server) => (await (await fetch(`${server.baseURL}/`)).text()).match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
  // The other instance has read the content before the save (it must notice the change, not load it fresh).
  expect(await title(second)).toMatch(/^Valeria &amp; Sebastián · /);
  await loginAt(page, first);
  await page.goto(`${first.baseURL}/admin/content/couple`);
  await page.getByLabel("Nombres de la pareja").fill("Irene & Pablo");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Contenido guardado").filter({ visible: true }).last()).toBeVisible();
  const saved = Date.now();
  await expect.poll(() => title(second), { timeout: 5000, intervals: [250] }).toMatch(/^Irene &amp; Pablo · /);
  expect(Date.now() - saved).toBeLessThan(5000);
});
