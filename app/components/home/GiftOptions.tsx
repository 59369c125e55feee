import { useTranslation } from "react-i18next";
import type { GiftOptions as Options } from "~/lib/content-extras";
import { CopyValue } from "./CopyValue";
import { HomeBlock } from "./HomeBlock";

/**
 * The couple's gift options ('Regalos' in Contenido), each with a way to copy it; only those
 * filled in. Shown in one place only, the 'Regalos' section (its headings under the section's h2).
 */
function GiftOptions({ options }: { options: Options }) {
  const { t } = useTranslation("contentExtras");
  const { bank, yappy, registries, note } = options;
  const id = (what: string) => `gifts-block-${what}`;
  const Heading = "h3";
  return (
    <div className="gift-options">
      {bank ? (
        <div className="gift-option">
          <Heading>{t("home.gifts.bank")}</Heading>
          <dl>
            {bank.bank ? <Detail term={t("home.gifts.bankName")} value={bank.bank} /> : null}
            {bank.holder ? <Detail term={t("home.gifts.holder")} value={bank.holder} /> : null}
            {bank.accountType ? <Detail term={t("home.gifts.accountType")} value={bank.accountType} /> : null}
            <div>
              <dt>{t("home.gifts.accountNumber")}</dt>
              <dd>
                <CopyValue id={id("account")} value={bank.accountNumber} label={t("home.gifts.accountNumber")} />
              </dd>
            </div>
          </dl>
        </div>
      ) : null}
      {yappy ? (
        <div className="gift-option">
          <Heading>{t("home.gifts.yappy")}</Heading>
          <CopyValue id={id("yappy")} value={yappy} label={t("home.gifts.yappy")} />
        </div>
      ) : null}
      {registries.length ? (
        <div className="gift-option">
          <Heading>{t("home.gifts.registries")}</Heading>
          <ul>
            {registries.map((registry, i) => (
              <li key={i}>
                <a href={registry.url} target="_blank" rel="noopener noreferrer">
                  {registry.name}
                </a>
                <CopyValue id={id(`registry-${i}`)} value={registry.url} label={registry.name} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {note ? <p className="gift-note">{note}</p> : null}
    </div>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The short 'Regalos' block of the home page: there only when an option is filled in. */
export function GiftsSection({ options }: { options: Options | null }) {
  const { t } = useTranslation("contentExtras");
  if (!options) return null;
  return (
    <HomeBlock id="regalos" className="gifts-section" title={t("home.gifts.title")}>
      <div className="card gifts-card">
        <GiftOptions options={options} />
      </div>
    </HomeBlock>
  );
}
