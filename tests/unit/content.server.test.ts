import { resetConfigForTests } from "~/infra/config.server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/infra/db.server";
import { i18nFor } from "~/infra/i18n.server";
import { accommodationSchema, coupleSchema, quotesSchema, storySchema, type SiteContent } from "~/lib/content-schemas";
import { currentContent, showsDemoContent } from "~/models/content-live.server";
import { CHECK_EVERY_MS, onFreshChange as onContentChange, somethingMayHaveChanged as contentMayHaveChanged } from "~/infra/freshness.server";
import { checkDates, weddingDates } from "~/models/content-dates.server";
import { CONTENT_EXPORT_FORMAT, contentChanges, exportContent, importContent, readContentExport } from "~/models/content-transfer.server";
import { contentHistory, HISTORY_LENGTH, restoreContentVersion, saveContentSection } from "~/models/content-store.server";
import { coupleTexts, homeFacts, weddingEventOf } from "~/models/content-texts.server";
import { defaultContent } from "~/models/content-defaults.server";
import { fromVenueLocal, toVenueLocal } from "~/lib/venue-time";
import { composeAnswerEmail } from "~/models/notifications.server";
import { loadUnsubscribePage } from "~/routes/unsubscribe.$token/unsubscribe.server";
import { useTestDatabase } from "./helpers/test-db";

useTestDatabase();

const couple = (changes: Partial<SiteContent["couple"]> = {}): SiteContent["couple"] => ({ ...defaultContent().couple, ...changes });

describe("the couple's content: defaults", () => {
  it("a new site shows today's content: the demo couple, their texts in both languages, the spec's dates", async () => {
    const content = await currentContent();
    expect(content).toEqual(defaultContent());
    expect(content.couple.names).toBe("Valeria & Sebastián");
    expect(content.story.moments).toHaveLength(6);
    expect(content.info.cards).toHaveLength(6);
    expect(content.couple.venue).toEqual({ es: "Country Club & Resort", en: "" });
    expect(content.couple.city).toEqual({ es: "Cocolí, Panamá", en: "Cocolí, Panama" });
    expect(coupleTexts(content.couple, "es").names).toBe("Valeria & Sebastián");
    const [es, en] = [await homeFacts("es"), await homeFacts("en")];
    expect(en.place.venue).toBe("Country Club & Resort");
    expect(en.moments[0]).toMatchObject({ title: "How we met", description: expect.stringContaining("coffee") });
    expect(es.moments[0].title).toBe("Cómo nos conocimos");
    expect(await showsDemoContent()).toBe(true);
  });

  it("the venue's wall clock goes both ways", () => {
    expect(toVenueLocal("2026-01-17T16:00:00-05:00", "America/Panama")).toBe("2026-01-17T16:00");
    expect(fromVenueLocal("2031-01-17T16:00", "America/Panama")).toBe("2031-01-17T21:00:00.000Z");
  });
});

