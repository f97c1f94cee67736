import type { ReactNode } from "react";
import type { CoverChoice } from "~/models/collection/collection-list.server";
import { Button } from "~/components/ui/Button";
import * as css from "~/components/collection/collections.css";
import { useT } from "~/components/locale/locale-context";

/**
 * The embedded selection view of the cover dialog: the archive's assets as choices. With
 * onSelect each choice is a button for the dialog; without it, a submit button of the
 * surrounding form (name "asset"), so the plain page works without JavaScript.
 */
export function SelectionView({
  choices,
  onSelect,
  more,
  cancel,
}: {
  choices: CoverChoice[];
  onSelect?: (assetId: number) => void;
  more?: ReactNode;
  cancel: ReactNode;
}) {
  const t = useT();
  return (
    <div>
      {choices.length === 0 ? <p>{t("grid.chooser.empty")}</p> : null}
      <ul className={css.choices} aria-label={t("grid.chooser.assets")}>
        {choices.map((c) => {
          const content = (
            <>
              {c.thumbnail ? (
                <img className={css.choiceImage} src={c.thumbnail} alt="" loading="lazy" />
              ) : null}
              <span>{c.label}</span>
            </>
          );
          return (
            <li key={c.id}>
              {onSelect ? (
                <Button variant="quiet" className={css.choice} onPress={() => onSelect(c.id)}>
                  {content}
                </Button>
              ) : (
                <Button
                  variant="quiet"
                  className={css.choice}
                  type="submit"
                  name="asset"
                  value={String(c.id)}
                >
                  {content}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <div className={css.selectionActions}>
        {more}
        {cancel}
      </div>
    </div>
  );
}
