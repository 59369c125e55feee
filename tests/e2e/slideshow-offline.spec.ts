import { expect, test } from "./fixtures";

/**
 * The reception's screen when the venue's network drops: it keeps looping what it has (photos it
 * showed show again from the browser's copies; one it never fetched is stepped over, never an
 * empty or broken slide), and once the network is back it catches up with photos approved
 * meanwhile and shows the one it stepped over.
 */
test("offline, the slideshow keeps looping its photos; back online, a photo approved meanwhile appears @js-only", async ({ page, data, context }) => {
  test.setTimeout(120_000);
  const section = await data.createSection();
  // Shown newest first: Cuatro, Tres, Dos, Uno.
  for (const who of ["Uno", "Dos", "Tres", "Cuatro"]) await data.uploadPhoto(section.id, { asGuest: true, uploaderName: who, name: `${who}.jpg` });
  // From now on a guest's photo waits for the couple.
  await data.gallery.updateSection(section.id, { review_uploads: true });
  await data.uploadPhoto(section.id, { asGuest: true, uploaderName: "Nueva", name: "nueva.jpg" });
  const [waiting] = await data.pendingPhotos(section.id);
  expect(waiting).toBeDefined();

  await page.goto(`/slideshow?section=${section.id}&seconds=3`);
  // Every frame, whether the slide on the screen is a photo drawn as a broken image.
  await page.evaluate(() => {
    const w = window as unknown as { brokenSlides: string[] };
    w.brokenSlides = [];
    const check = () => {
      for (const img of document.querySelectorAll<HTMLImageElement>(".slide-photo:not([aria-hidden]) img"))
        if (img.complete && img.naturalWidth === 0 && !w.brokenSlides.includes(img.alt)) w.brokenSlides.push(img.alt);
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  const brokenSlides = () => page.evaluate(() => (window as unknown as { brokenSlides: string[] }).brokenSlides);
  const photo = (who: string) => page.getByRole("img", { name: `Foto de ${who}` });
  /** The photo is on the screen and drawn (its file decoded, not a broken image). */
  const shownWhole = async (who: string) => {
    await expect(photo(who)).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => photo(who).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  };
  // Online: Cuatro and Tres are shown, and Dos fetched ahead; Uno's file is never fetched.
  await shownWhole("Cuatro");
  await shownWhole("Tres");
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType("resource").filter((e) => new URL(e.name).pathname.startsWith("/uploads/")).length))
    .toBe(3);

  await context.setOffline(true);
  // Two whole rounds offline: each photo it has again, drawn; never an error, an empty or a broken slide.
  for (let round = 0; round < 2; round++)
    for (const who of ["Dos", "Cuatro", "Tres"]) {
      await shownWhole(who);
      await expect(page.getByRole("alert")).toHaveCount(0);
      await expect(page.locator(".slideshow-message")).toHaveCount(0);
    }
  expect(await brokenSlides()).toEqual([]);

  // The couple approves the waiting photo meanwhile (the test's own request, not the page's).
  const approved = await page.request.post(`/api/gallery/review/media/${waiting!.id}`, {
    headers: { Authorization: `Bearer ${process.env.E2E_ADMIN_API_TOKEN}` },
    data: { decision: "approve" },
  });
  expect(approved.status()).toBe(200);
  await shownWhole("Cuatro");

  // Back online: the new photo comes first, and the one stepped over is shown in its turn.
  await context.setOffline(false);
  await shownWhole("Nueva");
  await shownWhole("Uno");
  expect(await brokenSlides()).toEqual([]);
});