describe("the couple's content: saving", () => {
  it("a save is live at once: texts, names, and English left empty showing Spanish", async () => {
    await saveContentSection("couple", couple({ names: "Ana & Luis", city: { es: "Antigua, Guatemala", en: "" } }));
    expect((await currentContent()).couple.names).toBe("Ana & Luis");
    const saved = (await currentContent()).couple;
    expect(coupleTexts(saved, "es").names).toBe("Ana & Luis");
    expect(coupleTexts(saved, "en").city).toBe("Antigua, Guatemala");
    const en = await i18nFor("en");
    expect(en.t("footer:weddingDate", { date: "1 May", city: coupleTexts(saved, "en").city })).toBe("1 May · Antigua, Guatemala");
    expect(weddingEventOf(saved, "en").location).toBe("Country Club & Resort, Antigua, Guatemala");
    expect(await showsDemoContent()).toBe(false);
  });

  it("a story moment's English text shows when given, the Spanish one when not", async () => {
    const story = defaultContent().story;
    story.moments[0] = { title: { es: "El café", en: "The coffee" }, description: { es: "Línea uno\nLínea dos", en: "" } };
    await saveContentSection("story", story);
    expect((await homeFacts("en")).moments[0]).toMatchObject({ title: "The coffee", description: "Línea uno\nLínea dos" });
  });

  it("keeps every version: the history lists the newest first, at most 30, and restoring saves an old one again", async () => {
    await saveContentSection("couple", couple({ names: "Primero" }));
    await saveContentSection("couple", couple({ names: "Segundo" }));
    const [newest, older] = await contentHistory();
    expect(newest.section).toBe("couple");
    expect(newest.id).toBeGreaterThan(older.id);
    const restored = await restoreContentVersion(older.id);
    expect(restored).toEqual({ ok: true, section: "couple" });
    expect((await currentContent()).couple.names).toBe("Primero");
    expect(await contentHistory()).toHaveLength(3);
    expect(await restoreContentVersion(9999)).toEqual({ ok: false, error: "notFound" });
    for (let i = 0; i < HISTORY_LENGTH + 2; i++) await saveContentSection("couple", couple({ names: `N${i}` }));
    expect(await contentHistory()).toHaveLength(HISTORY_LENGTH);
  });

  it("a stored version no schema accepts is skipped: the previous one (or today's) shows", async () => {
    await saveContentSection("couple", couple({ names: "Bien" }));
    await db()
      .insertInto("content_versions")
      .values({ section: "couple", data: JSON.stringify({ names: "x".repeat(500) }) })
      .execute();
    await db().insertInto("content_versions").values({ section: "story", data: "not json" }).execute();
    contentMayHaveChanged();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const content = await currentContent();
    expect(content.couple.names).toBe(defaultContent().couple.names);
    expect(content.story).toEqual(defaultContent().story);
  });
});

describe("the couple's content: Alojamiento's sentences", () => {
  it("the introduction and the contact's role and text are content: the demo's by default, edited in both languages, absent when emptied", async () => {
    const [es, en] = [await homeFacts("es"), await homeFacts("en")];
    expect(es.accommodation).toMatchObject({
      intro: "El resort ofrece apartamentos para nuestros invitados con tarifa especial.",
      contactRole: "Reservas del resort",
      contactText: expect.stringMatching(/^Reserva contactando directamente al resort/),
    });
    expect(en.accommodation).toMatchObject({ intro: "The resort offers apartments for our guests at a special rate.", contactRole: "Resort reservations" });

    const edited = { ...defaultContent().accommodation };
    edited.intro = { es: "El hotel Casa Santo Domingo tiene habitaciones para ustedes.", en: "The Casa Santo Domingo hotel has rooms for you." };
    edited.contactRole = { es: "Recepción del hotel", en: "" };
    edited.contactText = { es: "", en: "" };
    await saveContentSection("accommodation", edited);
    const [es2, en2] = [await homeFacts("es"), await homeFacts("en")];
    expect(es2.accommodation).toMatchObject({
      intro: "El hotel Casa Santo Domingo tiene habitaciones para ustedes.",
      contactRole: "Recepción del hotel",
      contactText: "",
    });
    expect(en2.accommodation).toMatchObject({ intro: "The Casa Santo Domingo hotel has rooms for you.", contactRole: "Recepción del hotel", contactText: "" });
  });

  it("a version saved or exported before these fields existed reads the demo's sentences; one that emptied them stays empty", async () => {
    const { intro: _intro, contactRole: _role, contactText: _text, ...older } = { ...defaultContent().accommodation, checkIn: "14:00" };
    await db()
      .insertInto("content_versions")
      .values({ section: "accommodation", data: JSON.stringify(older) })
      .execute();
    await contentMayHaveChanged();
    const read = (await currentContent()).accommodation;
    expect(read.checkIn).toBe("14:00");
    expect(read.intro.es).toBe("El resort ofrece apartamentos para nuestros invitados con tarifa especial.");
    expect(read.contactRole.es).toBe("Reservas del resort");

    const file = { format: CONTENT_EXPORT_FORMAT, content: { accommodation: older } };
    const imported = readContentExport(JSON.stringify(file));
    expect(imported.ok && imported.content.accommodation?.contactText.es).toMatch(/^Reserva contactando/);
    const emptied = readContentExport(JSON.stringify({ format: CONTENT_EXPORT_FORMAT, content: { accommodation: { ...older, intro: { es: "", en: "" } } } }));
    expect(emptied.ok && emptied.content.accommodation?.intro).toEqual({ es: "", en: "" });
  });
});

