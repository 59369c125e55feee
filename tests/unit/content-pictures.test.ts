import fs from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { contentHistoryAction, contentSectionAction } from "~/http/admin/content.server";
import { boot } from "~/start.server";
import { startAdminSessionHeader } from "~/infra/session.server";
import { MAX_PORTRAIT_BYTES } from "~/lib/content-media";
import { parsePictureTarget } from "~/lib/content-pictures";
import type { ContentSection } from "~/lib/content-schemas";
import { forgetSiteMedia } from "~/models/content-media.server";
import { contentHistory } from "~/models/content-store.server";
import { currentContent } from "~/models/content-live.server";
import { exportContent } from "~/models/content-transfer.server";
import { homeFacts } from "~/models/content-texts.server";
import { loader as siteFileLoader } from "~/routes/media.site.$file";
import { multipartRequest, type Part } from "./helpers/multipart";
import { useStoreDriver } from "./helpers/storage";
import { useTestDatabase } from "./helpers/test-db";

const BASE = "http://localhost";
const context = { clientIp: "203.0.113.7", cspNonce: "x" } as unknown as AppLoadContext;
const adminCookie = async () => (await startAdminSessionHeader(new Request(BASE))).split(";")[0];

/** 'Subir foto' under a picture: its fields first, then the file, posted to the sub-section's screen. */
function pictureUpload(section: ContentSection, picture: string, file: Omit<Part, "name">, cookie?: string) {
  const built = multipartRequest([
    { name: "intent", bytes: Buffer.from("uploadMedia") },
    { name: "picture", bytes: Buffer.from(picture) },
    { name: "file", ...file },
  ]);
  const request = new Request(`${BASE}/admin/content/${section}`, {
    method: "POST",
    headers: { ...Object.fromEntries(built.request.headers), ...(cookie ? { Cookie: cookie } : {}) },
    body: built.request.body,
    duplex: "half",
  } as RequestInit);
  return contentSectionAction(section)({ request, params: {}, context });
}

/** The answer's status, refusal key and the picture it names; or the redirect. */
async function answer(pending: Promise<unknown>) {
  try {
    const res = (await pending) as Response | { data: { error?: Record<string, string[]>; initialValue?: { picture?: string } }; init: ResponseInit | null };
    if (res instanceof Response) return { status: res.status, error: undefined, picture: undefined };
    return { status: res.init?.status ?? 200, error: res.data.error?.[""]?.[0], picture: res.data.initialValue?.picture };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, error: undefined, picture: undefined };
    throw thrown;
  }
}

const siteFile = (url: string) => {
  const file = url.split("/").pop()!;
  return siteFileLoader({ request: new Request(`${BASE}${url}`), params: { file }, context } as Parameters<typeof siteFileLoader>[0]);
};

const photoWithGps = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: "#7a9" } })
    .withExif({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "8/1 58/1 0/1" } })
    .jpeg()
    .toBuffer();
const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n".repeat(4), "latin1");

describe("a picture's target", () => {
  it("names only a picture there is", () => {
    expect(parsePictureTarget("story.1.2")).toEqual({ section: "story", moment: 1, photo: 2 });
    expect(parsePictureTarget("info.5")).toEqual({ section: "info", card: 5 });
    expect(parsePictureTarget("couple.reception")).toEqual({ section: "couple", event: "reception" });
    // 'Cómo nos conocimos' is a single photo; there are six moments and six cards.
    for (const value of ["story.0.1", "story.6.0", "info.6", "couple.dinner", "story.0.0.0", "", undefined]) expect(parsePictureTarget(value)).toBeNull();
  });
});

