import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { Link } from "react-aria-components/Link";
import type {
  AssetDetails as Details,
  DateKind,
  Download,
} from "~/models/asset/asset-details.server";
import { useFormat } from "~/components/locale/format";
import { useLocale, useT, type Translate } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";
import { conventionsOf, formatDate } from "~/models/locale/format";
import type { MessageId } from "~/models/locale/message-id";
import { visuallyHidden } from "~/styles/global.css";
import * as css from "./asset-details.css";
import { MetadataEditPanel } from "./MetadataEditPanel";
import type { FormReplyBody } from "~/http/error";
import { RevisionList } from "./RevisionList";

/*
 * The asset details page: preview, fields, file facts, downloads, and the way back and on
 * through the list it was opened from. Everything is server-rendered links; JavaScript only
 * adds the arrow keys.
 */

/** Where focus types text, arrows move the caret: the page must not take them. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !["button", "checkbox", "radio", "submit", "reset", "image"].includes(target.type);
  }
  return target.getAttribute("role") === "textbox" || target.getAttribute("role") === "combobox";
}

/** ArrowLeft / ArrowRight: previous / next asset; Escape: back to the list. */
export function useListKeys(links: { previous?: string; next?: string; list: string }) {
  const navigate = useNavigate();
  const { previous, next, list } = links;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.shiftKey || isTyping(event.target)) return;
      // An open dialog or menu handles its own Escape.
      if (document.querySelector('[role="dialog"], [role="menu"], [role="listbox"]')) return;
      const to =
        event.key === "ArrowLeft"
          ? previous
          : event.key === "ArrowRight"
            ? next
            : event.key === "Escape"
              ? list
              : undefined;
      if (!to) return;
      event.preventDefault();
      navigate(to);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate, previous, next, list]);
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className={css.term}>{label}</dt>
      <dd className={css.value}>{children}</dd>
    </>
  );
}

function Values({ values, bag }: { values: string[]; bag: boolean }) {
  if (!bag && values.length === 1) return <>{values[0]}</>;
  return (
    <ul className={css.list}>
      {values.map((v, i) => (
        <li key={i}>{v}</li>
      ))}
    </ul>
  );
}

/** A calendar date's zone: the day as written, not moved into the reader's zone. */
const CALENDAR_ZONE = "UTC";
/** The preview's fetch priority, lowercase as React 18 passes it through. */
const HIGH_PRIORITY = { fetchpriority: "high" };

/** Each date's name, by kind (decision 101: whole ids, so the catalogue test sees them). */
const DATE_LABELS = {
  modified: "asset.file.date.modified",
  iptc: "asset.file.date.iptc",
  release: "asset.file.date.release",
  taken: "asset.file.date.taken",
  uploaded: "asset.file.date.uploaded",
} as const satisfies Record<DateKind, MessageId>;

/** A download's link text, by kind; a processing profile's rendition names itself. */
function downloadLabel(t: Translate, download: Download): string {
  switch (download.kind) {
    case "original":
      return t("asset.download.original");
    case "preview":
      return t("asset.download.preview");
    case "sidecar":
      return t("asset.download.sidecar");
    case "profile":
      return t("asset.download.profile", { name: download.name ?? "" });
  }
}

