import { Form, useNavigation } from "@remix-run/react";
import type { FormReplyBody } from "~/http/error";
import type { InvitationKind } from "~/models/invitation/invitation.schema";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/TextField";
import * as controls from "~/components/ui/controls.css";
import * as css from "./invitations.css";
import { useT } from "~/components/locale/locale-context";

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The account an invited person makes: a plain form, every error by its field after the server
 * has checked it (with JavaScript or without). A user invitation's address is fixed.
 */
export function RedeemForm({
  kind,
  email,
  organizationDomain,
  reply,
}: {
  kind: InvitationKind;
  email: string | null;
  organizationDomain: string | null;
  reply: FormReplyBody | undefined;
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const errors = reply?.fieldErrors ?? {};
  const again = reply?.repopulateFields ?? {};
  return (
    <Form method="post" noValidate className={css.form} key={reply?.requestId ?? "new"}>
      {reply?.formError ? (
        <p className={controls.fieldError} role="alert">
          {reply.formError}
        </p>
      ) : null}
      <TextField
        label={t("people.redeem.firstName")}
        name="firstName"
        autoComplete="given-name"
        defaultValue={text(again.firstName)}
        errors={errors.firstName}
        maxLength={100}
      />
      <TextField
        label={t("people.redeem.lastName")}
        name="lastName"
        autoComplete="family-name"
        defaultValue={text(again.lastName)}
        errors={errors.lastName}
        maxLength={100}
      />
      {kind === "user" ? (
        <TextField
          label={t("people.redeem.email")}
          name="email"
          type="email"
          value={email ?? ""}
          isReadOnly
          errors={errors.email}
          description={t("people.redeem.invitedAt")}
        />
      ) : (
        <TextField
          label={t("people.redeem.email")}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={text(again.email)}
          errors={errors.email}
          description={
            kind === "organization"
              ? t("people.redeem.useDomain", { domain: organizationDomain ?? "" })
              : undefined
          }
        />
      )}
      <TextField
        label={t("people.redeem.username")}
        name="username"
        autoComplete="username"
        defaultValue={text(again.username)}
        errors={errors.username}
        maxLength={64}
        description={t("people.redeem.usernameHelp")}
      />
      <TextField
        label={t("people.redeem.password")}
        name="password"
        type="password"
        autoComplete="new-password"
        errors={errors.password}
        description={t("people.redeem.passwordHelp")}
      />
      <div className={css.actions}>
        <Button type="submit" isDisabled={busy}>
          {busy ? t("people.redeem.making") : t("people.redeem.make")}
        </Button>
      </div>
    </Form>
  );
}
