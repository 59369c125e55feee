import { describe, expect, it } from "vitest";
import { offlineRule, pageOfDataPath } from "~/lib/offline-rules";
import { appIconSvg, coupleInitials } from "~/lib/app-icon";

const origin = "https://boda.example";
const get = (path: string) => offlineRule({ url: `${origin}${path}`, method: "GET" }, origin);

describe("what the service worker may keep (offlineRule)", () => {
  it("keeps a guest's pages and their data requests, per URL", () => {
    for (const path of ["/", "/confirm", "/confirm?step=edit", "/gallery", "/gallery?section=3", "/mesa/AbC_123-xyz"]) expect(get(path), path).toBe("page");
    for (const path of ["/_root.data", "/confirm.data?_routes=root", "/gallery.data?section=3", "/mesa/AbC.data"]) expect(get(path), path).toBe("page");
  });

  it("never keeps the admin, the API, the door or the setup, whatever the case, their data requests included", () => {
    for (const path of [
      "/admin",
      "/ADMIN/invitations",
      "/admin.data",
      "/admin/content.data",
      "/api/invitations",
      "/recepcion",
      "/recepcion.json",
      "/setup",
      "/setup/restore",
      "/Setup.data",
    ]) {
      expect(get(path), path).toBe("network");
    }
  });

  it("never keeps anything but a GET, nor another origin's answer", () => {
    for (const method of ["POST", "PUT", "DELETE", "HEAD"]) expect(offlineRule({ url: `${origin}/confirm`, method }, origin), method).toBe("network");
    expect(offlineRule({ url: "https://photos.example/uploads/1/a-thumb.jpg", method: "GET" }, origin)).toBe("network");
  });

  it("leaves every other page to the network (offline it is the offline page)", () => {
    for (const path of ["/404", "/slideshow", "/slideshow.json", "/unsubscribe/x", "/wedding.ics", "/gallery/3.zip", "/manifest.webmanifest", "/sw.js"]) {
      expect(get(path), path).toBe("network");
    }
  });

  it("knows a personal link, a photo's thumbnail (not the photo) and the build's files", () => {
    expect(get("/i/QTYJNT")).toBe("invitation-link");
    expect(get("/uploads/3/1700000000-ab12-thumb.webp")).toBe("thumbnail");
    expect(get("/uploads/3/1700000000-ab12.webp")).toBe("network");
    expect(get("/uploads/3/clip.mp4")).toBe("network");
    expect(get("/assets/root-DD3LFWFR.js")).toBe("asset");
  });

  it("names the page a data request stands for", () => {
    expect(pageOfDataPath("/_root.data")).toBe("/");
    expect(pageOfDataPath("/gallery.data")).toBe("/gallery");
    expect(pageOfDataPath("/gallery")).toBeNull();
  });
});

describe("the installed site's icon", () => {
  it("draws the couple's initials from their names as written", () => {
    expect(coupleInitials("Valeria & Sebastián")).toBe("V&S");
    expect(coupleInitials("ana y luis")).toBe("A&L");
    expect(coupleInitials("Ana and Luis")).toBe("A&L");
    expect(coupleInitials("Élodie + Ñico")).toBe("É&Ñ");
    expect(coupleInitials("Familia Pérez")).toBe("FP");
    expect(coupleInitials("")).toBe("");
  });

  it("keeps what the couple typed as text in the SVG, never markup", () => {
    expect(appIconSvg("<&>", { size: 192, maskable: false })).toContain("&#60;&#38;&#62;");
  });
});
