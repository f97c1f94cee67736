import { Form } from "@remix-run/react";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { SearchField } from "react-aria-components/SearchField";
import { Text } from "react-aria-components/Text";
import type { NavigationPane } from "~/models/archive/archive-effects";
import type { FolderLevel } from "~/models/collection/collection-page.server";
import { Button } from "~/components/ui/Button";
import * as controls from "~/components/ui/controls.css";
import * as css from "~/components/asset/grid.css";

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
  error: string | null;
}) {
  return (
    <Form method="get" action={action} role="search" className={css.inlineForm}>
      {sort ? <input type="hidden" name="s" value={sort} /> : null}
      <SearchField
        name="q"
        defaultValue={query}
        isInvalid={error !== null}
        className={controls.field}
      >
        <Label className={controls.label}>Search this archive</Label>
        <Input className={controls.input} maxLength={2000} />
        {error ? (
          <Text slot="errorMessage" className={css.searchError}>
            InvalidSearchExpression: {error}
          </Text>
        ) : null}
      </SearchField>
      <Button type="submit" variant="secondary" className={css.formButton}>
        Search
      </Button>
    </Form>
  );
}

/** The archive's folders at the current level, with breadcrumbs back to the root. */
export function FolderNav({
  archiveHref,
  level,
  linkTo,
}: {
  archiveHref: string;
  level: FolderLevel;
  linkTo: (folder: string | null) => string;
}) {
  if (!level.current && level.children.length === 0) return null;
  return (
    <nav aria-label="Folders">
      {level.current ? (
        <ol className={css.breadcrumbs}>
          <li>
            <a href={archiveHref}>All folders</a> /
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
            <li key={f.id}>
              <a href={linkTo(f.path)}>{f.name}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}

/**
 * The navigation pane's sections beyond the folders (NavigationPaneControl, decision 043): the
 * smart folders heading (its custom name when set; smart folders themselves come with a later
 * issue) and the consent status filter when consent management is on for the archive.
 */
export function NavigationSections({ navigation }: { navigation: NavigationPane }) {
  const smart = navigation.smartFolders;
  return (
    <>
      {smart ? (
        <nav aria-labelledby="smart-folders-heading" data-testid="smart-folders">
          <h2 id="smart-folders-heading" className={css.navHeading}>
            {smart.heading}
          </h2>
          <p className={css.status}>No smart folders yet.</p>
        </nav>
      ) : null}
      {navigation.consentStatusFilter ? (
        <nav aria-labelledby="consent-filter-heading" data-testid="consent-status-filter">
          <h2 id="consent-filter-heading" className={css.navHeading}>
            Consent status
          </h2>
        </nav>
      ) : null}
    </>
  );
}
