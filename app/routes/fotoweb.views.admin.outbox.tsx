import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OutboxTable } from "~/components/mail/OutboxTable";
import { outboxPageAction, outboxPageData } from "~/http/mail/outbox-page.server";
import { pageHandler } from "~/http/http.server";
import { muted, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";

/*
 * The outbox (decision 036): what Arkiv has sent or would have sent, newest first. Without
 * SMTP_URL it is the development outbox, the only place mail arrives.
 */

export const handle = { i18n: ["settings"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("settings.outbox.title")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => outboxPageData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => outboxPageAction(request))(args);
}

export default function OutboxView() {
  const t = useT();
  const { messages, page, more } = useLoaderData<typeof loader>();
  return (
    <section className={panel} aria-labelledby="outbox-title">
      <h1 id="outbox-title">{t("settings.outbox.title")}</h1>
      <p>
        <Msg id="settings.outbox.intro" components={{ 0: <Link to={LINKS.management} /> }} />
      </p>
      {messages.length === 0 ? (
        <p className={muted}>{t("settings.outbox.none")}</p>
      ) : (
        <OutboxTable messages={messages} />
      )}
      <nav aria-label={t("settings.outbox.pages")}>
        {page > 1 ? (
          <Link to={`${LINKS.adminOutbox}?page=${page - 1}`}>{t("settings.outbox.newer")}</Link>
        ) : null}{" "}
        {more ? (
          <Link to={`${LINKS.adminOutbox}?page=${page + 1}`}>{t("settings.outbox.older")}</Link>
        ) : null}
      </nav>
    </section>
  );
}
