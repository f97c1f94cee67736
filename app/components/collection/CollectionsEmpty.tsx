import { Link } from "@remix-run/react";
import { panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { useT } from "~/components/locale/locale-context";

/** The empty state of a collection list (spec 000): nothing found, and a way back to the start page. */
export function CollectionsEmpty({ heading, query }: { heading: string; query?: string }) {
  const t = useT();
  return (
    <div>
      <h1>{heading}</h1>
      <section className={panel} aria-label={t("grid.collections.empty.results")}>
        <p>
          {query ? `${t("grid.collections.empty.nothingMatched", { query })} ` : null}
          {t("grid.collections.empty.none")}
        </p>
        <p>
          <Link to={LINKS.home}>{t("grid.collections.empty.startPage")}</Link>
        </p>
      </section>
    </div>
  );
}
