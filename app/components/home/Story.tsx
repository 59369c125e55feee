import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { HomeFacts } from "~/models/content-texts.server";
import { SafeImage } from "../SafeImage";

/** Six moments on a timeline (two single photos, four collages) and the way to the gallery. */
export function Story({ moments }: { moments: HomeFacts["moments"] }) {
  const { t } = useTranslation("home");
  return (
    <section className="home-section story" aria-labelledby="story-title">
      <h2 id="story-title" className="section-title">
        {t("story.title")}
      </h2>
      <p className="section-subtitle">{t("story.subtitle")}</p>
      <ol className="timeline">
        {moments.map((m) => {
          const title = m.title;
          const single = m.type === "single";
          return (
            <li key={m.id} className={`moment moment-${m.type}`} data-type={m.type}>
              <div className={single ? "moment-photos single" : `moment-photos collage collage-${m.images.length}`}>
                {m.images.map((src, i) => (
                  <SafeImage
                    key={src}
                    src={src}
                    // The couple's description of their photo, else the moment's own title and place (built from
                    // the content, so never a default drawing's description).
                    alt={m.imageAlts[i] || t("story.photoAlt", { title, n: i + 1, count: m.images.length })}
                    width={single ? 800 : 600}
                    height={600}
                  />
                ))}
              </div>
              <div className="moment-text">
                <h3>{title}</h3>
                <p>{m.description}</p>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="center">
        <Link to="/gallery" className="button">
          {t("story.galleryButton")}
        </Link>
      </div>
    </section>
  );
}
