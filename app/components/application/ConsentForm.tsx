import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { muted } from "~/styles/global.css";
import * as css from "./applications.css";
import { Msg } from "~/components/locale/Msg";
import { useT } from "~/components/locale/locale-context";

export interface ConsentFormProps {
  applicationName: string;
  userName: string;
  /** Where the answer goes: the application's registered redirect URI. */
  returnOrigin: string;
  /** The checked authorization request, posted back unchanged. */
  params: Record<string, string>;
  action: string;
}

/**
 * The person's decision on a program's request: two plain submit buttons in one form, so it
 * works without JavaScript; either answer goes back to the application.
 */
export function ConsentForm({
  applicationName,
  userName,
  returnOrigin,
  params,
  action,
}: ConsentFormProps) {
  const t = useT();
  return (
    <Form method="post" action={action} className={css.form}>
      <p>
        <Msg
          id="settings.consent.asks"
          values={{ application: applicationName, user: userName }}
          components={{ 0: <strong />, 1: <strong /> }}
        />
      </p>
      <p className={muted}>{t("settings.consent.sentBack", { origin: returnOrigin })}</p>
      {Object.entries(params).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={css.actions}>
        <Button type="submit" name="decision" value="allow">
          {t("settings.consent.allow")}
        </Button>
        <Button type="submit" name="decision" value="deny" variant="secondary">
          {t("settings.consent.deny")}
        </Button>
      </div>
    </Form>
  );
}
