import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LocaleProvider, type LocaleState } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { MessageId } from "~/models/locale/message-id";

/* Messages with markup: tags become the given elements; values never become markup. */
function render(message: string, values: Record<string, string | number>, components = {}) {
  const state: LocaleState = {
    messages: { "common.test": compileMessageOrThrow(message) },
    language: "en",
    timeZone: "UTC",
    areas: new Set(["common"]),
  };
  return renderToStaticMarkup(
    <LocaleProvider value={state}>
      <Msg id={"common.test" as MessageId} values={values} components={components} />
    </LocaleProvider>,
  );
}

describe("Msg", () => {
  it("wraps tagged text in the given elements, nested and empty ones too", () => {
    expect(render("Read <0>the policy</0> now", {}, { 0: <a href="/p" /> })).toBe(
      'Read <a href="/p">the policy</a> now',
    );
    expect(render("<0>a <1>b</1></0><2/>", {}, { 0: <em />, 1: <strong />, 2: <br /> })).toBe(
      "<em>a <strong>b</strong></em><br/>",
    );
  });

  it("shows a value holding tags as text, escaped", () => {
    expect(render("File <0>{name}</0>", { name: "<0>x</0><script>" }, { 0: <b /> })).toBe(
      "File <b>&lt;0&gt;x&lt;/0&gt;&lt;script&gt;</b>",
    );
  });

  it("keeps the text of a tag it was not given, and of a tag left open", () => {
    expect(render("a <3>b</3> c", {}, {})).toBe("a b c");
    expect(render("a <0>b", {}, { 0: <b /> })).toBe("a b");
  });

  it("counts with plurals", () => {
    expect(
      render(
        "{count, plural, one {<0>#</0> asset} other {<0>#</0> assets}}",
        { count: 3 },
        { 0: <b /> },
      ),
    ).toBe("<b>3</b> assets");
  });
});
