import { MAX_EVENTS } from "~/lib/events";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { handleAdminAction } from "~/http/admin-page.server";
import { createTab } from "~/routes/admin.create/create.server";
import { galleryTab } from "~/routes/admin.gallery/gallery.server";
import { screenAction } from "~/http/admin/tab-action.server";
import { handleConfirmAction, loadConfirmPage } from "~/routes/confirm/confirm.server";
import { readForm } from "~/http/form.server";
import { db } from "~/infra/db.server";
import { consume, RateLimited } from "~/infra/rate-limit.server";
import { startAdminSessionHeader, storeCodeHeader } from "~/infra/session.server";
import { adminSessionSchema, createTabSchema, galleryTabSchema, invitationsTabSchema } from "~/lib/admin-schemas";
import { confirmPageFields } from "~/lib/confirm-schemas";
import { MAX_FORM_LIST_LENGTH, MAX_GUESTS_PER_INVITATION } from "~/lib/constants";
import { MAX_QUESTIONS } from "~/lib/guest-questions";
import { formFieldsOf } from "~/lib/form-fields";
import { normalizeName } from "~/lib/names";
import { buildGuestList } from "~/lib/rsvp";
import { createSection } from "~/models/gallery.server";
import { confirmInvitation, createInvitation, findInvitationByCode, validateInvitationInput } from "~/models/invitations.server";
import * as setLanguage from "~/routes/action.set-language";
import * as setTheme from "~/routes/action.set-theme";
import * as confirmRoute from "~/routes/confirm/route";
import { useTestDatabase } from "./helpers/test-db";

const context = (ip = "203.0.113.50") => ({ clientIp: ip, cspNonce: "x" });
const ZWSP = "\u200B";
const RLO = "\u202E";

interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

/** Posts a urlencoded body to a page action and reads what comes back (data(), a Response, or a thrown Response). */
async function post(run: (request: Request) => Promise<unknown>, body: string, opts: { url?: string; cookie?: string; lang?: string } = {}): Promise<Answer> {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  if (opts.lang) headers.set("Accept-Language", opts.lang);
  const request = new Request(opts.url ?? "http://localhost/confirm", { method: "POST", headers, body });
  let result: unknown;
  try {
    result = await run(request);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, text: await result.text(), headers: result.headers };
  const wrapped = result as { data: unknown; init?: { status?: number; headers?: HeadersInit } | null };
  return { status: wrapped.init?.status ?? 200, text: JSON.stringify(wrapped.data), headers: new Headers(wrapped.init?.headers ?? undefined) };
}

const confirmPost = (body: string, opts?: { cookie?: string; lang?: string }, ip?: string) =>
  post((request) => handleConfirmAction(request, context(ip)), body, opts);
const adminPost = (body: string, opts?: { cookie?: string; lang?: string }, ip?: string) =>
  post((request) => handleAdminAction(request, context(ip)), body, { ...opts, url: "http://localhost/admin" });
const createPost = (body: string, opts?: { cookie?: string; lang?: string }) =>
  post((request) => screenAction(request, context(), createTab), body, { ...opts, url: "http://localhost/admin/create" });
const galleryPost = (body: string, opts?: { cookie?: string; lang?: string }) =>
  post((request) => screenAction(request, context(), galleryTab), body, { ...opts, url: "http://localhost/admin/gallery" });

async function invitationCookie(primaryGuest: string, maxGuests: number) {
  const created = await createInvitation({ primaryGuest, maxGuests });
  if (!created.ok) throw new Error(created.error);
  const cookie = (await storeCodeHeader(new Request("http://localhost/confirm"), created.invitation.code)).split(";")[0];
  return { invitation: created.invitation, cookie };
}

const adminCookie = async () => (await startAdminSessionHeader(new Request("http://localhost/admin"))).split(";")[0];

