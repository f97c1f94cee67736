import { Link } from "react-aria-components/Link";
import type { RevisionComparison } from "~/models/asset/revision-history.server";
import { muted, visuallyHidden } from "~/styles/global.css";
import * as assetCss from "./asset-details.css";
import * as css from "./revisions.css";
import { TableScroller } from "~/components/ui/TableScroller";
import { useLocale, useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";
import { conventionsOf } from "~/models/locale/format";
import type { MessageId } from "~/models/locale/message-id";

/** The file's own rows, named in the page's language; metadata fields keep their own names. */
const FILE_FIELDS: Record<string, MessageId> = {
  filename: "asset.details.fileName",
  filesize: "asset.file.size",
  mime: "asset.compare.fileType",
};

/*
 * Two revisions side by side (decision 049): a field-by-field table (changed rows marked in
 * words, not colour alone) and, for images, both previews and the difference image with the
 * share of changed pixels.
 */

function Values({ values }: { values: string[] }) {
  const t = useT();
  if (values.length === 0) return <span className={muted}>{t("asset.compare.empty")}</span>;
  if (values.length === 1) return <>{values[0]}</>;
  return (
    <ul className={assetCss.list}>
      {values.map((v, i) => (
        <li key={i}>{v}</li>
      ))}
    </ul>
  );
}

/** A share as a percentage with two decimals, as the page's language writes it: 0.00%. */
const percent = (language: string, share: number) =>
  new Intl.NumberFormat(conventionsOf(language), {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(share);

export function RevisionCompare({ comparison }: { comparison: RevisionComparison }) {
  const t = useT();
  const { language } = useLocale();
  const { asset, left, right, fields, visual } = comparison;
  const name = asset.title || asset.name;
  const changedCount = fields.filter((f) => f.changed).length;
  return (
    <article className={assetCss.page} aria-labelledby="compare-title">
      <nav aria-label={t("asset.nav.label")} className={assetCss.nav}>
        <Link href={comparison.revisions} className={assetCss.navLink}>
          <span aria-hidden="true">←&nbsp;</span>
          {t("asset.compare.back")}
        </Link>
        <Link href={asset.href} className={assetCss.navLink}>
          {name}
        </Link>
      </nav>
      <h1 id="compare-title" className={assetCss.title}>
        {t("asset.compare.title", { left: left.number, right: right.number, name })}
      </h1>
      <section className={assetCss.panel} aria-labelledby="compare-fields">
        <h2 id="compare-fields" className={assetCss.panelHeading}>
          {t("asset.compare.fields")}
        </h2>
        <p data-testid="compare-summary">{t("asset.compare.summary", { count: changedCount })}</p>

        <TableScroller label={t("asset.compare.tableLabel")}>
          <table className={css.table} aria-labelledby="compare-fields">
            <thead>
              <tr>
                <th scope="col" className={css.cell}>
                  {t("asset.compare.field")}
                </th>
                <th scope="col" className={css.cell}>
                  {t("asset.compare.revision", { number: left.number })}
                </th>
                <th scope="col" className={css.cell}>
                  {t("asset.compare.revision", { number: right.number })}
                </th>
                <th scope="col" className={css.cell}>
                  {t("asset.compare.changed")}
                </th>
              </tr>
            </thead>
            <tbody>
              {fields.map((f) => (
                <tr
                  key={f.field}
                  data-testid="compare-field"
                  data-changed={f.changed || undefined}
                  className={f.changed ? css.current : undefined}
                >
                  <th scope="row" className={css.cell}>
                    {FILE_FIELDS[f.field] ? t(FILE_FIELDS[f.field]!) : f.label}
                  </th>
                  <td className={css.cell}>
                    <Values values={f.left} />
                  </td>
                  <td className={css.cell}>
                    <Values values={f.right} />
                  </td>
                  <td className={`${css.cell} ${f.changed ? css.changed : ""}`}>
                    {f.changed ? t("asset.compare.changed") : t("asset.compare.same")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      </section>
      <section className={assetCss.panel} aria-labelledby="compare-images">
        <h2 id="compare-images" className={assetCss.panelHeading}>
          {t("asset.compare.pictures")}
        </h2>
        {visual ? (
          <>
            <p data-testid="compare-pixels">
              <Msg
                id="asset.compare.pixels"
                values={{
                  share: percent(language, visual.changedShare),
                  changed: visual.changedPixels,
                  total: visual.totalPixels,
                  width: visual.width,
                  height: visual.height,
                }}
                components={{ 0: <span className={visuallyHidden} /> }}
              />
            </p>
            <div className={css.sideBySide}>
              <figure className={css.figure}>
                <img
                  src={visual.left.href}
                  width={visual.left.width}
                  height={visual.left.height}
                  alt={t("asset.compare.previewOf", { number: left.number })}
                  className={css.image}
                />
                <figcaption>{t("asset.compare.revision", { number: left.number })}</figcaption>
              </figure>
              <figure className={css.figure}>
                <img
                  src={visual.right.href}
                  width={visual.right.width}
                  height={visual.right.height}
                  alt={t("asset.compare.previewOf", { number: right.number })}
                  className={css.image}
                />
                <figcaption>{t("asset.compare.revision", { number: right.number })}</figcaption>
              </figure>
              <figure className={css.figure}>
                <img
                  src={visual.difference}
                  width={visual.width}
                  height={visual.height}
                  alt={t("asset.compare.differenceAlt", {
                    share: percent(language, visual.changedShare),
                  })}
                  className={css.image}
                />
                <figcaption>{t("asset.compare.differenceCaption")}</figcaption>
              </figure>
            </div>
          </>
        ) : (
          <p className={muted}>{t("asset.compare.noPicture")}</p>
        )}
      </section>
    </article>
  );
}