export function AssetNavigation({ details }: { details: Details }) {
  const t = useT();
  const { previous, next, listHref, view } = details;
  return (
    <nav aria-label={t("asset.nav.label")} className={css.nav}>
      <Link href={listHref} className={css.navLink}>
        <span aria-hidden="true">←&nbsp;</span>
        {t("asset.nav.backTo", { name: view.archiveName })}
      </Link>
      <div className={css.navEnd}>
        {previous ? (
          <Link href={previous.href} className={css.navLink} rel="prev">
            <span aria-hidden="true">‹&nbsp;</span>
            <Msg
              id="asset.nav.previous"
              values={{ name: previous.label }}
              components={{ 0: <span className={visuallyHidden} /> }}
            />
          </Link>
        ) : null}
        {next ? (
          <Link href={next.href} className={css.navLink} rel="next">
            <Msg
              id="asset.nav.next"
              values={{ name: next.label }}
              components={{ 0: <span className={visuallyHidden} /> }}
            />
            <span aria-hidden="true">&nbsp;›</span>
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** The file's facts: sizes and dates in the page's language, times in the reader's zone. */
function FileSection({ facts }: { facts: Details["facts"] }) {
  const t = useT();
  const f = useFormat();
  const { language } = useLocale();
  const decimal = new Intl.NumberFormat(conventionsOf(language), { maximumFractionDigits: 1 });
  const print = facts.printSize;
  return (
    <section className={css.panel} aria-labelledby="asset-file">
      <h2 id="asset-file" className={css.panelHeading}>
        {t("asset.file.heading")}
      </h2>
      <dl className={css.fields}>
        <Field label={t("asset.file.docType")}>{facts.docType}</Field>
        <Field label={t("asset.file.mime")}>{facts.mime}</Field>
        <Field label={t("asset.file.size")}>{f.bytes(facts.fileSize)}</Field>
        {facts.pixels ? (
          <Field label={t("asset.file.dimensions")}>
            {t("asset.file.pixels", { width: facts.pixels.width, height: facts.pixels.height })}
          </Field>
        ) : null}
        {facts.colorSpace ? (
          <Field label={t("asset.file.colorSpace")}>{facts.colorSpace}</Field>
        ) : null}
        {print ? (
          <Field label={t("asset.file.printSize")}>
            {t("asset.file.printSizeValue", {
              cmWidth: decimal.format(print.cm.width),
              cmHeight: decimal.format(print.cm.height),
              inWidth: decimal.format(print.inches.width),
              inHeight: decimal.format(print.inches.height),
            })}
          </Field>
        ) : null}
        {facts.dates.map((d) => (
          <Field key={d.kind} label={t(DATE_LABELS[d.kind])}>
            <time dateTime={d.iso}>
              {/* A calendar date has no zone: the day as written, whatever the reader's zone. */}
              {d.dateOnly ? formatDate(language, CALENDAR_ZONE, d.iso) : f.dateTime(d.iso)}
            </time>
          </Field>
        ))}
      </dl>
    </section>
  );
}

export function AssetDetails({ details, reply }: { details: Details; reply?: FormReplyBody }) {
  const t = useT();
  const { view, preview, metadata, facts, downloads } = details;
  useListKeys({
    previous: details.previous?.href,
    next: details.next?.href,
    list: details.listHref,
  });
  const heading = view.title || view.filename;
  const builtin: [string, string, string | string[]][] = [
    ["description", t("asset.details.description"), view.description],
    ["tags", t("asset.details.tags"), view.tags],
    ["notes", t("asset.details.notes"), view.notes],
    ["status", t("asset.details.status"), view.status],
    [
      "rating",
      t("asset.details.rating"),
      view.rating > 0 ? t("asset.details.ratingValue", { rating: view.rating }) : "",
    ],
  ];
  return (
    <article className={css.page} aria-labelledby="asset-title">
      <AssetNavigation details={details} />
      <h1 id="asset-title" className={css.title}>
        {heading}
      </h1>
      <div className={css.layout}>
        <figure className={css.figure}>
          {preview ? (
            <img
              src={preview.href}
              width={preview.width}
              height={preview.height}
              alt={t("asset.previewOf", { name: heading })}
              className={css.image}
              // The page's largest paint: ahead of the forty scripts in the queue. Lowercase, as
              // React 18 knows no fetchPriority prop (decision 027).
              {...HIGH_PRIORITY}
            />
          ) : (
            <p className={css.noPreview}>{t("asset.noPreview")}</p>
          )}
        </figure>
        <div className={css.page}>
          <section className={css.panel} aria-labelledby="asset-fields">
            <h2 id="asset-fields" className={css.panelHeading}>
              {t("asset.details.heading")}
            </h2>
            <dl className={css.fields}>
              <Field label={t("asset.details.title")}>
                {view.title || t("asset.details.untitled")}
              </Field>
              <Field label={t("asset.details.fileName")}>{view.filename}</Field>
              {builtin.map(([key, label, value]) =>
                (Array.isArray(value) ? value.length > 0 : value !== "") ? (
                  <Field key={key} label={label}>
                    {Array.isArray(value) ? <Values values={value} bag /> : value}
                  </Field>
                ) : null,
              )}
            </dl>
          </section>
          <section className={css.panel} aria-labelledby="asset-downloads">
            <h2 id="asset-downloads" className={css.panelHeading}>
              {t("asset.download.heading")}
            </h2>
            {downloads.length > 0 ? (
              <ul className={css.downloads}>
                {downloads.map((d) => (
                  <li key={d.href}>
                    <Link href={d.href} className={css.link} download>
                      {downloadLabel(t, d)}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={css.hint}>{t("asset.download.none")}</p>
            )}
          </section>
        </div>
      </div>
      {details.editor ? (
        <MetadataEditPanel editor={details.editor} reply={reply} />
      ) : metadata.length > 0 ? (
        <section className={css.panel} aria-labelledby="asset-metadata">
          <h2 id="asset-metadata" className={css.panelHeading}>
            {t("asset.metadata.heading")}
          </h2>
          <dl className={css.fields}>
            {metadata.map((m) => (
              <Field key={m.id} label={m.label}>
                <Values values={m.values} bag={m.type === "Bag"} />
              </Field>
            ))}
          </dl>
        </section>
      ) : null}
      <FileSection facts={facts} />
      <RevisionList asset={view} />
    </article>
  );
}
