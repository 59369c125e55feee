import { useTranslation } from "react-i18next";
import { dishName, type MenuOptions } from "~/lib/menu";

/**
 * One person's menu and child mark on the confirm form, asked only once the couple turned them on
 * ('Menú'). Plain elements: the same with and without JavaScript, in the page or in the dialog.
 * `n` is the additional guest's number (1, 2…; their fields are `dish[n-1]`, `child[n-1]`); none
 * for the primary guest (`primaryDish`, `primaryChild`).
 */
export function MenuFields({
  menu,
  n,
  typed,
}: {
  menu: MenuOptions | null;
  n?: number;
  /** What a refused plain post sent (decision 0020). */
  typed: (name: string, i?: number) => string | undefined;
}) {
  const { t, i18n } = useTranslation("confirm");
  if (!menu || (!menu.askMenu && !menu.askChildren)) return null;
  const index = n === undefined ? undefined : n - 1;
  const dishField = index === undefined ? "primaryDish" : `dish[${index}]`;
  const childField = index === undefined ? "primaryChild" : `child[${index}]`;
  const chosen = typed(index === undefined ? "primaryDish" : "dish", index) ?? "";
  return (
    <>
      {menu.askMenu ? (
        <label className="plain-field">
          <span>{n === undefined ? t("menu.dish") : t("menu.dishFor", { n })}</span>
          <select name={dishField} defaultValue={chosen} required className="plain-select">
            <option value="">{t("menu.dishPlaceholder")}</option>
            {menu.dishes.map((dish) => (
              <option key={dish.id} value={String(dish.id)}>
                {dish.description ? `${dishName(dish, i18n.language)} · ${dish.description}` : dishName(dish, i18n.language)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {menu.askChildren ? (
        <label className="plain-check">
          <input type="checkbox" name={childField} defaultChecked={Boolean(typed(index === undefined ? "primaryChild" : "child", index))} />
          <span>{n === undefined ? t("menu.child") : t("menu.childFor", { n })}</span>
        </label>
      ) : null}
    </>
  );
}
