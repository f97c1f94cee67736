import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import * as controls from "~/components/ui/controls.css";
import { useT } from "~/components/locale/locale-context";
import { muted } from "~/styles/global.css";
import * as css from "./widget.css";

export interface WidgetAsset {
  href: string;
  title: string;
  thumbnail: string | null;
}

export interface SelectionWidgetProps {
  token: string;
  archives: { id: number; name: string }[];
  archiveId: number | null;
  q: string;
  assets: WidgetAsset[];
  paging: { prev: string | null; next: string | null };
  action: string;
}

/*
 * The selection widget's page (decision 110): choose an archive and search (a GET form), tick
 * assets and press Select (a POST form). Plain forms and the browser's own controls, styled as
 * ours: it works without JavaScript, and importing none of react-aria's leaves the shared chunks
 * every other page loads as they are (an import set of its own would split them, tests/js-budget).
 */
export function SelectionWidget(props: SelectionWidgetProps) {
  const t = useT();
  const { token, archives, archiveId, q, assets, paging } = props;
  if (archives.length === 0) return <p className={muted}>{t("settings.widget.noArchives")}</p>;
  return (
    <>
      <Form method="get" className={css.bar} role="search" aria-label={t("settings.widget.search")}>
        {token ? <input type="hidden" name="access_token" value={token} /> : null}
        <label className={controls.field}>
          <span className={controls.label}>{t("settings.widget.archive")}</span>
          <select name="archive" defaultValue={String(archiveId ?? "")} className={controls.input}>
            {archives.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label className={controls.field}>
          <span className={controls.label}>{t("settings.widget.searchLabel")}</span>
          <input type="search" name="q" defaultValue={q} className={controls.input} />
        </label>
        <button type="submit" className={controls.button.secondary}>
          {t("settings.widget.search")}
        </button>
      </Form>
      <Form method="post" action={props.action}>
        <fieldset>
          <legend>{t("settings.widget.assets")}</legend>
          {assets.length === 0 ? (
            <p className={muted}>{t("settings.widget.noAssets")}</p>
          ) : (
            <ul className={css.grid}>
              {assets.map((asset) => (
                <li key={asset.href}>
                  <label className={css.tile}>
                    {asset.thumbnail ? (
                      <img className={css.thumb} src={asset.thumbnail} alt="" loading="lazy" />
                    ) : null}
                    <span>
                      <input type="checkbox" name="asset" value={asset.href} /> {asset.title}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className={css.actions}>
          <button type="submit" className={controls.button.primary}>
            {t("settings.widget.select")}
          </button>
          <nav aria-label={t("settings.widget.pages")} className={css.actions}>
            {paging.prev ? <Link to={paging.prev}>{t("settings.widget.previous")}</Link> : null}
            {paging.next ? <Link to={paging.next}>{t("settings.widget.next")}</Link> : null}
          </nav>
        </div>
      </Form>
    </>
  );
}

/**
 * The chosen assets: their links to copy, and with JavaScript each one handed to the page that
 * embeds this one, as FotoWare's widget does ({ event: "assetSelected", asset }), to the allowed
 * origins only: a message to another origin than the parent's is dropped by the browser.
 */
export function ChosenAssets({
  selected,
  origins,
}: {
  selected: { href: string; title?: string; filename?: string }[];
  origins: string[];
}) {
  const t = useT();
  // Once per Select: the loaders' revalidation after it hands over a new origins list, which is
  // no new choice.
  const sent = useRef<unknown>(null);
  useEffect(() => {
    if (window.parent === window || sent.current === selected) return;
    sent.current = selected;
    for (const asset of selected)
      for (const origin of origins)
        window.parent.postMessage({ event: "assetSelected", asset }, origin);
  }, [selected, origins]);
  return (
    <section aria-labelledby="chosen-title">
      <h2 id="chosen-title">{t("settings.widget.chosen")}</h2>
      <p>{t("settings.widget.chosenIntro")}</p>
      <ul className={css.chosen}>
        {selected.map((asset) => (
          <li key={asset.href}>
            <a href={asset.href}>{asset.title || asset.filename}</a>{" "}
            <code className={css.code}>{asset.href}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