describe("every page form refuses unknown fields and large indices before parsing", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00", RATE_LIMIT_CODE_ATTEMPTS: "50" });

  const HUGE = "10000000";

  it("an index of 10^7 on every form action: 400, a short message in the guest's language, quickly and without memory growth", async () => {
    const { cookie } = await invitationCookie("Memoria Acotada", 3);
    const admin = await adminCookie();
    const attacks: [string, (lang: string) => Promise<Answer>][] = [
      ["confirm: confirm", (lang) => confirmPost(`intent=confirm&guests[${HUGE}]=a`, { cookie, lang })],
      ["confirm: verify", (lang) => confirmPost(`intent=verify&code=ABCDEF&x[${HUGE}]=a`, { lang })],
      ["confirm: known list, nested", (lang) => confirmPost(`intent=confirm&guests[0].a[${HUGE}]=a`, { cookie, lang })],
      ["admin: login", (lang) => adminPost(`intent=login&x[${HUGE}]=a`, { lang })],
      ["admin: logged in", (lang) => createPost(`intent=createInvitation&primaryGuest=A&maxGuests=2&primaryGuest[${HUGE}]=a`, { cookie: admin, lang })],
      ["admin: gallery", (lang) => galleryPost(`intent=createSection&name=A&name[${HUGE}]=a`, { cookie: admin, lang })],
      ["set-language", (lang) => post((request) => setLanguage.action({ request, params: {}, context: context() }), `lng=en&x[${HUGE}]=a`, { lang })],
      ["set-theme", (lang) => post((request) => setTheme.action({ request, params: {}, context: context() }), `theme=dark&x[${HUGE}]=a`, { lang })],
    ];
    for (const [name, attack] of attacks) {
      for (const [lang, words] of [
        ["es", "Formulario no válido"],
        ["en", "Invalid form"],
      ]) {
        const heapBefore = process.memoryUsage().heapUsed;
        const started = performance.now();
        const answer = await attack(lang);
        const took = performance.now() - started;
        const grew = process.memoryUsage().heapUsed - heapBefore;
        expect(answer.status, name).toBe(400);
        expect(answer.text, name).toContain(words);
        expect(answer.text.length, name).toBeLessThan(2048);
        expect(took, name).toBeLessThan(1000);
        expect(grew, name).toBeLessThan(32 * 1024 * 1024);
      }
    }
    expect((await findInvitationByCode((await db().selectFrom("invitations").select("code").executeTakeFirstOrThrow()).code))?.confirmed).toBe(false);
  });

  it("a field the form does not have is refused; a list accepts only the indices its schema allows", async () => {
    const { cookie } = await invitationCookie("Lista Corta", 3);
    expect((await confirmPost("intent=verify&code=ABCDEF&__intent__=x")).status).toBe(400);
    expect((await confirmPost("intent=verify&code=ABCDEF&code.a=x")).status).toBe(400);
    expect((await confirmPost(`intent=confirm&guests[${MAX_FORM_LIST_LENGTH}]=Ana`, { cookie })).status).toBe(400);
    expect((await confirmPost("intent=confirm&guests[01]=Ana", { cookie })).status).toBe(400);
    expect((await confirmPost("intent=confirm&guests[]=Ana", { cookie })).status).toBe(400);
    // The largest index the list allows is read as usual.
    expect((await confirmPost(`intent=confirm&guests[${MAX_FORM_LIST_LENGTH - 1}]=Ana`, { cookie })).status).toBe(302);
    expect((await adminPost("intent=login&password=x&remember=1")).status).toBe(400);
  });

  it("the whitelists are the schemas' fields", () => {
    expect(confirmPageFields).toEqual({
      // `attends`: one "person:event" per box ticked, the same name repeated (docs/decisions/0057-events.md).
      // primaryDish, primaryChild, dish[], child[]: the couple's menu and children question (decision 0056).
      // qid{j}, qa{j}, qp{j}[person]: the couple's questions, one slot each (decision 0058), a person per seat.
      names: [
        "_js",
        "attends",
        "intent",
        "code",
        "primaryDietary",
        "primaryDish",
        "primaryChild",
        "message",
        "attendsAsked",
        ...Array.from({ length: MAX_QUESTIONS }, (_, j) => [`qid${j}`, `qa${j}`]).flat(),
      ],
      lists: {
        guests: MAX_FORM_LIST_LENGTH,
        dietary: MAX_FORM_LIST_LENGTH,
        attends: MAX_FORM_LIST_LENGTH,
        dish: MAX_FORM_LIST_LENGTH,
        child: MAX_FORM_LIST_LENGTH,
        ...Object.fromEntries(Array.from({ length: MAX_QUESTIONS }, (_, j) => [`qp${j}`, MAX_GUESTS_PER_INVITATION])),
      },
    });
    // Each admin screen's whitelist is its own schema's fields: no lists but 'Invitado a' (`events[N]`), and no `_js`.
    for (const schema of [adminSessionSchema, invitationsTabSchema, createTabSchema, galleryTabSchema]) {
      const fields = formFieldsOf(schema);
      expect(Object.keys(fields.lists).filter((list) => list !== "events")).toEqual([]);
      expect(fields.lists.events ?? MAX_EVENTS).toBe(MAX_EVENTS);
      expect(fields.names).not.toContain("_js");
      for (const option of schema.options) for (const key of Object.keys(option.shape)) expect([...fields.names, ...Object.keys(fields.lists)]).toContain(key);
    }
    expect(formFieldsOf(z.object({ a: z.array(z.string()).max(3), b: z.string().optional() }))).toEqual({ names: ["b"], lists: { a: 3 } });
  });

  it("without a whitelist readForm still refuses large indices", async () => {
    const read = (body: string) =>
      readForm(new Request("http://localhost/x", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body }));
    await expect(read("a[3]=1&b=2")).resolves.toBeInstanceOf(FormData);
    await expect(read(`a.b[${HUGE}]=1`)).rejects.toMatchObject({ status: 400 });
  });

  it("a refused post gives back the form's own fields as typed, and nothing else", async () => {
    const { invitation, cookie } = await invitationCookie("Con Eco", 3);
    const reply = (answer: Answer) => JSON.parse(answer.text) as { initialValue: Record<string, unknown>; fields: string[]; error: Record<string, string[]> };
    const name = "N".repeat(150);
    const tooLong = await confirmPost(
      `intent=confirm&guests[0]=${name}&guests[1]=${encodeURIComponent("<b>Ana</b>")}&dietary[0]=Vegana&primaryDietary=Sin+gluten&message=Hola`,
      { cookie },
    );
    expect(tooLong.status).toBe(400);
    expect(reply(tooLong).error).toEqual({ "guests[0]": ["confirm:form.nameTooLong"] });
    expect(reply(tooLong).initialValue).toEqual({ guests: [name, "<b>Ana</b>"], dietary: ["Vegana"], primaryDietary: "Sin gluten", message: "Hola" });
    expect(reply(tooLong).fields.sort()).toEqual(["dietary[0]", "guests[0]", "guests[1]", "message", "primaryDietary"]);
    // Refused by the answer's rules (past the schema): the same values.
    const longMessage = "m".repeat(501);
    const refusedMessage = await confirmPost(`intent=confirm&guests[0]=Ana&message=${longMessage}`, { cookie });
    expect(refusedMessage.text).toContain("confirm:form.messageTooLong");
    expect(reply(refusedMessage).initialValue).toEqual({ guests: ["Ana"], message: longMessage });
    expect((await findInvitationByCode(invitation.code))?.status).toBe("pending");
    // The code form: the code as typed, not the intent; another form's fields are not its own.
    const unknown = await confirmPost("intent=verify&code=+zzzzzz+&message=Hola");
    expect(unknown.status).toBe(404);
    expect(reply(unknown).initialValue).toEqual({ code: " zzzzzz " });
    expect(reply(unknown).fields).toEqual(["code"]);
    const badCode = await confirmPost(`intent=verify&code=${"Q".repeat(40)}`);
    expect(badCode.status).toBe(400);
    expect(reply(badCode).initialValue).toEqual({ code: "Q".repeat(40) });
    // A name sent twice is no value of the form's; a post that is none of the forms gives nothing back.
    expect(reply(await confirmPost("intent=verify&code=AAA&code=BBB")).initialValue).toEqual({});
    expect(reply(await confirmPost("intent=nope&code=ABC&message=Hola")).initialValue).toEqual({});
  });

  it("one answer however the form was sent: `_js` from a page loaded before is accepted and changes nothing", async () => {
    const { cookie } = await invitationCookie("Sin Marca", 3);
    for (const body of [`intent=confirm&guests[0]=${"N".repeat(150)}`, "intent=verify&code=ZZZZZZ", `intent=verify&code=${"Q".repeat(40)}`]) {
      const plain = await confirmPost(body, { cookie });
      const marked = await confirmPost(`${body}&_js=1`, { cookie });
      expect(marked.status, body).toBe(plain.status);
      expect(marked.text, body).toBe(plain.text);
    }
    const created = await createInvitation({ primaryGuest: "Código Bueno", maxGuests: 1 });
    if (!created.ok) throw new Error(created.error);
    for (const body of [`intent=verify&code=${created.invitation.code}`, `intent=verify&code=${created.invitation.code}&_js=1`]) {
      const valid = await confirmPost(body);
      expect(valid.status, body).toBe(302);
      expect(valid.headers.get("Location"), body).toBe("/confirm");
    }
  });
});

