import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/* The metadata editors' look, keyed on react-aria's data attributes and the editors' own. */

export const field = style({
  display: "grid",
  gap: "4px",
  marginBottom: "12px",
  selectors: {
    '&[data-label-placement="left"]': {
      gridTemplateColumns: "minmax(8rem, 14rem) 1fr",
      alignItems: "center",
    },
    '&[data-label-placement="right"]': {
      gridTemplateColumns: "1fr minmax(8rem, 14rem)",
      alignItems: "center",
    },
  },
});
globalStyle(`${field}[data-label-placement="right"] > label`, { order: 2 });

export const label = style({ fontWeight: 600 });
export const input = style({
  font: "inherit",
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: "6px 10px",
  minHeight: "36px",
  width: "100%",
  boxSizing: "border-box",
  selectors: {
    "&[data-focused], &:focus-visible": {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: "1px",
    },
    "&[data-invalid], &[aria-invalid=true]": { borderColor: vars.color.danger, borderWidth: "2px" },
    "&[data-disabled], &:disabled": { opacity: 0.6 },
  },
});
export const textarea = style([input, { minHeight: "5rem", resize: "vertical" }]);
export const error = style({ color: vars.color.danger, fontSize: "0.9rem" });
export const help = style({ color: vars.color.textMuted, fontSize: "0.9rem" });

export const value = style({
  margin: 0,
  overflowWrap: "anywhere",
  selectors: {
    '&[data-empty="true"]': { color: vars.color.textMuted, fontStyle: "italic" },
    '&[data-required-empty="true"]': { color: vars.color.danger, fontStyle: "italic" },
  },
});

export const tags = style({ display: "flex", flexWrap: "wrap", gap: "6px", padding: 0 });
export const tag = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "4px",
  padding: "2px 4px 2px 10px",
  borderRadius: "999px",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  selectors: {
    // A value only some of the selection's assets carry.
    '&[data-not-in-all="true"]': { borderStyle: "dashed", background: vars.color.surface },
    '&[data-pending="remove"]': { textDecoration: "line-through", opacity: 0.75 },
    '&[data-pending="add"]': { borderColor: vars.color.accent, borderWidth: "2px" },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});
export const tagButton = style({
  font: "inherit",
  lineHeight: 1,
  border: 0,
  borderRadius: "999px",
  padding: "4px 6px",
  background: "transparent",
  color: "inherit",
  cursor: "pointer",
  selectors: {
    "&[data-hovered]": { background: vars.color.surface },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}` },
  },
});

export const checkbox = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "8px",
  cursor: "pointer",
});
export const checkboxBox = style({
  width: "18px",
  height: "18px",
  borderRadius: "4px",
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  selectors: {
    [`${checkbox}[data-selected] &`]: {
      background: vars.color.accent,
      borderColor: vars.color.accent,
      boxShadow: `inset 0 0 0 3px ${vars.color.surface}`,
    },
    [`${checkbox}[data-focus-visible] &`]: {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: "2px",
    },
  },
});

export const popover = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.raised,
  minWidth: "var(--trigger-width)",
  overflow: "auto",
});
export const listBox = style({ outline: "none", padding: "4px" });
export const option = style({
  padding: "6px 10px",
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  selectors: {
    "&[data-focused], &[data-hovered]": { background: vars.color.surfaceRaised },
    "&[data-selected]": { fontWeight: 700 },
  },
});
export const selectButton = style([
  input,
  { display: "flex", justifyContent: "space-between", alignItems: "center", cursor: "pointer" },
]);
export const comboRow = style({ display: "flex", gap: "4px" });

export const inline = style({
  display: "grid",
  gap: "4px",
  padding: "8px 0",
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&[data-mode="edit"]': { background: vars.color.surfaceRaised, padding: "8px" } },
});
export const inlineHead = style({ display: "flex", justifyContent: "space-between", gap: "8px" });
export const actions = style({ display: "flex", gap: "8px", flexWrap: "wrap" });
export const notice = style({ color: vars.color.textMuted, fontSize: "0.9rem", margin: 0 });

/** The plain form's checkbox: the browser's own, in the accent colour. */
export const nativeCheckbox = style({
  width: "18px",
  height: "18px",
  margin: 0,
  accentColor: vars.color.accent,
});
