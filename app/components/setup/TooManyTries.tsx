import { useTranslation } from "react-i18next";

/** The first-run pages ('Configura tu sitio', 'Restaurar una copia') while wrong setup links are rate-limited. */
export function TooManyTries({ title, minutes }: { title: string; minutes: number | null }) {
  const { t } = useTranslation();
  return (
    <section className="page narrow center">
      <div className="card">
        <h1>{title}</h1>
        <p role="alert" className="form-error">
          {t("common:tooManyRequests", { minutes })}
        </p>
      </div>
    </section>
  );
}
