import { NativeSelect, Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useField } from "~/components/admin/ContentEditor";
import { useHydrated } from "~/components/confirm/useHydrated";

/**
 * 'Zona horaria del lugar': one of the IANA zones the server offers (and checks). Without
 * JavaScript a plain select; with it, a select that filters as the couple types ("Madrid").
 */
export function TimeZoneField({ saved, zones }: { saved: string; zones: readonly string[] }) {
  const { t } = useTranslation("content");
  const field = useField("timeZone", saved);
  const hydrated = useHydrated();
  const common = { name: "timeZone", label: t("couple.timeZone"), description: t("couple.timeZoneHelp"), error: field.error, size: "md" as const };
  return hydrated ? (
    <Select {...common} data={[...zones]} defaultValue={field.defaultValue} searchable allowDeselect={false} limit={50} nothingFoundMessage="—" />
  ) : (
    <NativeSelect {...common} data={[...zones]} defaultValue={field.defaultValue} />
  );
}