describe("the content's pictures", () => {
  const store = useStoreDriver("local", "pictures");
  const paths = useTestDatabase(store.env);
  beforeEach(() => forgetSiteMedia());

  it("an upload saves a new version of its sub-section with the new address; the home page shows it, EXIF and GPS dropped", async () => {
    const cookie = await adminCookie();
    const before = (await contentHistory()).length;
    const saved = await answer(pictureUpload("story", "story.4.0", { filename: "pedida.jpg", bytes: await photoWithGps() }, cookie));
    expect(saved.status).toBe(302);
    const history = await contentHistory();
    expect(history).toHaveLength(before + 1);
    expect(history[0].section).toBe("story");
    const address = (await currentContent()).story.moments[4].images![0];
    expect(address).toMatch(/^\/media\/site\/\d{13}-[0-9a-f]{12}\.jpg$/);
    expect((await homeFacts("es")).moments[4].images).toEqual([address]);
    // The other moments keep their default photos; the export lists the new file.
    expect((await homeFacts("es")).moments[0].images).toEqual(["/images/story/met.svg"]);
    expect((await exportContent()).media).toContain(address);

    const served = await siteFile(address);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect((await siteFile("/media/site/1700000000000-aaaaaaaaaaaa.jpg")).status).toBe(404);
  });

  it("replaces one photo of a collage, an information card's image and the ceremony's, each in its own sub-section", async () => {
    const cookie = await adminCookie();
    const bytes = await photoWithGps();
    expect((await answer(pictureUpload("story", "story.1.2", { filename: "a.jpg", bytes }, cookie))).status).toBe(302);
    expect((await answer(pictureUpload("info", "info.3", { filename: "b.jpg", bytes }, cookie))).status).toBe(302);
    expect((await answer(pictureUpload("couple", "couple.ceremony", { filename: "c.jpg", bytes }, cookie))).status).toBe(302);
    const facts = await homeFacts("es");
    expect(facts.moments[1].images.slice(0, 2)).toEqual(["/images/story/trip-1.svg", "/images/story/trip-2.svg"]);
    expect(facts.moments[1].images[2]).toMatch(/^\/media\/site\//);
    expect(facts.infoCards[3].image).toMatch(/^\/media\/site\//);
    expect(facts.infoCards[2].image).toBe("/images/info/buffet.svg");
    expect(facts.schedule.ceremony.image).toMatch(/^\/media\/site\//);
    expect(facts.schedule.reception.image).toBe("/images/reception.svg");
    expect((await contentHistory()).map((s) => s.section)).toEqual(["couple", "info", "story"]);
  });

  it("refuses a PDF named .jpg, a file over 10 MB and another sub-section's picture, naming the picture, and saves nothing", async () => {
    const cookie = await adminCookie();
    const pdf = await answer(pictureUpload("story", "story.0.0", { filename: "foto.jpg", bytes: PDF }, cookie));
    expect(pdf).toEqual({ status: 415, error: "contentMedia:errors.notAnImage", picture: "story.0.0" });
    const big = await answer(pictureUpload("story", "story.0.0", { filename: "big.jpg", bytes: MAX_PORTRAIT_BYTES + 1 }, cookie));
    expect(big).toMatchObject({ status: 413, error: "contentMedia:errors.tooLarge", picture: "story.0.0" });
    const elsewhere = await answer(pictureUpload("info", "story.0.0", { filename: "a.jpg", bytes: await photoWithGps() }, cookie));
    expect(elsewhere).toMatchObject({ status: 400, error: "contentMedia:errors.noFile" });
    expect(await contentHistory()).toEqual([]);
    expect(fs.existsSync(path.join(paths.uploads, "0")) ? fs.readdirSync(path.join(paths.uploads, "0")) : []).toEqual([]);
  });

  it("without the session: a 401 and nothing saved", async () => {
    const refused = await answer(pictureUpload("story", "story.0.0", { filename: "a.jpg", bytes: await photoWithGps() }));
    expect(refused.status).toBe(401);
    expect(await contentHistory()).toEqual([]);
  });

  it("saving the texts keeps the pictures; 'Restaurar' brings back the one before, and only the shown file is served", async () => {
    const cookie = await adminCookie();
    const bytes = await photoWithGps();
    await answer(pictureUpload("story", "story.0.0", { filename: "first.jpg", bytes }, cookie));
    const first = (await currentContent()).story.moments[0].images![0];
    const firstVersion = (await contentHistory())[0].id;

    const form = new URLSearchParams({ intent: "saveContent" });
    (await currentContent()).story.moments.forEach((m, i) => {
      form.set(`moments[${i}].title.es`, i === 0 ? "Cuando nos vimos" : m.title.es);
      form.set(`moments[${i}].description.es`, m.description.es);
    });
    const request = new Request(`${BASE}/admin/content/story`, {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
    expect((await answer(contentSectionAction("story")({ request, params: {}, context }))).status).toBe(302);
    expect((await currentContent()).story.moments[0]).toMatchObject({ title: { es: "Cuando nos vimos" }, images: [first] });

    await answer(pictureUpload("story", "story.0.0", { filename: "second.jpg", bytes }, cookie));
    const second = (await currentContent()).story.moments[0].images![0];
    expect(second).not.toBe(first);
    expect((await siteFile(first)).status).toBe(404);
    expect((await siteFile(second)).status).toBe(200);

    const restore = new Request(`${BASE}/admin/content`, {
      method: "POST",
      body: new URLSearchParams({ intent: "restoreContent", id: String(firstVersion) }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
    expect((await answer(contentHistoryAction({ request: restore, params: {}, context }))).status).toBe(302);
    expect((await currentContent()).story.moments[0].images).toEqual([first]);
    expect((await siteFile(first)).status).toBe(200);
  });

  it("the start's sweep keeps every file a version of the content names (so a restore finds it)", async () => {
    const cookie = await adminCookie();
    const bytes = await photoWithGps();
    await answer(pictureUpload("info", "info.0", { filename: "a.jpg", bytes }, cookie));
    await answer(pictureUpload("info", "info.0", { filename: "b.jpg", bytes }, cookie));
    const dir = path.join(paths.uploads, "0");
    const named = fs.readdirSync(dir).sort();
    expect(named).toHaveLength(2);
    fs.writeFileSync(path.join(dir, "1700000000000-bbbbbbbbbbbb.jpg"), "no version names me");
    await boot(() => {});
    expect(fs.readdirSync(dir).sort()).toEqual(named);
  });
});
