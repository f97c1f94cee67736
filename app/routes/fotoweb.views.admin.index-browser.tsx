import "~/components/shell/shell-bundle";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { useHydrated } from "~/utils/use-hydrated";
import { IndexBrowser } from "~/components/archive/IndexBrowser";
import { IndexFolderList, indexBrowserHref } from "~/components/archive/IndexFolderList";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { indexBrowserPageData } from "~/http/archive/path-archives.server";
import { pageHandler } from "~/http/http.server";
import { panel } from "~/styles/global.css";

/*
 * The index browser as a page (decision 042): what the archive dialog's index browser modal
 * offers, for browsers without JavaScript; the dialog links here beside its index field.
 */

export const handle = { i18n: ["settings"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("settings.indexBrowser.title")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => indexBrowserPageData(request))(args);
}

export default function IndexBrowserView() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  return (
    <section className={panel} aria-labelledby="index-browser-title">
      <h1 id="index-browser-title">{t("settings.indexBrowser.title")}</h1>
      <p>{t("settings.indexBrowser.intro")}</p>
      {/* With JavaScript the same modal the archive dialog opens; its choice opens here. */}
      {hydrated ? (
        <IndexBrowser value={data.folder} onSelect={(path) => navigate(indexBrowserHref(path))} />
      ) : null}
      <IndexFolderList {...data} />
    </section>
  );
}
