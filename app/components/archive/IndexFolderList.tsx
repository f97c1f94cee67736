import { Form, Link } from "@remix-run/react";
import type { IndexFolder } from "~/models/archive/pools.schema";
import { Button } from "~/components/ui/Button";
import { useT } from "~/components/locale/locale-context";
import { TextField } from "~/components/ui/TextField";
import { alertDanger, muted } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/*
 * The index browser without JavaScript (decision 042): a folder's subfolders as links, the folder
 * above, and the path to copy into the archive dialog's index field. A GET form goes to any path.
 */

export interface IndexFolderListProps {
  query: string;
  folder: string;
  parent: string | null;
  error: string | null;
  folders: IndexFolder[];
}

export const indexBrowserHref = (folder: string) =>
  `${LINKS.adminIndexBrowser}${folder ? `?path=${encodeURIComponent(folder)}` : ""}`;

export function IndexFolderList({ query, folder, parent, error, folders }: IndexFolderListProps) {
  const t = useT();
  return (
    <>
      <Form method="get" role="search">
        <TextField name="path" label={t("settings.indexBrowser.folder")} defaultValue={query} />
        <Button type="submit" variant="secondary">
          {t("settings.indexBrowser.open")}
        </Button>
      </Form>
      {error ? (
        <p role="alert" className={alertDanger}>
          {error}
        </p>
      ) : null}
      {folder ? (
        <p>
          {t("settings.indexBrowser.pathToGive")} <code>{folder}</code>
        </p>
      ) : null}
      <nav aria-label={t("settings.indexBrowser.folders")}>
        <ul>
          {folder ? (
            <li>
              <Link to={indexBrowserHref(parent ?? "")}>
                {parent
                  ? t("settings.indexBrowser.folderAbove")
                  : t("settings.indexBrowser.allFolders")}
              </Link>
            </li>
          ) : null}
          {folders.map((f) => (
            <li key={f.Path}>
              <Link to={indexBrowserHref(f.Path)}>{f.Name}</Link> <code>{f.Path}</code>
            </li>
          ))}
        </ul>
      </nav>
      {!error && folders.length === 0 ? (
        <p className={muted}>{t("settings.indexBrowser.noFolders")}</p>
      ) : null}
    </>
  );
}
