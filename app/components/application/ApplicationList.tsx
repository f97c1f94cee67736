import { Form, Link } from "@remix-run/react";
import type { ApplicationView } from "~/models/application/application.view";
import { CLIENT_TYPE_TERMS } from "~/models/application/application.schema";
import { Button } from "~/components/ui/Button";
import { useT } from "~/components/locale/locale-context";
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
  const t = useT();
  if (applications.length === 0) return <p className={muted}>{t("settings.applications.none")}</p>;
  return (
    <ul className={css.list} aria-label={t("settings.applications.title")}>
      {applications.map((app) => (
        <li key={app.clientId} className={css.item}>
          <h3>{app.name}</h3>
          <dl className={css.facts}>
            <dt>{t("settings.applications.clientId")}</dt>
            <dd className={css.code}>{app.clientId}</dd>
            <dt>{t("settings.applications.typeTerm")}</dt>
            <dd>{t(CLIENT_TYPE_TERMS[app.clientType])}</dd>
            <dt>{t("settings.applications.grantsShort")}</dt>
            <dd>{app.grants.join(", ")}</dd>
            <dt>{t("settings.applications.redirectUris")}</dt>
            <dd className={css.code}>
              {app.redirectUris.join(" ") || t("settings.applications.noRedirectUris")}
            </dd>
            <dt>{t("settings.applications.actsAs")}</dt>
            <dd>
              {app.user
                ? t("settings.applications.user", {
                    name: app.user.fullName,
                    userName: app.user.userName,
                  })
                : t("settings.applications.nobody")}
            </dd>
          </dl>
          {confirmDelete === app.clientId ? (
            <Form
              method="post"
              className={css.confirm}
              aria-label={t("settings.applications.deleteTitle", { name: app.name })}
            >
              <p role="alert">{t("settings.applications.deleteQuestion", { name: app.name })}</p>
              <input type="hidden" name="clientId" value={app.clientId} />
              <div className={css.actions}>
                <Button type="submit" name="intent" value="delete" variant="primary">
                  {t("settings.applications.delete")}
                </Button>
                <Link to={path} className={css.cancel}>
                  {t("settings.cancel")}
                </Link>
              </div>
            </Form>
          ) : (
            <div className={css.actions}>
              {app.user ? (
                <Form method="post">
                  <input type="hidden" name="clientId" value={app.clientId} />
                  <Button type="submit" name="intent" value="token" variant="secondary">
                    {t("settings.applications.issueToken")}
                  </Button>
                </Form>
              ) : null}
              <Link
                to={`${path}?delete=${app.clientId}`}
                className={css.cancel}
                aria-label={t("settings.applications.deleteNamed", { name: app.name })}
              >
                {t("settings.applications.deleteAsk")}
              </Link>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
