import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { conformResult, type FormReplyBody } from "~/http/error";
import { useConformErrors } from "~/components/locale/validation";

type Errors = Record<string, string[] | null | undefined>;

/**
 * The Conform form of a metadata editor (decision 041): checked in the browser with the server's
 * schema on submit and again as the person types, showing the server's reply (every error by its
 * name) when there is one. `error(name)` is what the field of that name shows.
 */
export function useMetadataForm(
  id: string,
  reply: FormReplyBody | undefined,
  schema: z.ZodTypeAny,
) {
  const conformErrors = useConformErrors();
  const [form] = useForm({
    id,
    lastResult: reply ? conformResult(reply) : null,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema, disableAutoCoercion: true, formatError: conformErrors }),
  });
  const errors: Errors = form.allErrors;
  const serverErrors = reply?.fieldErrors ?? {};
  const error = (name: string) => errors[name] ?? serverErrors[name];
  const formError = reply?.formError ?? errors[""]?.[0];
  return { form, error, formError };
}
