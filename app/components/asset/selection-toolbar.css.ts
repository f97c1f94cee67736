import { globalStyle, style, type StyleRule } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// From here up, where a closed <details> can show its content, the disclosure dissolves (as the
// header's menu does, decision 088); elsewhere it stays a disclosure at every width.
const wide = (rule: StyleRule): StyleRule => ({
  "@supports": { "selector(::details-content)": { "@media": { "(min-width: 720px)": rule } } },
});

/*
 * The selection toolbar (decision 087). Without JavaScript it sits above the grid, always there:
 * on a phone folded into a disclosure, "Actions on selected assets", so the grid starts near
 * where it does with scripts; on wider screens open as a row. With it, it floats at the top of the viewport while something is selected, over the header,
 * so it neither pushes the tiles down as it comes nor hides behind the toasts and the floating
 * footer at the bottom; on a phone its actions scroll sideways in one row.
 */
export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "8px 16px",
  padding: "8px 0",
  background: vars.color.bg,
  selectors: {
    "&[data-floating]": {
      position: "fixed",
      top: 0,
      left: 0,
      right: 0,
      zIndex: 25,
      flexWrap: "nowrap",
      padding: "8px 16px",
      background: vars.color.surfaceRaised,
      color: vars.color.text,
      borderBottom: `2px solid ${vars.color.accent}`,
      boxShadow: vars.shadow.raised,
    },
  },
  "@media": {
    // A phone: the count and Clear on one row, the actions on the next.
    "(max-width: 720px)": { selectors: { "&[data-floating]": { flexWrap: "wrap" } } },
  },
});

export const summary = style({
  display: "flex",
  alignItems: "center",
  gap: "8px",
  flexShrink: 0,
  fontWeight: 600,
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "8px",
  minWidth: 0,
  selectors: {
    [`${toolbar}[data-floating] &`]: { flex: "1 1 auto" },
  },
  "@media": {
    "(max-width: 720px)": {
      selectors: {
        [`${toolbar}[data-floating] &`]: {
          flexBasis: "100%",
          flexWrap: "nowrap",
          overflowX: "auto",
          // Room for a focused button's outline inside the scroller.
          padding: "4px",
        },
      },
    },
  },
});

globalStyle(`${actions} > *`, { flexShrink: 0 });

// Keyboard focus moved to a tile under the floating bar is scrolled out from under it.
globalStyle(`html:has(${toolbar}[data-floating])`, {
  scrollPaddingTop: "72px",
  "@media": { "(max-width: 720px)": { scrollPaddingTop: "120px" } },
});

/** The disclosure without JavaScript: its summary on a phone, nothing of its own when wide. */
export const disclosure = style({
  padding: "4px 0 8px",
  ...wide({ display: "contents" }),
});
globalStyle(`${disclosure}::details-content`, wide({ display: "contents" }));

export const opener = style({
  listStyle: "none",
  selectors: {
    "&::-webkit-details-marker": { display: "none" },
    // A chevron, drawn: right when closed, down when open.
    "&::after": {
      content: "''",
      width: "6px",
      height: "6px",
      borderRight: "2px solid currentColor",
      borderBottom: "2px solid currentColor",
      transform: "rotate(-45deg)",
    },
    [`${disclosure}[open] > &::after`]: { transform: "rotate(45deg)" },
  },
  ...wide({ display: "none" }),
});