describe("one name normaliser", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("keeps NFC, drops format and control characters, collapses white space and trims", () => {
    expect(normalizeName("  Jose\u0301   María\t\nPérez ")).toBe("José María Pérez");
    expect(normalizeName(`${ZWSP}\u200C\u200D\u2060\uFEFF`)).toBe("");
    expect(normalizeName(`Ana${ZWSP} ${RLO}López\u202C\u2066\u2069`)).toBe("Ana López");
    expect(normalizeName("Ana\u0000\u0007López")).toBe("AnaLópez");
  });

  it("a name of only zero-width spaces is no additional guest", async () => {
    const { cookie, invitation } = await invitationCookie("Primera Persona", 2);
    const answer = await confirmPost(`intent=confirm&guests[0]=${encodeURIComponent(ZWSP.repeat(3))}&_js=1`, { cookie });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("confirm:form.errorMessage");
    expect((await findInvitationByCode(invitation.code))?.confirmed).toBe(false);
    expect(buildGuestList("Primera Persona", 2, [ZWSP, `${ZWSP} ${ZWSP}`])).toEqual({ ok: false, error: "additionalRequired" });
  });

  it("a zero-width variant of the primary guest's name is not stored twice", async () => {
    const created = await createInvitation({ primaryGuest: "Lucía Gómez", maxGuests: 3 });
    if (!created.ok) throw new Error(created.error);
    const result = await confirmInvitation(created.invitation.code, [`Lu${ZWSP}cía  Gómez`, "Pedro Ruiz", `Pedro${ZWSP} Ruiz`]);
    expect(result.ok && result.invitation.guests.map((g) => g.fullName)).toEqual(["Lucía Gómez", "Pedro Ruiz"]);
  });

  it("a right-to-left override is stripped, so a name cannot flip in the admin table", async () => {
    const created = await createInvitation({ primaryGuest: `${RLO}Ana Torres`, maxGuests: 2 });
    expect(created.ok && created.invitation.primaryGuest).toBe("Ana Torres");
    if (!created.ok) return;
    const result = await confirmInvitation(created.invitation.code, [`Luis${RLO} Mora\u202C`]);
    expect(result.ok && result.invitation.guests.map((g) => g.fullName)).toEqual(["Ana Torres", "Luis Mora"]);
  });

  it("a primary guest, section or admin-typed name of only invisible characters is 'required'", async () => {
    const invisible = encodeURIComponent(`${ZWSP}${RLO}\uFEFF`);
    expect(validateInvitationInput({ primaryGuest: `${ZWSP}${RLO}`, maxGuests: 1 })).toEqual({ ok: false, error: "primaryGuestRequired" });
    expect(await createSection({ name: `${ZWSP}\u2060` })).toEqual({ ok: false, error: "nameRequired" });
    const admin = await adminCookie();
    const primary = await createPost(`intent=createInvitation&primaryGuest=${invisible}&maxGuests=1`, { cookie: admin });
    expect(primary.status).toBe(400);
    expect(primary.text).toContain("dashboard:create.nameRequired");
    const section = await galleryPost(`intent=createSection&name=${invisible}`, { cookie: admin });
    expect(section.status).toBe(400);
    expect(section.text).toContain("dashboard:gallery.nameRequired");
  });
});

