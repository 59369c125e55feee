import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { moments } from "~/content/wedding";
import { SafeImage } from "../SafeImage";

/** Six moments on a timeline (two single photos, four collages) and the way to the gallery. */
export function Story() {
  const { t, i18n } = useTranslation("home");
  return (
    <section className="home-section story" aria-labelledby="story-title">
      <h2 id="story-title" className="section-title">
        {t("story.title")}
      </h2>
      <p className="section-subtitle">{t("story.subtitle")}</p>
      <ol className="timeline">
        {moments.map((m) => {
          // A translated title overrides the built-in Spanish one.
          const key = `story.${m.id}.title`;
          const title = i18n.exists(key, { ns: "home" }) ? t(key) : m.title;
          const single = m.type === "single";
          return (
            <li key={m.id} className={`moment moment-${m.type}`} data-type={m.type}>
              <div className={single ? "moment-photos single" : `moment-photos collage collage-${m.images.length}`}>
                {m.images.map((src, i) => (
                  <SafeImage
                    key={src}
                    src={src}
                    alt={t("story.photoAlt", { title, n: i + 1, count: m.images.length })}
                    width={single ? 800 : 600}
                    height={600}
                  />
                ))}
              </div>
              <div className="moment-text">
                <h3>{title}</h3>
                <p>{t(`story.${m.id}.description`)}</p>
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
