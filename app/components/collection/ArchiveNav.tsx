import { Form, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import * as browse from "./browse.css";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { SearchField } from "react-aria-components/SearchField";
import { Text } from "react-aria-components/Text";
import { folderPinHref } from "~/utils/navigation-links";
import { NavigationSections, PinForm } from "./NavigationPane";
import type { NavigationPane } from "~/models/archive/archive-effects";
import type { NavigationPaneData } from "~/models/smart-folder/navigation.server";
import * as nav from "./navigation.css";
import type { FolderLevel } from "~/models/collection/collection-page.server";
import { Button } from "~/components/ui/Button";
import * as controls from "~/components/ui/controls.css";
import * as css from "~/components/asset/grid.css";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";

/*
 * The archive page's own search (a GET form, so it works without JavaScript) with the server's
 * message under it when the expression is not valid (spec 000 §8 InvalidSearchExpression).
 */
export function ArchiveSearch({
  action,
  query,
  sort,
  error,
}: {
  action: string;
  query: string;
  sort: string | null;
  error: { heading: string; value: string } | null;
}) {
  const t = useT();
  // A typed search stays inside the smart folder or taxonomy item being shown (ANDed).
  const [params] = useSearchParams();
  const sf = params.get("sf");
  const tx = params.get("tx");
  return (
    <Form method="get" action={action} role="search" className={css.inlineForm}>
      {sort ? <input type="hidden" name="s" value={sort} /> : null}
      {sf ? <input type="hidden" name="sf" value={sf} /> : null}
      {tx && error?.heading !== "InvalidTaxonomyItem" ? (
        <input type="hidden" name="tx" value={tx} />
      ) : null}
      <SearchField
        name="q"
        defaultValue={query}
        isInvalid={error !== null}
        className={controls.field}
      >
        <Label className={controls.label}>{t("grid.archive.search.label")}</Label>
        <Input className={controls.input} maxLength={2000} />
        {error ? (
          <Text slot="errorMessage" className={css.searchError}>
            {error.heading}: {error.value}
          </Text>
        ) : null}
      </SearchField>
      <Button type="submit" variant="secondary" className={css.formButton}>
        {t("grid.archive.search.submit")}
      </Button>
    </Form>
  );
}

/** The archive's folders at the current level, with breadcrumbs back to the root. */
export function FolderNav({
  archiveHref,
  level,
  linkTo,
  pins,
}: {
  archiveHref: string;
  level: FolderLevel;
  linkTo: (folder: string | null) => string;
  /** Pin buttons beside the folders (signed-in people): the pinned folders' hrefs. */
  pins?: { pinned: string[]; back: string } | null;
}) {
  const t = useT();
  if (!level.current && level.children.length === 0) return null;
  return (
    <nav aria-labelledby="folders-heading">
      <h3 id="folders-heading" className={css.navHeading}>
        {t("grid.folders.heading")}
      </h3>
      {level.current ? (
        <ol className={css.breadcrumbs}>
          <li>
            <a href={archiveHref}>{t("grid.folders.all")}</a> /
          </li>
          {level.ancestors.map((f) => (
            <li key={f.id}>
              <a href={linkTo(f.path)}>{f.name}</a> /
            </li>
          ))}
          <li aria-current="page">{level.current.name}</li>
        </ol>
      ) : null}
      {level.children.length > 0 ? (
        <ul className={css.folders}>
          {level.children.map((f) => (
            <li key={f.id} className={nav.entry}>
              <a href={linkTo(f.path)}>{f.name}</a>
              {pins ? (
                <PinForm
                  kind="folder"
                  pinKey={f.path}
                  name={f.name}
                  pinned={pins.pinned.includes(folderPinHref(archiveHref, f.path))}
                  back={pins.back}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}

/** The archive's navigation pane: its folders, smart folders and taxonomy filters. */
export function ArchivePane({
  archiveHref,
  folders,
  linkTo,
  folderPins,
  navigation,
  pane,
}: {
  archiveHref: string;
  folders: FolderLevel | null;
  linkTo: (folder: string | null) => string;
  folderPins: { pinned: string[]; back: string } | null;
  navigation: NavigationPane;
  pane: NavigationPaneData;
}) {
  return (
    <>
      {folders ? (
        <FolderNav archiveHref={archiveHref} level={folders} linkTo={linkTo} pins={folderPins} />
      ) : null}
      <NavigationSections navigation={navigation} pane={pane} archiveHref={archiveHref} />
    </>
  );
}

/** Under the bar: what narrows the grid, the description, the details link, the order hint. */
export function ArchiveNotes(props: {
  archiveHref: string;
  description: string | null;
  detailsHref: string | null;
  offerManualOrder: boolean;
  narrowedBy: ReactNode;
}) {
  const t = useT();
  return (
    <div className={browse.barLinks}>
      {props.narrowedBy}
      {props.description ? <p className={browse.description}>{props.description}</p> : null}
      {props.detailsHref ? <a href={props.detailsHref}>{t("grid.archive.details")}</a> : null}
      {props.offerManualOrder ? (
        <span>
          <Msg
            id="grid.archive.manualOrderHint"
            components={{ 0: <a href={`${props.archiveHref}?s=manual`} /> }}
          />
        </span>
      ) : null}
    </div>
  );
}
