import { describe, expect, it } from "vitest";
import { z } from "zod";
import { translate } from "~/models/locale/catalog.server";
import { isKeyed, keyed, parseKeyed, resolveErrors, resolveKeyed } from "~/models/locale/keyed";
import type { Translate } from "~/models/locale/message-id";
import { loginSchema } from "~/models/auth/auth.schema";

/*
 * Keyed messages (decision 104): a schema's message carries its id and values, and is read in
 * the reader's language wherever it is shown.
 */
const inLanguage =
  (language: "en" | "nb" | "de"): Translate =>
  (id, values) =>
    translate(language, id, values);

describe("keyed messages", () => {
  it("carry the id and values and read back", () => {
    const text = keyed("validation.text.atMost", { max: 254 });
    expect(text).toBe('@@validation.text.atMost{"max":254}');
    expect(isKeyed(text)).toBe(true);
    expect(parseKeyed(text)).toEqual({ id: "validation.text.atMost", values: { max: 254 } });
  });

  it("resolve in each language, plurals by the language's rules", () => {
    const text = keyed("validation.text.useAtLeast", { min: 8 });
    expect(resolveKeyed(text, inLanguage("en"))).toBe("Use at least 8 characters");
    expect(resolveKeyed(text, inLanguage("nb"))).toBe("Bruk minst 8 tegn");
    expect(resolveKeyed(text, inLanguage("de"))).toBe("Verwenden Sie mindestens 8 Zeichen");
    expect(resolveKeyed(keyed("validation.text.useAtLeast", { min: 1 }), inLanguage("en"))).toBe(
      "Use at least 1 character",
    );
  });

  it("resolve a keyed value before the message that holds it", () => {
    const label = keyed("auth.validation.enterPassword");
    const text = keyed("validation.text.labelled.useAtMost", { label, max: 10 });
    expect(resolveKeyed(text, inLanguage("nb"))).toBe(
      "Skriv inn passordet ditt: bruk høyst 10 tegn",
    );
  });

  it("resolve a keyed reason inside the sentence that names what it refuses", () => {
    const reason = keyed("metadata.check.required", { label: "By" });
    const text = keyed("task.refusal.field", { label: "By", reason });
    expect(resolveKeyed(text, inLanguage("nb"))).toBe("By: By må fylles ut");
    expect(resolveKeyed(text, inLanguage("en"))).toBe("By: By is required");
    // A reason that is not keyed (a field's own help text) is shown as written.
    expect(
      resolveKeyed(
        keyed("task.refusal.field", { label: "By", reason: "Bare A–Å" }),
        inLanguage("nb"),
      ),
    ).toBe("By: Bare A–Å");
  });

  it("show what a person typed as written, even when it looks keyed", () => {
    const typed = keyed("auth.validation.enterPassword");
    const text = keyed("validation.search.notADate", { value: typed, examples: "2024" });
    expect(resolveKeyed(text, inLanguage("en"))).toBe(
      `"${typed}" is not a date. Write a date such as 2024.`,
    );
  });

  it("leave other text as it is, malformed or hostile keyed text included", () => {
    const t = inLanguage("nb");
    for (const text of [
      "Enter your name",
      "",
      "@@",
      "@@no-dot",
      '@@validation.text.atMost{"max":',
      "@@validation.text.atMost[1,2]",
      "@@validation.text.atMost{} trailing",
      "a @@validation.text.atMost inside",
    ])
      expect(resolveKeyed(text, t)).toBe(text);
  });

  it("stop resolving values nested deeper than any message uses", () => {
    let text = keyed("validation.text.enterText");
    for (let i = 0; i < 8; i++) text = keyed("validation.text.labelled.enterText", { label: text });
    const resolved = resolveKeyed(text, inLanguage("en"));
    expect(resolved).toContain(": enter text");
    expect(resolved).toContain("@@");
  });

  it("resolve a form's errors, lists and single messages alike", () => {
    const errors = resolveErrors(
      { a: keyed("validation.password.mismatch"), b: [keyed("validation.text.enterText"), "x"] },
      (text) => resolveKeyed(text, inLanguage("de")),
    );
    expect(errors).toEqual({
      a: "Die Passwörter stimmen nicht überein",
      b: ["Geben Sie einen Text ein", "x"],
    });
  });

  it("come out of a schema keyed, and read in Norwegian", () => {
    const parsed = loginSchema.safeParse({ mode: "user" });
    expect(parsed.success).toBe(false);
    const messages = parsed.error!.issues.map((issue) => issue.message);
    expect(messages.every(isKeyed)).toBe(true);
    expect(messages.map((m) => resolveKeyed(m, inLanguage("nb")))).toEqual([
      "Skriv inn brukernavnet ditt",
      "Skriv inn passordet ditt",
    ]);
    expect(z.string().safeParse(1).success).toBe(false);
  });
});