describe("the couple's content: one read per change", () => {
  afterEach(() => vi.useRealTimers());

  it("another instance's save is seen at the next check (at most CHECK_EVERY_MS later), or at once when told a write happened", async () => {
    await currentContent();
    const told = vi.fn();
    const stop = onContentChange(told);
    try {
      // Another instance on the same database: a row this worker did not write.
      await db()
        .insertInto("content_versions")
        .values({ section: "couple", data: JSON.stringify(couple({ names: "Otra Pareja" })) })
        .execute();
      expect((await currentContent()).couple.names).toBe("Valeria & Sebastián");
      contentMayHaveChanged();
      expect((await currentContent()).couple.names).toBe("Otra Pareja");
      expect(told).toHaveBeenCalledTimes(1);

      vi.useFakeTimers({ now: Date.now(), toFake: ["Date"] });
      await db()
        .insertInto("content_versions")
        .values({ section: "couple", data: JSON.stringify(couple({ names: "Tercera" })) })
        .execute();
      expect((await currentContent()).couple.names).toBe("Otra Pareja");
      vi.setSystemTime(Date.now() + CHECK_EVERY_MS + 1);
      expect((await currentContent()).couple.names).toBe("Tercera");
      expect(told).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
  });

  it("reads the database once per change, not per request", async () => {
    await currentContent();
    const reads = vi.spyOn(db(), "selectFrom");
    for (let i = 0; i < 50; i++) await currentContent();
    expect(reads).not.toHaveBeenCalled();
  });
});

describe("the couple's content: rules", () => {
  const parseCouple = (changes: Record<string, unknown>) => coupleSchema.safeParse({ ...defaultContent().couple, ...changes });
  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

  it("names up to 80 characters, titles up to 100, descriptions up to 2,000", () => {
    expect(parseCouple({ names: "x".repeat(80) }).success).toBe(true);
    expect(messages(parseCouple({ names: "x".repeat(81) }))).toEqual(["content:errors.tooLong"]);
    expect(messages(parseCouple({ venue: { es: "x".repeat(101), en: "" } }))).toEqual(["content:errors.tooLong"]);
    expect(messages(parseCouple({ ceremonyDescription: { es: "x".repeat(2001), en: "" } }))).toEqual(["content:errors.tooLong"]);
    expect(messages(parseCouple({ names: undefined }))).toEqual(["content:errors.required"]);
    const story = defaultContent().story;
    story.moments[2].title.en = "x".repeat(101);
    expect(storySchema.safeParse(story).success).toBe(false);
    expect(storySchema.safeParse({ moments: story.moments.slice(0, 5) }).success).toBe(false);
  });

  it("coordinates in range, times as HH:MM", () => {
    expect(messages(parseCouple({ latitude: "91" }))).toEqual(["content:errors.coordinate"]);
    expect(messages(parseCouple({ longitude: "-180.5" }))).toEqual(["content:errors.coordinate"]);
    expect(messages(parseCouple({ latitude: "abc" }))).toEqual(["content:errors.coordinate"]);
    expect(parseCouple({ latitude: "-33.45", longitude: "-70.66" }).success).toBe(true);
    expect(messages(parseCouple({ ceremonyStart: "25:00" }))).toEqual(["content:errors.time"]);
  });

  it("a phone and an e-mail that look like one, a currency code, prices in range", () => {
    const base = defaultContent().accommodation;
    expect(accommodationSchema.safeParse(base).success).toBe(true);
    expect(messages(accommodationSchema.safeParse({ ...base, contactPhone: "call me" }))).toContain("content:errors.phone");
    expect(messages(accommodationSchema.safeParse({ ...base, contactEmail: "reservas@" }))).toEqual(["content:errors.email"]);
    expect(messages(accommodationSchema.safeParse({ ...base, currency: "dollars" }))).toEqual(["content:errors.currency"]);
    expect(messages(accommodationSchema.safeParse({ ...base, apartments: [{ ...base.apartments[0], firstNight: "-1" }] }))).toEqual(["content:errors.price"]);
    expect(messages(accommodationSchema.safeParse({ ...base, apartments: [] }))).toEqual(["content:errors.oneApartment"]);
    expect(messages(quotesSchema.safeParse({ quotes: [] }))).toEqual(["content:errors.oneQuote"]);
  });

  it("texts are kept as typed: markup is text, line breaks stay", () => {
    const parsed = parseCouple({ ceremonyDescription: { es: "<script>alert(1)</script>\nSegunda línea", en: "" } });
    expect(parsed.success && parsed.data.ceremonyDescription.es).toBe("<script>alert(1)</script>\nSegunda línea");
  });
});

describe("the couple's content: dates", () => {
  const now = new Date("2030-06-01T12:00:00Z");
  const saved = couple({ weddingDate: "2031-01-17T16:00", rsvpDeadline: "2030-12-17T23:59" });
  // The environment is parsed once (config()): read again after each change.
  const env = (vars: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v as string);
    resetConfigForTests();
  };
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  });

  it("a deadline after the wedding is refused", () => {
    env({ WEDDING_DATE: "", RSVP_DEADLINE: "" });
    const result = checkDates({ ...saved, rsvpDeadline: "2031-01-18T00:00" }, saved, now);
    expect(result).toEqual({ ok: false, errors: { rsvpDeadline: ["content:errors.deadlineAfterWedding"] } });
    expect(checkDates({ ...saved, rsvpDeadline: "2031-01-10T00:00" }, saved, now).ok).toBe(true);
  });

  it("a wedding moved into the past is refused; one already saved may stay (names can change after the day)", () => {
    env({ WEDDING_DATE: "", RSVP_DEADLINE: "" });
    const past = checkDates({ ...saved, weddingDate: "2030-05-01T16:00", rsvpDeadline: "2030-04-01T00:00" }, saved, now);
    expect(past).toEqual({ ok: false, errors: { weddingDate: ["content:errors.weddingPast"] } });
    const after = new Date("2031-02-01T00:00:00Z");
    expect(checkDates({ ...saved, names: "Otros" }, saved, after).ok).toBe(true);
  });

  it("WEDDING_DATE and RSVP_DEADLINE from the environment win: the stored value is kept, the env's is followed", async () => {
    env({ WEDDING_DATE: "2032-03-03T15:00:00-05:00", RSVP_DEADLINE: "2032-02-02T23:59:59-05:00" });
    const result = checkDates({ ...saved, weddingDate: "2040-01-01T10:00", rsvpDeadline: "2039-01-01T10:00" }, saved, now);
    expect(result).toEqual({ ok: true, value: saved });
    const dates = await weddingDates();
    expect(dates).toEqual({
      weddingDate: "2032-03-03T15:00:00-05:00",
      rsvpDeadline: "2032-02-02T23:59:59-05:00",
      timeZone: "America/Panama",
      setBy: { weddingDate: "WEDDING_DATE", rsvpDeadline: "RSVP_DEADLINE" },
    });
    // Only the wedding from the environment: a deadline after it is refused.
    env({ RSVP_DEADLINE: "" });
    expect(checkDates({ ...saved, rsvpDeadline: "2032-04-01T00:00" }, saved, now)).toEqual({
      ok: false,
      errors: { rsvpDeadline: ["content:errors.deadlineAfterWedding"] },
    });
    // Only the deadline from the environment: a wedding before it is refused on the wedding's field.
    env({ WEDDING_DATE: "", RSVP_DEADLINE: "2032-02-02T23:59:59-05:00" });
    expect(checkDates({ ...saved, weddingDate: "2032-01-01T16:00" }, saved, now)).toEqual({
      ok: false,
      errors: { weddingDate: ["content:errors.deadlineAfterWedding"] },
    });
  });

  it("without the environment the saved dates are the site's", async () => {
    env({ WEDDING_DATE: "", RSVP_DEADLINE: "" });
    await saveContentSection("couple", saved);
    expect(await weddingDates()).toEqual({
      weddingDate: "2031-01-17T21:00:00.000Z",
      rsvpDeadline: "2030-12-18T04:59:00.000Z",
      timeZone: "America/Panama",
      setBy: {},
    });
  });
});

