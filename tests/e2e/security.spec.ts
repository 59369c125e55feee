import { expect, startServer, test, uniqueClientAddress } from "./fixtures";

// HTTP-level checks; no page rendering involved, so they run once (JavaScript project).
test.describe("cookies and headers @js-only", () => {
  test("the guest cookie is HttpOnly and SameSite, and Secure behind an HTTPS proxy", async ({ request, data }) => {
    const { code } = await data.createInvitation();
    const plain = await request.post("/confirm", { form: { intent: "verify", code }, maxRedirects: 0 });
    const plainCookies = plain
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value);
    const guest = plainCookies.find((c) => c.startsWith("wedding_invitation="));
    expect(guest).toMatch(/HttpOnly/i);
    expect(guest).toMatch(/SameSite=Lax/i);
    expect(guest).not.toMatch(/Secure/i);

    const https = await request.post("/confirm", {
      form: { intent: "verify", code },
      headers: { "X-Forwarded-Proto": "https" },
      maxRedirects: 0,
    });
    const secureCookies = https
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value);
    for (const cookie of secureCookies) expect(cookie).toMatch(/Secure/i);
    expect(secureCookies.length).toBeGreaterThan(0);
  });

  test("a tampered guest cookie is ignored", async ({ browser, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Nadia Cruz" });
    const context = await browser.newContext({ locale: "es-ES" });
    const value = Buffer.from(JSON.stringify(inv.code)).toString("base64");
    await context.addCookies([{ name: "wedding_invitation", value: `${value}.forgedsignature`, url: `http://127.0.0.1:${process.env.E2E_PORT}` }]);
    const page = await context.newPage();
    await page.goto("/confirm");
    await expect(page.getByLabel("Código de Invitación")).toBeVisible();
    await expect(page.getByText("Nadia Cruz")).toHaveCount(0);
    await context.close();
  });

  test("theme and language answers are safe redirects only", async ({ request }) => {
    const theme = await request.post("/action/set-theme", { form: { theme: "dark", redirectTo: "https://evil.example/" }, maxRedirects: 0 });
    expect(theme.status()).toBe(302);
    expect(theme.headers()["location"]).toBe("/");
    const lang = await request.post("/action/set-language", { form: { lng: "en", redirectTo: "//evil.example" }, maxRedirects: 0 });
    expect(lang.headers()["location"]).toBe("/");
    const themeCookie = theme.headers()["set-cookie"];
    expect(themeCookie).toMatch(/HttpOnly/i);
    expect(themeCookie).toMatch(/SameSite=Lax/i);
  });

  test("behind the proxy a client cannot pick its own address to dodge the code limit", async ({ request }) => {
    // The proxy appends the real address; the entries before it are the client's own words.
    const real = uniqueClientAddress();
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const response = await request.post("/confirm", {
        form: { intent: "verify", code: `SPOOF${i}` },
        headers: { "X-Forwarded-For": `10.66.${i}.1, ${real}` },
        maxRedirects: 0,
      });
      last = response.status();
    }
    expect(last).toBe(429);
  });

  test("an oversized or malformed form is refused with a message and changes nothing", async ({ request, data }) => {
    const huge = await request.post("/admin", { form: { intent: "login", password: "x".repeat(200_000) }, maxRedirects: 0 });
    expect(huge.status()).toBe(413);
    expect(await huge.text()).toContain("Envío demasiado grande");
    expect(huge.headers()["set-cookie"] ?? "").not.toContain("wedding_admin=");

    const inv = await data.createInvitation({ primaryGuest: "Forma Rota" });
    const broken = await request.post("/confirm", {
      headers: { "Content-Type": "multipart/form-data; boundary=nope" },
      data: `--other\r\nContent-Disposition: form-data; name="intent"\r\n\r\nverify`,
      maxRedirects: 0,
    });
    expect(broken.status()).toBe(400);
    expect(await broken.text()).toContain("Formulario no válido");
    expect((await data.invitation(inv.id))?.confirmed).toBe(false);

    const english = await request.post("/action/set-language", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "en" },
      data: `lng=en&redirectTo=${"a".repeat(100_000)}`,
      maxRedirects: 0,
    });
    expect(english.status()).toBe(413);
    expect(english.headers()["set-cookie"] ?? "").not.toContain("lng=");
  });

  test("a field index of 10^7 on any form is refused at once with a short message, and changes nothing", async ({ request, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Indice Enorme", maxGuests: 3 });
    expect((await request.post("/confirm", { form: { intent: "verify", code: inv.code }, maxRedirects: 0 })).status()).toBe(302);
    const login = await request.post("/admin", { form: { intent: "login", password: process.env.E2E_ADMIN_PASSWORD! }, maxRedirects: 0 });
    expect(login.status()).toBe(302);
    const posts: [path: string, body: string, smallBody: boolean][] = [
      ["/confirm", "intent=confirm&guests[10000000]=a", false],
      ["/confirm", "intent=verify&code=ABCDEF&x[10000000]=a", false],
      // The page's script posts to the route's data URL: the answer is the message alone.
      ["/confirm.data", "intent=confirm&guests[10000000]=a", true],
      ["/admin", "intent=login&x[10000000]=a", false],
      ["/admin/create.data", "intent=createInvitation&primaryGuest=A&maxGuests=1&x[10000000]=a", true],
      ["/action/set-language", "lng=en&redirectTo=/&x[10000000]=a", true],
      ["/action/set-theme", "theme=dark&redirectTo=/&x[10000000]=a", true],
    ];
    for (const [path, body, smallBody] of posts) {
      for (const [lang, words] of [
        ["es", "Formulario no válido"],
        ["en", "Invalid form"],
      ]) {
        const started = Date.now();
        const answer = await request.post(path, {
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": lang },
          data: body,
          maxRedirects: 0,
        });
        const text = await answer.text();
        expect(answer.status(), `${path} ${lang}`).toBe(400);
        expect(text, `${path} ${lang}`).toContain(words);
        expect(text, `${path} ${lang}`).not.toContain("10000000");
        // A plain post gets the site's fixed error page (the admin's frame: its styles and ~36 module
        // links, about 20 KB); a scripted or resource post the message alone. Neither grows with the attack.
        expect(text.length, `${path} ${lang}`).toBeLessThan(smallBody ? 2048 : 24_000);
        expect(Date.now() - started, `${path} ${lang}`).toBeLessThan(2000);
      }
    }
    // The gallery upload reads its own multipart parts (no conform): such a post is refused just as fast.
    const started = Date.now();
    const upload = await request.post("/gallery", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: "sectionId=1&x[10000000]=a",
      maxRedirects: 0,
    });
    expect(upload.status()).toBeGreaterThanOrEqual(400);
    expect(upload.status()).toBeLessThan(500);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await data.invitation(inv.id))?.confirmed).toBe(false);
  });

  test("pages answer only GET and POST; other methods get 405 with Allow", async ({ request }) => {
    for (const [method, path] of [
      ["PUT", "/confirm"],
      ["DELETE", "/admin"],
      ["PATCH", "/gallery"],
    ] as const) {
      const response = await request.fetch(path, { method, maxRedirects: 0 });
      expect(response.status(), `${method} ${path}`).toBe(405);
      expect(response.headers()["allow"]).toBe("GET, HEAD, POST");
    }
  });

  test("an unknown /api path answers JSON 404, whatever the method", async ({ request }) => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await request.fetch("/api/no-such-thing", { method, maxRedirects: 0 });
      expect(response.status()).toBe(404);
      expect(response.headers()["content-type"]).toContain("application/json");
      expect(await response.json()).toEqual({ error: "No existe esa ruta de la API" });
    }
  });

  test("the language cookie is Secure behind an HTTPS proxy", async ({ request }) => {
    const response = await request.post("/action/set-language", {
      form: { lng: "en", redirectTo: "/" },
      headers: { "X-Forwarded-Proto": "https" },
      maxRedirects: 0,
    });
    expect(response.headers()["set-cookie"]).toMatch(/lng=.*Secure/i);
  });

  test("a write another site started is refused by what the browser says, in the visitor's language", async ({ request }) => {
    const post = (headers: Record<string, string>) =>
      request.post("/action/set-language", { form: { lng: "en", redirectTo: "/gallery" }, headers, maxRedirects: 0 });
    for (const site of ["cross-site", "same-site"]) {
      const refused = await post({ "Sec-Fetch-Site": site });
      expect(refused.status(), site).toBe(403);
      expect(await refused.text()).toContain("Solicitud rechazada: el formulario no proviene de este sitio.");
      expect(refused.headers()["set-cookie"] ?? "").not.toContain("lng=");
    }
    const english = await post({ "Sec-Fetch-Site": "cross-site", "Accept-Language": "en-US" });
    expect(await english.text()).toContain("Request refused: the form did not come from this site.");
    const json = await request.post("/api/invitations/ABC123/confirm", { data: { guests: [] }, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(json.status()).toBe(403);
    expect(await json.json()).toEqual({ error: "Solicitud rechazada: el formulario no proviene de este sitio." });
    // The browser's own "same-origin" (or "none": typed, bookmarked) goes through, whatever else is sent.
    const sameOrigin: Record<string, string>[] = [
      { "Sec-Fetch-Site": "same-origin" },
      { "Sec-Fetch-Site": "none" },
      { "Sec-Fetch-Site": "same-origin", Origin: "https://evil.example" },
    ];
    for (const headers of sameOrigin) {
      const allowed = await post(headers);
      expect(allowed.status(), JSON.stringify(headers)).toBe(302);
      expect(allowed.headers()["location"]).toBe("/gallery");
    }
  });

  test("the language and theme switches never send anyone to another site, and never fail on odd targets", async ({ request }) => {
    for (const redirectTo of [
      "/\t/evil.example/",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/.//evil.example",
      "https:evil.example",
    ]) {
      for (const [path, form] of [
        ["/action/set-language", { lng: "en", redirectTo }],
        ["/action/set-theme", { theme: "dark", redirectTo }],
      ] as const) {
        const response = await request.post(path, { form, maxRedirects: 0 });
        expect(response.status(), `${path} ${JSON.stringify(redirectTo)}`).toBe(302);
        const location = response.headers()["location"];
        expect(new URL(location, "http://127.0.0.1/").origin, `${path} ${JSON.stringify(redirectTo)}`).toBe("http://127.0.0.1");
        expect(location, `${path} ${JSON.stringify(redirectTo)}`).not.toMatch(/^\/\/|^\/\\/);
      }
    }
    const kept = await request.post("/action/set-language", { form: { lng: "es", redirectTo: "/gallery?section=1" }, maxRedirects: 0 });
    expect(kept.headers()["location"]).toBe("/gallery?section=1");
  });

  test("admin answers and a guest's own pages are never kept by a browser or a proxy", async ({ request, data }) => {
    for (const path of ["/admin", "/ADMIN", "/Admin?tab=invitations", "/admin.data", "/admin?_data=routes%2Fadmin", "/admin/export.csv"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
    const anonymous = await request.get("/confirm");
    expect(anonymous.headers()["cache-control"] ?? "").not.toContain("no-store");
    const { code } = await data.createInvitation({ primaryGuest: "Privada Paz" });
    await request.post("/confirm", { form: { intent: "verify", code } });
    for (const path of ["/confirm", "/CONFIRM", "/confirm.data", "/confirm?_data=routes%2Fconfirm", "/", "/_root.data"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
  });

  test("behind an HTTPS proxy, browsers are told to use HTTPS only (HSTS); never over plain HTTP", async ({ request }) => {
    const https = await request.get("/", { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.headers()["strict-transport-security"]).toBe("max-age=15552000; includeSubDomains");
    const plain = await request.get("/");
    expect(plain.headers()["strict-transport-security"]).toBeUndefined();
  });

  test("without a trusted proxy, forwarded headers cannot pass another site off as this one", async () => {
    const server = await startServer({ TRUST_PROXY: "0" });
    try {
      const forged = await fetch(`${server.baseURL}/action/set-language`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" },
        body: "lng=en&redirectTo=/",
        redirect: "manual",
      });
      expect(forged.status).toBe(403);
      expect(forged.headers.get("set-cookie") ?? "").not.toContain("lng=");
      const own = await fetch(`${server.baseURL}/action/set-language`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL, "X-Forwarded-Host": "evil.example" },
        body: "lng=en&redirectTo=/",
        redirect: "manual",
      });
      expect(own.status).toBe(302);
      const spoofedHttps = await fetch(`${server.baseURL}/`, { headers: { "X-Forwarded-Proto": "https" } });
      expect(spoofedHttps.headers.get("strict-transport-security")).toBeNull();
    } finally {
      await server.stop();
    }
  });
});
