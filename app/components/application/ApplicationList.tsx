import { Form, Link } from "@remix-run/react";
import type { ApplicationView } from "~/models/application/application.view";
import { Button } from "~/components/ui/Button";
import { muted } from "~/styles/global.css";
import * as css from "./applications.css";

/** The registered applications, each with its actions as plain forms and links. */
export function ApplicationList({
  applications,
  confirmDelete,
  path,
}: {
  applications: ApplicationView[];
  /** The client id whose deletion waits for confirmation. */
  confirmDelete: string | null;
  path: string;
}) {
  if (applications.length === 0) return <p className={muted}>No applications are registered.</p>;
  return (
    <ul className={css.list} aria-label="Applications">
      {applications.map((app) => (
        <li key={app.clientId} className={css.item}>
          <h3>{app.name}</h3>
          <dl className={css.facts}>
            <dt>Client id</dt>
            <dd className={css.code}>{app.clientId}</dd>
            <dt>Grants</dt>
            <dd>{app.grants.join(", ")}</dd>
            <dt>Redirect URIs</dt>
            <dd className={css.code}>{app.redirectUris.join(" ") || "none"}</dd>
            <dt>Acts as</dt>
            <dd>{app.user ? `${app.user.fullName} (${app.user.userName})` : "nobody"}</dd>
          </dl>
          {confirmDelete === app.clientId ? (
            <Form method="post" className={css.confirm} aria-label={`Delete ${app.name}`}>
              <p role="alert">Delete {app.name}? Every token issued to it stops working at once.</p>
              <input type="hidden" name="clientId" value={app.clientId} />
              <div className={css.actions}>
                <Button type="submit" name="intent" value="delete" variant="primary">
                  Delete application
                </Button>
                <Link to={path} className={css.cancel}>
                  Cancel
                </Link>
              </div>
            </Form>
          ) : (
            <div className={css.actions}>
              {app.user ? (
                <Form method="post">
                  <input type="hidden" name="clientId" value={app.clientId} />
                  <Button type="submit" name="intent" value="token" variant="secondary">
                    Issue API token
                  </Button>
                </Form>
              ) : null}
              <Link
                to={`${path}?delete=${app.clientId}`}
                className={css.cancel}
                aria-label={`Delete ${app.name}…`}
              >
                Delete…
              </Link>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
