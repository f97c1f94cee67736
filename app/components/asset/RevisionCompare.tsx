import { Link } from "react-aria-components/Link";
import type { RevisionComparison } from "~/models/asset/revision-history.server";
import { muted, visuallyHidden } from "~/styles/global.css";
import * as assetCss from "./asset-details.css";
import * as css from "./revisions.css";
import { TableScroller } from "~/components/ui/TableScroller";

/*
 * Two revisions side by side (decision 049): a field-by-field table (changed rows marked in
 * words, not colour alone) and, for images, both previews and the difference image with the
 * share of changed pixels.
 */

function Values({ values }: { values: string[] }) {
  if (values.length === 0) return <span className={muted}>(empty)</span>;
  if (values.length === 1) return <>{values[0]}</>;
  return (
    <ul className={assetCss.list}>
      {values.map((v, i) => (
        <li key={i}>{v}</li>
      ))}
    </ul>
  );
}

export function RevisionCompare({ comparison }: { comparison: RevisionComparison }) {
  const { asset, left, right, fields, visual } = comparison;
  const name = asset.title || asset.name;
  const changedCount = fields.filter((f) => f.changed).length;
  return (
    <article className={assetCss.page} aria-labelledby="compare-title">
      <nav aria-label="Asset navigation" className={assetCss.nav}>
        <Link href={comparison.revisions} className={assetCss.navLink}>
          <span aria-hidden="true">←&nbsp;</span>Back to the revisions
        </Link>
        <Link href={asset.href} className={assetCss.navLink}>
          {name}
        </Link>
      </nav>
      <h1 id="compare-title" className={assetCss.title}>
        Revisions {left.number} and {right.number} of {name}
      </h1>
      <section className={assetCss.panel} aria-labelledby="compare-fields">
        <h2 id="compare-fields" className={assetCss.panelHeading}>
          Fields
        </h2>
        <p data-testid="compare-summary">
          {changedCount === 0
            ? "No field differs."
            : `${changedCount} ${changedCount === 1 ? "field differs" : "fields differ"}.`}
        </p>

        <TableScroller label="Changed fields">
          <table className={css.table} aria-labelledby="compare-fields">
            <thead>
              <tr>
                <th scope="col" className={css.cell}>
                  Field
                </th>
                <th scope="col" className={css.cell}>
                  Revision {left.number}
                </th>
                <th scope="col" className={css.cell}>
                  Revision {right.number}
                </th>
                <th scope="col" className={css.cell}>
                  Changed
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
                    {f.label}
                  </th>
                  <td className={css.cell}>
                    <Values values={f.left} />
                  </td>
                  <td className={css.cell}>
                    <Values values={f.right} />
                  </td>
                  <td className={`${css.cell} ${f.changed ? css.changed : ""}`}>
                    {f.changed ? "Changed" : "Same"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      </section>
      <section className={assetCss.panel} aria-labelledby="compare-images">
        <h2 id="compare-images" className={assetCss.panelHeading}>
          Pictures
        </h2>
        {visual ? (
          <>
            <p data-testid="compare-pixels">
              {(visual.changedShare * 100).toFixed(2)}% of the pixels differ
              <span className={visuallyHidden}>
                {" "}
                ({visual.changedPixels} of {visual.totalPixels} at {visual.width}×{visual.height})
              </span>
              .
            </p>
            <div className={css.sideBySide}>
              <figure className={css.figure}>
                <img
                  src={visual.left.href}
                  width={visual.left.width}
                  height={visual.left.height}
                  alt={`Preview of revision ${left.number}`}
                  className={css.image}
                />
                <figcaption>Revision {left.number}</figcaption>
              </figure>
              <figure className={css.figure}>
                <img
                  src={visual.right.href}
                  width={visual.right.width}
                  height={visual.right.height}
                  alt={`Preview of revision ${right.number}`}
                  className={css.image}
                />
                <figcaption>Revision {right.number}</figcaption>
              </figure>
              <figure className={css.figure}>
                <img
                  src={visual.difference}
                  width={visual.width}
                  height={visual.height}
                  alt={`Difference: changed pixels in red, ${(visual.changedShare * 100).toFixed(2)}% of the picture`}
                  className={css.image}
                />
                <figcaption>Difference (changed pixels in red)</figcaption>
              </figure>
            </div>
          </>
        ) : (
          <p className={muted}>
            There is no picture to compare: a revision has no preview, or you may not see previews.
          </p>
        )}
      </section>
    </article>
  );
}
