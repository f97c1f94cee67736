import type { ReactElement } from "react";
import { renderToStaticMarkup as renderMarkup } from "react-dom/server";
import { LocaleProvider } from "~/components/locale/locale-context";
import { messagesFor } from "~/models/locale/catalog.server";
import { describe, expect, it } from "vitest";
import { BatchTagsEditor } from "~/components/metadata/editors/BatchTagsEditor";
import { FieldValue } from "~/components/metadata/editors/FieldValue";
import { FieldWidget } from "~/components/metadata/editors/FieldWidget";
import {
  editsFromAssetForm,
  editsFromBatchForm,
  valueName,
  type EditorField,
} from "~/components/metadata/editors/field-form";

/** The editors speak by key (decision 101): rendered in English, as the page would be. */
const renderToStaticMarkup = (node: ReactElement) =>
  renderMarkup(
    <LocaleProvider
      value={{ messages: messagesFor("en"), language: "en", timeZone: "UTC", areas: new Set() }}
    >
      {node}
    </LocaleProvider>,
  );

/*
 * The widgets as the server renders them (and a browser without JavaScript shows them): every
 * kind a plain named input, read back through the same mapping the actions use.
 */

const base: EditorField = {
  id: 0,
  label: "",
  dataType: "text",
  multiInstance: false,
  multiline: false,
  required: false,
  readonly: false,
  options: [],
  validation: {},
  labelPlacement: "top",
  maxLength: 1000,
  values: [],
  mixed: false,
};
const field = (over: Partial<EditorField>): EditorField => ({ ...base, ...over });
const render = (f: EditorField, values: string[], error?: string) =>
  renderToStaticMarkup(
    <FieldWidget field={f} name={valueName(f.id)} values={values} hydrated={false} error={error} />,
  );

describe("form mode without JavaScript", () => {
  it("renders each kind as a named input holding its value", () => {
    const cases: [EditorField, string[], RegExp][] = [
      [field({ id: 1, label: "Headline" }), ["Hi"], /<input[^>]*name="field\.1"[^>]*value="Hi"/],
      [
        field({ id: 2, label: "Caption", multiline: true }),
        ["Long"],
        /<textarea[^>]*name="field\.2"[^>]*>Long<\/textarea>/,
      ],
      [
        field({ id: 3, label: "Keywords", multiInstance: true }),
        ["a", "b"],
        /<textarea[^>]*name="field\.3"[^>]*>a\nb<\/textarea>/,
      ],
      [
        field({
          id: 4,
          label: "Kind",
          dataType: "dropdown",
          options: [{ value: "x", label: "Ex" }],
        }),
        ["x"],
        /<select[^>]*name="field\.4"/,
      ],
      [
        field({
          id: 5,
          label: "City",
          dataType: "input-dropdown",
          options: [{ value: "Oslo", label: "Oslo" }],
        }),
        ["Bergen"],
        /<input[^>]*name="field\.5"[^>]*list=/,
      ],
      [
        field({ id: 6, label: "Count", dataType: "number", validation: { min: 1, max: 9 } }),
        ["3"],
        /<input[^>]*type="number"[^>]*name="field\.6"[^>]*min="1"[^>]*max="9"/,
      ],
      [
        field({ id: 7, label: "Approved", dataType: "checkbox" }),
        ["true"],
        /name="field\.7"[^>]*checked=""[^>]*value="true"|checked=""[^>]*name="field\.7"/,
      ],
      [
        field({ id: 8, label: "Secret", dataType: "password" }),
        [],
        /<input[^>]*type="password"[^>]*name="field\.8"/,
      ],
      [
        field({ id: 9, label: "Mail", dataType: "email" }),
        [],
        /<input[^>]*type="email"[^>]*name="field\.9"/,
      ],
    ];
    for (const [f, values, pattern] of cases) expect(render(f, values), f.label).toMatch(pattern);
  });

  it("the label follows the placement; none keeps it for screen readers; required is said", () => {
    const none = render(field({ id: 1, label: "Hidden label", labelPlacement: "none" }), []);
    expect(none).toContain("Hidden label");
    expect(render(field({ id: 1, label: "Left", labelPlacement: "left" }), [])).toContain(
      'data-label-placement="left"',
    );
    expect(render(field({ id: 1, label: "Must", required: true }), [])).toContain(
      "Must (required)",
    );
  });

  it("a failed rule shows its help text and marks the input invalid", () => {
    const html = render(field({ id: 1, label: "Frame" }), ["x"], "Only numbers, please");
    expect(html).toContain("Only numbers, please");
    expect(html).toMatch(/aria-invalid="true"/);
  });

  it("view mode says empty, required-empty and mixed in words", () => {
    expect(renderToStaticMarkup(<FieldValue field={field({})} values={[]} />)).toContain("Not set");
    expect(
      renderToStaticMarkup(<FieldValue field={field({ required: true })} values={[]} />),
    ).toContain('data-required-empty="true"');
    expect(
      renderToStaticMarkup(<FieldValue field={field({ mixed: true })} values={["a"]} />),
    ).toContain("Mixed values");
    expect(
      renderToStaticMarkup(
        <FieldValue field={field({ dataType: "date" })} values={["2024-05-17T13:45:00Z"]} />,
      ),
    ).toContain("2024-05-17 13:45");
  });
});

describe("the batch tags without JavaScript", () => {
  const keywords = field({
    id: 25,
    label: "Keywords",
    multiInstance: true,
    values: [
      { value: "harbour", notInAll: false },
      { value: "boat", notInAll: true },
    ],
  });
  const html = renderToStaticMarkup(<BatchTagsEditor field={keywords} hydrated={false} />);

  it("marks a value only some assets carry, in its look and its name", () => {
    expect(html).toMatch(/data-not-in-all="true"[^>]*>[^]*?boat[^]*?on some assets/);
    expect(html).toMatch(/harbour[^]*?on all assets/);
  });

  it("offers remove for every value, apply-to-all for partial ones, and a text to add", () => {
    expect(html.match(/name="remove\.25"/g)).toHaveLength(2);
    expect(html.match(/name="add\.25"/g)).toHaveLength(2);
    expect(html).toContain('value="boat"');
  });
});

it("the asset form posts back what it renders: an untouched form changes nothing", () => {
  const f = field({
    id: 120,
    label: "Caption",
    multiline: true,
    values: [{ value: "Same", notInAll: false }],
  });
  const posted = new URLSearchParams([
    ["edit", "120"],
    ["field.120", "Same"],
  ]);
  expect(editsFromAssetForm([f], posted)).toEqual([]);
  expect(editsFromBatchForm([f], posted)).toEqual([]);
});
