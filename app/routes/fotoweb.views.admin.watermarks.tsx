import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirm } from "~/components/processing/ListTable";
import { WatermarkList, WatermarkUpload } from "~/components/processing/WatermarkList";
import { watermarksPageAction, watermarksPageData } from "~/http/processing/processing-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

/*
 * Watermarks (spec 001 "watermarks": FileName, Name; decision 040): upload, the list with a
 * preview of each, delete with a confirmation. manageArchives only.
 */

export const handle = { i18n: ["settings"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("settings.processing.watermarks.title")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => watermarksPageData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) =>
    watermarksPageAction(request, LINKS.adminWatermarks),
  )(args);
}

export default function WatermarksView() {
  const t = useT();
  const { watermarks, confirmDelete } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="watermarks-title">
        <h1 id="watermarks-title">{t("settings.processing.watermarks.title")}</h1>
        <p>{t("settings.processing.watermarks.intro")}</p>
        {confirmDelete ? (
          <DeleteConfirm
            name={confirmDelete.name}
            hidden={{ fileName: confirmDelete.fileName }}
            cancel={LINKS.adminWatermarks}
            error={reply?.formError}
          />
        ) : null}
        <WatermarkUpload reply={confirmDelete ? undefined : reply} />
        <WatermarkList watermarks={watermarks} />
      </section>
    </div>
  );
}
