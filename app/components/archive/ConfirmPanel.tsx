import { Form, Link } from "@remix-run/react";
import type { FormReplyBody } from "~/http/error";
import { Button } from "~/components/ui/Button";
import { useT } from "~/components/locale/locale-context";
import { alertDanger } from "~/styles/global.css";
import * as css from "./archive-list.css";

/**
 * The confirmation page's form (no JavaScript; decision 043): the question and the same hidden
 * fields the alert dialog posts with JavaScript.
 */
export function ConfirmPanel({
  label,
  question,
  fields,
  confirmLabel,
  cancelTo,
}: {
  label: string;
  question: string;
  fields: Record<string, string>;
  confirmLabel: string;
  cancelTo: string;
}) {
  const t = useT();
  return (
    <Form method="post" className={css.confirm} aria-label={label}>
      <p role="alert">{question}</p>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={css.confirmActions}>
        <Button type="submit">{confirmLabel}</Button>
        <Link to={cancelTo} className={css.link}>
          {t("settings.cancel")}
        </Link>
      </div>
    </Form>
  );
}

/** A refused post's message (400, 404, 409), shown above the list. */
export function ReplyError({ reply }: { reply: FormReplyBody | undefined }) {
  if (!reply) return null;
  return (
    <p role="alert" className={alertDanger}>
      {reply.formError ?? Object.values(reply.fieldErrors ?? {})[0] ?? reply.value}
    </p>
  );
}
