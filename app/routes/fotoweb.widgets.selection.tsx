import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ChosenAssets, SelectionWidget } from "~/components/widget/SelectionWidget";
import { pageHandler } from "~/http/http.server";
import { selectionWidgetAction, selectionWidgetData } from "~/http/widget/selection-page.server";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { alertDanger, panel } from "~/styles/global.css";

/*
 * FotoWare's selection widget (decision 110): a page embedded in an integrator's iframe, framed
 * only by the origins allowed to call the API (server/app.ts). A visitor is asked to sign in.
 */

export const handle = { i18n: ["settings"], visitorShell: true };

export const meta: MetaFunction = () => [
  { title: `${translateNow("settings.widget.title")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => selectionWidgetData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => selectionWidgetAction(request))(args);
}

export default function SelectionWidgetView() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const location = useLocation();
  return (
    <section className={panel} aria-labelledby="widget-title">
      <h1 id="widget-title">{t("settings.widget.title")}</h1>
      {!data.signedIn ? (
        <p>
          {t("settings.widget.signInIntro")}{" "}
          <a href={data.signIn} target="_blank" rel="noopener">
            {t("settings.widget.signIn")}
          </a>{" "}
          {t("settings.widget.signInThen")}
        </p>
      ) : (
        <>
          {result && "noneChosen" in result && result.noneChosen ? (
            <p role="alert" className={alertDanger}>
              {t("settings.validation.widgetChooseAsset")}
            </p>
          ) : null}
          {result && "selected" in result && result.selected.length > 0 ? (
            <ChosenAssets selected={result.selected} origins={data.origins} />
          ) : null}
          <SelectionWidget {...data} action={`${location.pathname}${location.search}`} />
        </>
      )}
    </section>
  );
}
