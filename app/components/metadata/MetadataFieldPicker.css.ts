import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const filters = style({
  display: "grid",
  gridTemplateColumns: "minmax(140px, 1fr) minmax(180px, 2fr)",
  gap: "0 12px",
  alignItems: "end",
});

// Spec 001 §9: grids other than the member grid are 60vh high at most.
export const gridBox = style({
  maxHeight: "60vh",
  overflow: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  minHeight: "120px",
});

export const grid = style({ width: "100%", borderCollapse: "collapse", outline: "none" });

export const column = style({
  position: "sticky",
  top: 0,
  background: vars.color.surfaceRaised,
  textAlign: "start",
  padding: "8px",
  fontWeight: 600,
  borderBottom: `2px solid ${vars.color.border}`,
  outline: "none",
  selectors: { "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}` } },
});

export const row = style({
  cursor: "pointer",
  outline: "none",
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: {
    "&[data-hovered]": { background: vars.color.surface },
    "&[data-selected]": { background: vars.color.accent, color: vars.color.accentText },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "-3px" },
  },
});

export const cell = style({ padding: "6px 8px", verticalAlign: "top" });
export const idCell = style([cell, { width: "72px", fontVariantNumeric: "tabular-nums" }]);
export const checkCell = style([cell, { width: "36px" }]);

export const empty = style({ padding: "12px", color: vars.color.textMuted });

export const count = style({ marginRight: "auto", color: vars.color.textMuted });

export const choices = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
  gap: "4px 16px",
  maxHeight: "40vh",
  overflowY: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: "8px",
  margin: 0,
});

export const fixed = style({ margin: 0, padding: "8px 0" });

export const inGrid = style({ marginBottom: 0 });
