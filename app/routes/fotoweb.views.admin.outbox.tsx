import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OutboxTable } from "~/components/mail/OutboxTable";
import { outboxPageAction, outboxPageData } from "~/http/mail/outbox-page.server";
import { pageHandler } from "~/http/http.server";
import { muted, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/*
 * The outbox (decision 036): what Arkiv has sent or would have sent, newest first. Without
 * SMTP_URL it is the development outbox, the only place mail arrives.
 */

export const meta: MetaFunction = () => [{ title: "Outbox | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => outboxPageData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => outboxPageAction(request))(args);
}

export default function OutboxView() {
  const { messages, page, more } = useLoaderData<typeof loader>();
  return (
    <section className={panel} aria-labelledby="outbox-title">
      <h1 id="outbox-title">Outbox</h1>
      <p>
        Every message Arkiv has queued: invitations, sign-up decisions and password resets. Without
        an SMTP server configured, messages are kept here (and as files under the data folder)
        instead of being sent. <Link to={LINKS.management}>Back to site settings</Link>
      </p>
      {messages.length === 0 ? (
        <p className={muted}>No mail has been queued yet.</p>
      ) : (
        <OutboxTable messages={messages} />
      )}
      <nav aria-label="Outbox pages">
        {page > 1 ? <Link to={`${LINKS.adminOutbox}?page=${page - 1}`}>Newer messages</Link> : null}{" "}
        {more ? <Link to={`${LINKS.adminOutbox}?page=${page + 1}`}>Older messages</Link> : null}
      </nav>
    </section>
  );
}
