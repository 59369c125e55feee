import { describe, expect, it } from "vitest";
import { i18nFor } from "~/infra/i18n.server";
import { keepsakePages, type KeepsakeData, type KeepsakeT } from "~/lib/keepsake-html";

const HOSTILE = `<script>alert("x")</script> & 'quote'`;

function data(lang: "es" | "en", over: Partial<KeepsakeData> = {}): KeepsakeData {
  return {
    lang,
    names: "Ana & Luis",
    date: lang === "es" ? "14 de junio de 2026" : "June 14, 2026",
    place: "Club del Lago, Ciudad de Panamá",
    madeOn: lang === "es" ? "1 de diciembre de 2026" : "December 1, 2026",
    moments: [{ title: "Cómo nos conocimos", description: "En la universidad." }],
    sections: [
      {
        title: "Ceremonia",
        description: "El sí",
        items: [
          { path: "fotos/Ceremonia/beso #1.jpg", type: "IMAGE", name: "beso #1.jpg", uploader: "Marta" },
          { path: "fotos/Ceremonia/baile.mp4", type: "VIDEO", name: "baile.mp4", uploader: null },
        ],
      },
    ],
    wishes: [{ name: "Tía Rosa", message: "¡Felicidades!" }],
    invitations: [
      {
        primaryGuest: "Lucía Pérez",
        status: "confirmed",
        guests: [
          { fullName: "Lucía Pérez", dietary: "Sin gluten" },
          { fullName: "Mario Pérez", dietary: null },
        ],
        message: "¡Qué día!",
      },
      { primaryGuest: "Pedro Gómez", status: "declined", guests: [], message: null },
      { primaryGuest: "Eva Ruiz", status: "pending", guests: [], message: null },
    ],
    ...over,
  };
}

async function tIn(lang: "es" | "en"): Promise<KeepsakeT> {
  return (await i18nFor(lang)).getFixedT(lang, "keepsake") as unknown as KeepsakeT;
}

async function pages(lang: "es" | "en", over: Partial<KeepsakeData> = {}) {
  const files = keepsakePages(data(lang, over), await tIn(lang));
  const byName = Object.fromEntries(files.map((f) => [f.name, f.text]));
  return { files, index: byName["index.html"], guests: byName["guests.html"], css: byName["style.css"] };
}

describe("the keepsake's pages", () => {
  it("are index.html, guests.html and one stylesheet: no script, no address outside the folder", async () => {
    const { files } = await pages("es");
    expect(files.map((f) => f.name)).toEqual(["index.html", "guests.html", "style.css"]);
    for (const { text } of files) {
      expect(text).not.toMatch(/<script/i);
      expect(text).not.toMatch(/https?:\/\//);
      expect(text).not.toMatch(/(src|href)="\//);
    }
  });

  it("say the names, the date, the place, the story, each section's photos and videos (full size, relative, encoded) and the wishes", async () => {
    const { index } = await pages("es");
    expect(index).toContain('<html lang="es">');
    expect(index).toContain("<h1>Ana &amp; Luis</h1>");
    expect(index).toContain("14 de junio de 2026 · Club del Lago, Ciudad de Panamá");
    expect(index).toContain("Nuestra historia");
    expect(index).toContain("<h3>Cómo nos conocimos</h3>");
    expect(index).toContain("<h3>Ceremonia</h3>");
    // "#" is part of the name, not a fragment.
    expect(index).toContain('<a href="fotos/Ceremonia/beso%20%231.jpg"><img src="fotos/Ceremonia/beso%20%231.jpg" alt="beso #1.jpg, foto de Marta"');
    expect(index).toContain('<video controls preload="none" src="fotos/Ceremonia/baile.mp4"');
    expect(index).toContain("Buenos deseos");
    expect(index).toContain("¡Felicidades!");
    expect(index).toContain("Tía Rosa");
    // The guests' own messages and the guest list are on the couple's page only.
    expect(index).not.toContain("¡Qué día!");
    expect(index).not.toContain("Sin gluten");
    expect(index).toContain('href="guests.html"');
  });

  it("guests.html holds who came (with dietary notes), who could not, who never answered, and the messages", async () => {
    const { guests } = await pages("es");
    expect(guests).toContain("Asistieron (2)");
    expect(guests).toContain("Lucía Pérez<br><small>Alimentación: Sin gluten</small>");
    expect(guests).toContain("<li>Mario Pérez</li>");
    expect(guests).toContain("No pudieron asistir (1)");
    expect(guests).toContain("<li>Pedro Gómez</li>");
    expect(guests).toContain("Sin respuesta (1)");
    expect(guests).toContain("<li>Eva Ruiz</li>");
    expect(guests).toContain("Mensajes de los invitados");
    expect(guests).toContain("<p>¡Qué día!</p><footer>De Lucía Pérez</footer>");
  });

  it("are in English when asked, with the same data", async () => {
    const { index, guests } = await pages("en");
    expect(index).toContain('<html lang="en">');
    expect(index).toContain("Our story");
    expect(index).toContain("Photos and videos");
    expect(index).toContain('alt="beso #1.jpg, photo by Marta"');
    expect(index).toContain("Wishes");
    expect(index).toContain("Keepsake downloaded on December 1, 2026.");
    expect(guests).toContain('<html lang="en">');
    expect(guests).toContain("Attended (2)");
    expect(guests).toContain("Dietary needs: Sin gluten");
    expect(guests).toContain("Could not attend (1)");
    expect(guests).toContain("Messages from the guests");
  });

  it("escape every text the couple or a guest typed, in text and in attributes", async () => {
    const hostile = data("es", {
      names: HOSTILE,
      place: HOSTILE,
      moments: [{ title: HOSTILE, description: HOSTILE }],
      sections: [
        { title: HOSTILE, description: HOSTILE, items: [{ path: "fotos/x/a.jpg", type: "IMAGE", name: `"><img src=x onerror=alert(1)>`, uploader: HOSTILE }] },
      ],
      wishes: [{ name: HOSTILE, message: HOSTILE }],
      invitations: [{ primaryGuest: HOSTILE, status: "confirmed", guests: [{ fullName: HOSTILE, dietary: HOSTILE }], message: HOSTILE }],
    });
    const files = keepsakePages(hostile, await tIn("es"));
    for (const { name, text } of files) {
      if (name === "style.css") continue;
      expect(text).not.toContain("<script>");
      expect(text).not.toContain("onerror=alert(1)>");
      expect(text).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;quote&#x27;");
    }
    expect(files[0].text).toContain('alt="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;, foto de &lt;script&gt;');
  });

  it("say so when there are no photos, wishes or messages", async () => {
    const { index, guests } = await pages("es", { sections: [{ title: "Vacía", description: null, items: [] }], wishes: [], invitations: [] });
    expect(index).toContain("Esta sección no tiene fotos.");
    expect(index).toContain("No hubo mensajes.");
    expect(guests).toContain("Ningún invitado dejó un mensaje.");
    expect(guests).toContain("Asistieron (0)");
  });
});
