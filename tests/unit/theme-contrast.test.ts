import { describe, expect, it } from "vitest";
import { dark, light } from "~/styles/palette";

/*
 * The themes' colours, pair by pair as the interface paints them (decision 076): text at least
 * 4.5:1 against every surface it sits on (WCAG 1.4.3), and the edges of controls, the focus ring
 * and the accent at least 3:1 against what surrounds them (WCAG 1.4.11). axe checks pages; this
 * checks every pair in both themes, including those no page in the suite happens to show.
 */

type Colours = typeof light.color;
type Token = keyof Colours;

/** Relative luminance of a #rrggbb colour (WCAG 2.1). */
function luminance(hex: string) {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string) {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

const SURFACES: Token[] = ["bg", "surface", "surfaceRaised"];
const TEXT: [Token, Token[]][] = [
  ["text", SURFACES],
  ["textMuted", SURFACES],
  ["link", SURFACES],
  ["danger", [...SURFACES, "dangerBg"]],
  ["warning", [...SURFACES, "warningBg"]],
  ["success", [...SURFACES, "successBg"]],
  ["text", ["dangerBg", "warningBg", "successBg"]],
  ["accentText", ["accent"]],
  ["headerText", ["headerBg"]],
];
const EDGES: [Token, Token[]][] = [
  ["border", SURFACES],
  ["focus", SURFACES],
  ["accent", SURFACES],
];

describe.each([
  ["light", light.color],
  ["dark", dark.color],
] as const)("the %s theme", (_name, colours: Colours) => {
  it.each(TEXT.flatMap(([fg, bgs]) => bgs.map((bg) => [fg, bg] as const)))(
    "%s text on %s reaches 4.5:1",
    (fg, bg) => {
      expect(contrast(colours[fg], colours[bg])).toBeGreaterThanOrEqual(4.5);
    },
  );
  it.each(EDGES.flatMap(([fg, bgs]) => bgs.map((bg) => [fg, bg] as const)))(
    "%s on %s reaches 3:1",
    (fg, bg) => {
      expect(contrast(colours[fg], colours[bg])).toBeGreaterThanOrEqual(3);
    },
  );
});

describe("the contrast measure", () => {
  it("gives the WCAG figures for known pairs", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrast("#ffffff", "#ffffff")).toBe(1);
  });
});
