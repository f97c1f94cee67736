import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { muted } from "~/styles/global.css";
import * as css from "./applications.css";

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
  return (
    <Form method="post" action={action} className={css.form}>
      <p>
        <strong>{applicationName}</strong> asks to use Arkiv as <strong>{userName}</strong>. It will
        be able to see, upload and change what your account may, until you or an administrator
        revoke its access.
      </p>
      <p className={muted}>You will be sent back to {returnOrigin}.</p>
      {Object.entries(params).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={css.actions}>
        <Button type="submit" name="decision" value="allow">
          Allow access
        </Button>
        <Button type="submit" name="decision" value="deny" variant="secondary">
          Deny
        </Button>
      </div>
    </Form>
  );
}
