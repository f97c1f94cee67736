import { useCallback, useMemo } from "react";
import type { Validator } from "remix-validated-form";
import { resolveErrors, resolveKeyed } from "~/models/locale/keyed";
import { messageAtHand, useArea } from "./locale-context";

/*
 * A form's own checks in the browser, in the page's language (decision 104): the schemas' keyed
 * messages resolved as the server's form reply resolves them. The validation area is made part of
 * the page wherever a form checks itself, so resolving in a callback never has to wait for it.
 */

/** Resolves keyed texts in the page's language. */
export function useKeyedResolver(): (text: string) => string {
  const state = useArea("validation");
  return useCallback(
    (text: string) => resolveKeyed(text, (id, values) => messageAtHand(state, id, values)),
    [state],
  );
}

/** Conform's `formatError` for parseWithZod: each issue's message resolved. */
export function useConformErrors(): (issues: readonly { message: string }[]) => string[] {
  const resolve = useKeyedResolver();
  return useCallback((issues) => issues.map((issue) => resolve(issue.message)), [resolve]);
}

/** A remix-validated-form validator whose field errors are resolved. */
export function localizedValidator<T>(
  validator: Validator<T>,
  resolve: (text: string) => string,
): Validator<T> {
  return {
    ...validator,
    validate: async (data) => {
      const result = await validator.validate(data);
      if (!result.error) return result;
      return {
        ...result,
        error: { ...result.error, fieldErrors: resolveErrors(result.error.fieldErrors, resolve) },
      };
    },
  };
}

/** localizedValidator in a component: the same validator while the language stays. */
export function useLocalizedValidator<T>(validator: Validator<T>): Validator<T> {
  const resolve = useKeyedResolver();
  return useMemo(() => localizedValidator(validator, resolve), [validator, resolve]);
}
