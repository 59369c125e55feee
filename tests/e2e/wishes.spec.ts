import type { Page } from "@playwright/test";
import { chooseLanguage, expect, startServer, test } from "./fixtures";

const PASSWORD = "e2e-admin-password";

const texts = {
  es: {
    form: "Deja un mensaje para los novios",
    name: "Tu nombre",
    message: "Mensaje",
    send: "Enviar mensaje",
    forReview: "¡Gracias! Tu mensaje aparecerá cuando los novios lo aprueben.",
    list: "Mensajes de los invitados",
    tooLong: "El mensaje no puede tener más de 280 caracteres.",
    wishFrom: (name: string) => `Mensaje de ${name}`,
  },
  en: {
    form: "Leave a message for the couple",
    name: "Your name",
    message: "Message",
    send: "Send message",
    forReview: "Thank you! Your message will appear once the couple approves it.",
    list: "Messages from the guests",
    tooLong: "The message cannot be longer than 280 characters.",
    wishFrom: (name: string) => `Message from ${name}`,
  },
} as const;

async function login(page: Page) {
  await chooseLanguage(page, "es");
  await page.goto("/admin");
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Acceder" }).click();
  await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toBeVisible();
}

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

for (const lang of ["es", "en"] as const) {
  test(`a guest's wish waits for the couple, then shows in the gallery and the slideshow (${lang})`, async ({ page, data }) => {
    const t = texts[lang];
    const name = unique("Invitada");
    data.trackWish(name);
    const message = unique("¡Que vivan los novios!");
    // A section with no photos: its slideshow shows wishes only.
    const section = await data.createSection({ name: unique("Brindis") });
    await chooseLanguage(page, lang);
    await page.goto("/gallery");
    const form = page.getByRole("form", { name: t.form });
    await form.getByLabel(t.name).fill(name);
    await form.getByLabel(t.message).fill(message);
    await form.getByRole("button", { name: t.send }).click();
    await expect(page.getByText(t.forReview).filter({ visible: true })).toBeVisible();
    // Sent: the form is empty again (no second copy by a second tap).
    await expect(form.getByLabel(t.message)).toHaveValue("");
    // Pending: nowhere public.
    await page.goto("/gallery");
    await expect(page.getByRole("heading", { name: t.list })).toBeVisible();
    await expect(page.getByText(message)).toHaveCount(0);
    expect(JSON.stringify(await (await page.request.get("/api/gallery/wishes")).json())).not.toContain(message);

    await login(page);
    await page.goto("/admin/gallery");
    await expect(page.getByRole("link", { name: "Abrir presentación" })).toHaveAttribute("href", "/slideshow");
    await page.getByRole("link", { name: "Mensajes", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Mensajes", exact: true })).toBeVisible();
    await expect(page.getByText(message)).toBeVisible();
    await page.getByRole("button", { name: `Aprobar el mensaje de ${name}` }).click();
    await expect(page.getByRole("button", { name: `Aprobar el mensaje de ${name}` })).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Eliminar el mensaje de ${name}` })).toBeVisible();

    await chooseLanguage(page, lang);
    await page.goto("/gallery");
    const list = page.getByRole("region", { name: t.list });
    await expect(list.getByText(message)).toBeVisible();
    await expect(list.getByText(name)).toBeVisible();

    // Shown on the screen within a few slides (3 s each); other tests' wishes may be shown first.
    await page.goto(`/slideshow?section=${section.id}&seconds=3`);
    await expect(page.getByText(message)).toBeVisible({ timeout: 25_000 });
    await expect(page.getByText(t.wishFrom(name))).toBeVisible();
  });
}

test("a wish past 280 characters is refused with its message, and what was typed stays", async ({ page, data }) => {
  const name = unique("Invitado");
  data.trackWish(name);
  await page.goto("/gallery");
  const form = page.getByRole("form", { name: texts.es.form });
  await form.getByLabel(texts.es.name).fill(name);
  const field = form.getByLabel(texts.es.message);
  // The field stops at 280 characters; a longer text is what a tampered page or an old browser sends.
  await field.evaluate((el) => el.removeAttribute("maxlength"));
  const tooLong = "¡Felicidades! ".repeat(21);
  await field.fill(tooLong);
  await form.getByRole("button", { name: texts.es.send }).click();
  await expect(page.getByText(texts.es.tooLong)).toBeVisible();
  await expect(form.getByLabel(texts.es.name)).toHaveValue(name);
  const { pending, published } = await data.wishes.review();
  expect([...pending, ...published].filter((w) => w.name === name)).toEqual([]);
});

test("the admin rejects and deletes wishes, without JavaScript too", async ({ page, data }) => {
  const pending = unique("Pendiente");
  const published = unique("Publicado");
  await data.createWish({ name: pending, message: "Hola" });
  await data.createWish({ name: published, message: "Adiós", publish: true });
  await login(page);
  await page.goto("/admin/wishes");
  await page.getByRole("button", { name: `Rechazar el mensaje de ${pending}` }).click();
  await expect(page.getByRole("button", { name: `Rechazar el mensaje de ${pending}` })).toHaveCount(0);
  await page.getByRole("button", { name: `Eliminar el mensaje de ${published}` }).click();
  // "Are you sure?": a dialog with JavaScript, its own step without.
  await page.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(page.getByRole("button", { name: `Eliminar el mensaje de ${published}` })).toHaveCount(0);
  const left = await data.wishes.review();
  expect([...left.pending, ...left.published].filter((w) => w.name === pending || w.name === published)).toEqual([]);
});

test("'Revisar mensajes antes de publicar' off: a guest's wish is published at once", async ({ page }) => {
  // Its own server: the switch is site-wide, and the other tests post wishes meanwhile.
  const server = await startServer({});
  try {
    await page.goto(`${server.baseURL}/admin`);
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Acceder" }).click();
    await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toBeVisible();
    await page.goto(`${server.baseURL}/admin/wishes`);
    const review = page.getByRole("switch", { name: "Revisar mensajes antes de publicar" });
    await expect(review).toBeChecked();
    await review.uncheck();
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Los mensajes nuevos se publican al instante.")).toBeVisible();
    await expect(review).not.toBeChecked();

    await page.goto(`${server.baseURL}/gallery`);
    const form = page.getByRole("form", { name: texts.es.form });
    await form.getByLabel(texts.es.name).fill("Rosa");
    await form.getByLabel(texts.es.message).fill("¡Que viva el amor!");
    await form.getByRole("button", { name: texts.es.send }).click();
    await expect(page.getByText("¡Gracias! Tu mensaje ya está publicado.").filter({ visible: true })).toBeVisible();
    await page.goto(`${server.baseURL}/gallery`);
    await expect(page.getByRole("region", { name: texts.es.list }).getByText("¡Que viva el amor!")).toBeVisible();
  } finally {
    await server.stop();
  }
});
