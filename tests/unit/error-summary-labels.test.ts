import { describe, expect, test } from "vitest";
import { fieldLabel } from "~/components/ui/ErrorSummary";
import { fieldLabels, memberFieldLabel } from "~/components/archive/archive-dialog-form";
import { translate } from "~/models/locale/catalog.server";
import type { Translate } from "~/models/locale/message-id";

const en: Translate = (id, values) => translate("en", id, values);
const nb: Translate = (id, values) => translate("nb", id, values);

/* The error summary names each field by what a person sees, never by its path (issue 31). */

describe("fieldLabel", () => {
  const labels = { "commerce.discount": "Discount (%)", "properties[].key": "Key {n}" };

  test("a field's own label", () => {
    expect(fieldLabel("commerce.discount", labels)).toBe("Discount (%)");
  });

  test("a row's field by its number, however the form writes the index", () => {
    expect(fieldLabel("properties[0].key", labels)).toBe("Key 1");
    expect(fieldLabel("properties.2.key", labels)).toBe("Key 3");
  });

  test("a name the form left out reads as words, not as a path", () => {
    expect(fieldLabel("commerce.accountId", labels)).toBe("Account id");
    expect(fieldLabel("DownloadProcessing.CustomProcessingProfileSet", {})).toBe(
      "Custom processing profile set",
    );
    expect(fieldLabel("rows[3].zip_code", {})).toBe("Zip code");
  });

  test("a nameless entry is the whole form, in the words the page gives", () => {
    expect(fieldLabel("", labels, "Dette skjemaet")).toBe("Dette skjemaet");
  });

  test("the archive dialog's fields and member rows", () => {
    const labels = fieldLabels(en);
    expect(fieldLabel("DownloadProcessing.CustomProcessingProfileSet", labels)).toBe(
      "Processing profile set",
    );
    expect(fieldLabel("MetadataMacros.Macros[1].Field", labels)).toBe("Macro 2: Field");
    const values = { MemberList: [{ Id: "7", MemberType: "group", Name: "Desk" }] };
    expect(memberFieldLabel(en, "MemberList[0].AutoSearch", values)).toBe("Search filter of Desk");
    expect(memberFieldLabel(en, "MemberList[0].Id", values)).toBe("Member Desk");
    expect(memberFieldLabel(en, "Name", values)).toBeUndefined();
  });

  test("the archive dialog's labels in Norwegian, the row's number filled in", () => {
    expect(fieldLabel("MetadataMacros.Macros[1].Field", fieldLabels(nb))).toBe("Makro 2: Felt");
    const values = { MemberList: [{ Id: "7", MemberType: "group", Name: "Desk" }] };
    expect(memberFieldLabel(nb, "MemberList[0].AutoSearch", values)).toBe("Søkefilter for Desk");
  });
});
