import { Link } from "@remix-run/react";
import { panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/** The empty state of a collection list (spec 000): nothing found, and a way back to the start page. */
export function CollectionsEmpty({ heading, query }: { heading: string; query?: string }) {
  return (
    <div>
      <h1>{heading}</h1>
      <section className={panel} aria-label="Results">
        <p>
          {query ? `Nothing matched “${query}”. ` : null}
          No public albums or archives were found.
        </p>
        <p>
          <Link to={LINKS.home}>Go to the start page</Link>
        </p>
      </section>
    </div>
  );
}
