import { useTranslation } from "react-i18next";
import { MAX_NAME_LENGTH } from "~/lib/constants";
import { MAX_DIETARY_LENGTH, MAX_MESSAGE_LENGTH } from "~/lib/rsvp";

/** Translated form-level errors (the server sends translation keys). */
export function FormErrors({ id, errors, minutes, values }: { id: string; errors?: string[]; minutes?: number; values?: Record<string, number> }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="form-error">
      {errors.map((key) => (
        <p key={key}>{t(key, { minutes: minutes || 10, max: MAX_NAME_LENGTH, dietaryMax: MAX_DIETARY_LENGTH, messageMax: MAX_MESSAGE_LENGTH, ...values })}</p>
      ))}
    </div>
  );
}
