/*
 * The one field error API of the form fields (decision 023): `errors` takes what either form
 * library gives, remix-validated-form's one message or Conform's list, and every field shows it
 * the same way, beside the field and marking it aria-invalid. Both libraries read the server's
 * one form reply (FormReplyBody) into these, so JavaScript on or off the message is the same.
 *
 * A module of its own, not TextField's: the bundler puts whatever a file imports in the chunk of
 * every page that reaches that file, and TextField imports remix-validated-form (with zustand and
 * immer, 14 KB gzipped), which the header's fields would otherwise load on every page.
 */
export type FieldErrors = string | readonly string[] | null | undefined;

/** The text a field shows for its errors; undefined when there are none. */
export function fieldErrorText(errors: FieldErrors): string | undefined {
  if (typeof errors === "string") return errors || undefined;
  return errors && errors.length > 0 ? errors.join(" ") : undefined;
}