describe("the couple's content: export and import", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("an export read back changes nothing; an edited file lists exactly what would change", async () => {
    const file = await exportContent();
    expect(file.format).toBe(CONTENT_EXPORT_FORMAT);
    expect(file.media).toEqual(expect.arrayContaining(["/images/portrait.svg", "/media/music.mp3", "/images/story/met.svg"]));
    const read = readContentExport(JSON.stringify(file));
    expect(read.ok && (await contentChanges(read.content))).toEqual([]);

    file.content.story.moments[1].title.en = "Our first road trip";
    file.content.couple.names = "Ana & Luis";
    const edited = readContentExport(JSON.stringify(file));
    expect(edited.ok && (await contentChanges(edited.content))).toEqual([
      { section: "couple", fields: ["names"] },
      { section: "story", fields: ["moments[1].title.en"] },
    ]);
  });

  it("a file that is not an export, or with one sub-section no schema accepts, is refused whole", async () => {
    expect(readContentExport("{")).toEqual({ ok: false, error: "importFile" });
    expect(readContentExport(JSON.stringify({ format: "other", content: {} }))).toEqual({ ok: false, error: "importFile" });
    const file = await exportContent();
    file.content.couple.names = "Ana & Luis";
    (file.content.accommodation as { contactEmail: string }).contactEmail = "not an e-mail";
    expect(readContentExport(JSON.stringify(file))).toEqual({ ok: false, error: "importFile", section: "accommodation" });
  });

  it("applies all or nothing: every changed sub-section is a new version; a refused date changes none", async () => {
    vi.stubEnv("WEDDING_DATE", "");
    vi.stubEnv("RSVP_DEADLINE", "");
    const file = await exportContent();
    file.content.couple = { ...file.content.couple, names: "Ana & Luis", weddingDate: "2040-01-01T16:00", rsvpDeadline: "2040-02-01T00:00" };
    file.content.story.moments[0].title.es = "Otro título";
    const refused = readContentExport(JSON.stringify(file));
    expect(refused.ok && (await importContent(refused.content))).toEqual({ ok: false, errors: { rsvpDeadline: ["content:errors.deadlineAfterWedding"] } });
    expect(await contentHistory()).toEqual([]);
    expect((await currentContent()).story.moments[0].title.es).toBe("Cómo nos conocimos");

    file.content.couple.rsvpDeadline = "2039-12-01T00:00";
    const accepted = readContentExport(JSON.stringify(file));
    expect(accepted.ok && (await importContent(accepted.content))).toEqual({ ok: true, changed: ["couple", "story"] });
    const content = await currentContent();
    expect(content.couple.names).toBe("Ana & Luis");
    expect(content.story.moments[0].title.es).toBe("Otro título");
    expect((await contentHistory()).map((s) => s.section).sort()).toEqual(["couple", "story"]);
  });
});

describe("the couple's names beyond the pages", () => {
  it("reach the couple's e-mails and the unsubscribe page", async () => {
    await saveContentSection("couple", couple({ names: "Ana & Luis" }));
    const notice = { code: "ABCDEF", primaryGuest: "Marta", status: "declined" as const, guests: [], message: null, answeredAt: new Date().toISOString() };
    const email = await composeAnswerEmail([notice], "answer", "es", "pareja@example.com");
    expect(email.text).toContain("Ana & Luis");
    expect((await loadUnsubscribePage("not-a-token")).body.names).toBe("Ana & Luis");
  });
});