describe("one rate-limit answer", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00", RATE_LIMIT_CODE_ATTEMPTS: "3", RATE_LIMIT_WINDOW_SECONDS: "600" });

  it("consume() throws RateLimited with the seconds to wait past the allowance", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2030-06-01T08:00:00Z"));
      await consume("code", "198.51.100.1", 3);
      const refused = await consume("code", "198.51.100.1").catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RateLimited);
      expect((refused as RateLimited).retryAfterSeconds).toBe(600);
      expect((refused as RateLimited).retryAfterMinutes).toBe(10);
      // Another client is not affected; the first gets in again once the window has passed.
      await expect(consume("code", "198.51.100.2")).resolves.toBeUndefined();
      vi.setSystemTime(new Date("2030-06-01T08:10:01Z"));
      await expect(consume("code", "198.51.100.1")).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("the confirm page answers 429 with Retry-After and the minutes to wait, past the code allowance", async () => {
    for (let i = 0; i < 3; i++) expect((await confirmPost("intent=verify&code=ZZZZZZ&_js=1", {}, "192.0.2.9")).status).toBe(404);
    const limited = await confirmPost("intent=verify&code=ZZZZZZ&_js=1", {}, "192.0.2.9");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(590);
    expect(JSON.parse(limited.text)).toMatchObject({ status: "error", error: { "": ["common:tooManyRequests"] }, retryAfterMinutes: 10, outcome: null });
  });
});

describe("one guest view of an invitation", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("the confirm page's loader gives the guest's view: no id, no code, no internals", async () => {
    const { cookie, invitation } = await invitationCookie("Vista Única", 2);
    await confirmInvitation(invitation.code, ["Otra Persona"]);
    const page = await loadConfirmPage(new Request("http://localhost/confirm", { headers: { Cookie: cookie } }));
    expect(page.invitation).toEqual({
      primaryGuest: "Vista Única",
      maxGuests: 2,
      confirmed: true,
      status: "confirmed",
      message: null,
      guests: [
        { id: expect.any(Number), fullName: "Vista Única", dietary: null },
        { id: expect.any(Number), fullName: "Otra Persona", dietary: null },
      ],
    });
    const routeData = (await confirmRoute.loader({
      request: new Request("http://localhost/confirm", { headers: { Cookie: cookie } }),
      params: {},
      context: context(),
    })) as unknown as {
      data: { invitation: unknown };
    };
    expect(routeData.data.invitation).toEqual(page.invitation);
  });
});
