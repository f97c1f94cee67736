import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { Link } from "react-aria-components/Link";
import type { AssetDetails as Details } from "~/models/asset/asset-details.server";
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

export function AssetNavigation({ details }: { details: Details }) {
  const { previous, next, listHref, view } = details;
  return (
    <nav aria-label="Asset navigation" className={css.nav}>
      <Link href={listHref} className={css.navLink}>
        <span aria-hidden="true">←&nbsp;</span>Back to {view.archiveName}
      </Link>
      <div className={css.navEnd}>
        {previous ? (
          <Link href={previous.href} className={css.navLink} rel="prev">
            <span aria-hidden="true">‹&nbsp;</span>Previous
            <span className={visuallyHidden}>: {previous.label}</span>
          </Link>
        ) : null}
        {next ? (
          <Link href={next.href} className={css.navLink} rel="next">
            Next<span className={visuallyHidden}>: {next.label}</span>
            <span aria-hidden="true">&nbsp;›</span>
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

export function AssetDetails({ details, reply }: { details: Details; reply?: FormReplyBody }) {
  const { view, preview, metadata, facts, downloads } = details;
  useListKeys({
    previous: details.previous?.href,
    next: details.next?.href,
    list: details.listHref,
  });
  const heading = view.title || view.filename;
  const builtin: [string, string | string[]][] = [
    ["Description", view.description],
    ["Tags", view.tags],
    ["Notes", view.notes],
    ["Status", view.status],
    ["Rating", view.rating > 0 ? `${view.rating} of 5` : ""],
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
              alt={`Preview of ${heading}`}
              className={css.image}
              // The page's largest paint: ahead of the forty scripts in the queue. Lowercase, as
              // React 18 knows no fetchPriority prop (decision 027).
              {...{ fetchpriority: "high" }}
            />
          ) : (
            <p className={css.noPreview}>
              You do not have permission to see a preview of this asset.
            </p>
          )}
        </figure>
        <div className={css.page}>
          <section className={css.panel} aria-labelledby="asset-fields">
            <h2 id="asset-fields" className={css.panelHeading}>
              Details
            </h2>
            <dl className={css.fields}>
              <Field label="Title">{view.title || "Untitled"}</Field>
              <Field label="File name">{view.filename}</Field>
              {builtin.map(([label, value]) =>
                (Array.isArray(value) ? value.length > 0 : value !== "") ? (
                  <Field key={label} label={label}>
                    {Array.isArray(value) ? <Values values={value} bag /> : value}
                  </Field>
                ) : null,
              )}
            </dl>
          </section>
          <section className={css.panel} aria-labelledby="asset-downloads">
            <h2 id="asset-downloads" className={css.panelHeading}>
              Download
            </h2>
            {downloads.length > 0 ? (
              <ul className={css.downloads}>
                {downloads.map((d) => (
                  <li key={d.href}>
                    <Link href={d.href} className={css.link} download>
                      {d.label}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={css.hint}>You do not have permission to download this asset.</p>
            )}
          </section>
        </div>
      </div>
      {details.editor ? (
        <MetadataEditPanel editor={details.editor} reply={reply} />
      ) : metadata.length > 0 ? (
        <section className={css.panel} aria-labelledby="asset-metadata">
          <h2 id="asset-metadata" className={css.panelHeading}>
            Metadata
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
      <section className={css.panel} aria-labelledby="asset-file">
        <h2 id="asset-file" className={css.panelHeading}>
          File
        </h2>
        <dl className={css.fields}>
          <Field label="Document type">{facts.docType}</Field>
          <Field label="MIME type">{facts.mime}</Field>
          <Field label="File size">{facts.fileSize}</Field>
          {facts.pixels ? <Field label="Dimensions">{facts.pixels}</Field> : null}
          {facts.colorSpace ? <Field label="Colour space">{facts.colorSpace}</Field> : null}
          {facts.printSize ? (
            <Field label="Print size at 300 ppi">
              {facts.printSize.cm} ({facts.printSize.inches})
            </Field>
          ) : null}
          {facts.dates.map((d) => (
            <Field key={d.label} label={d.label}>
              <time dateTime={d.iso}>{d.text}</time>
            </Field>
          ))}
        </dl>
      </section>
      <RevisionList asset={view} />
    </article>
  );
}
