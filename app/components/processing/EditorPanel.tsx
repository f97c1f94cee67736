import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { page, panel } from "~/styles/global.css";
import * as css from "./processing.css";

/** The frame of every processing editor page: the way back to its list, the title, the form. */
export function EditorPanel({
  back,
  backLabel,
  title,
  children,
}: {
  back: string;
  backLabel: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="editor-title">
        <p>
          <Link to={back} className={css.link}>
            {backLabel}
          </Link>
        </p>
        <h1 id="editor-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}
