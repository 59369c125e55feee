import fs from "node:fs";
import { expect, startServer, test } from "./fixtures";

/**
 * Remix's older data requests (`?_data=routes/…`) to every admin route, without the session: each
 * gets what its page's address answers (the login, a redirect to it, a 401), never a 500, and the
 * server logs no stack trace for them. Process-level (its own server and output), so it runs once.
 */

/** An admin route file's id and an address it answers (a parameter filled in). */
function adminRoutes(): { id: string; path: string }[] {
  return (
    fs
      .readdirSync("app/routes")
      // A screen is a folder (`admin.invitations/route.tsx`), a resource a file (`admin_.export[.]csv.ts`).
      .filter((file) => /^admin([._]|$)/.test(file) || /^admin\.tsx$/.test(file))
      .map((file) => {
        const id = `routes/${file.replace(/\.tsx?$/, "")}`;
        const path = `/${id
          .slice("routes/".length)
          .replace(/^admin_\./, "admin.")
          .replace(/\._index$/, "")
          .replace(/\[\.\]/g, "~")
          .split(".")
          .join("/")
          .replace(/~/g, ".")
          .replace("$id", "1")
          .replace("$file", "ABC123.svg")}`;
        return { id, path };
      })
  );
}

test.describe("?_data requests to the admin without the session @js-only", () => {
  let server: Awaited<ReturnType<typeof startServer>>;

  test.beforeAll(async () => {
    server = await startServer({ WEB_CONCURRENCY: "1" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("answer like the page does, never a 500, and log no stack", async ({ request }) => {
    const routes = adminRoutes();
    expect(routes.map((r) => r.id)).toEqual(expect.arrayContaining(["routes/admin", "routes/admin.invitations", "routes/admin.content.couple"]));
    for (const { id, path } of routes) {
      const page = await request.get(`${server.baseURL}${path}`, { maxRedirects: 0 });
      const data = await request.get(`${server.baseURL}${path}?_data=${encodeURIComponent(id)}`, { maxRedirects: 0 });
      expect(data.status(), `${path}?_data=${id}`).toBe(page.status());
      expect(data.status(), `${path}?_data=${id}`).toBeLessThan(500);
    }
    // An admin screen's answer without the session is the login.
    const screen = await request.get(`${server.baseURL}/admin/invitations?_data=routes%2Fadmin.invitations`);
    expect(await screen.text()).toContain("Contraseña");
    expect(server.output()).not.toMatch(/^\s+at /m);
  });
});
