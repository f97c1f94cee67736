import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { FORM_WIDTH } from "~/styles/scale";

export const form = style({ display: "grid", gap: "16px", maxWidth: FORM_WIDTH });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px",
  alignItems: "center",
});

export const steps = style({ margin: 0, color: vars.color.textMuted });

export const tabList = style({
  display: "flex",
  // The three ways to invite take two lines on a phone in longer languages.
  flexWrap: "wrap",
  gap: "4px",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  padding: "8px 16px",
  cursor: "pointer",
  color: vars.color.text,
  borderBottom: "3px solid transparent",
  outline: "none",
  selectors: {
    "&[data-selected]": { borderBottomColor: vars.color.accent, fontWeight: 600 },
    "&[data-hovered]": { background: vars.color.surfaceRaised },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "-3px" },
  },
});

export const tabPanel = style({
  display: "grid",
  gap: "16px",
  paddingTop: "12px",
  outline: "none",
  selectors: {
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const groupList = style({
  display: "grid",
  gap: "4px",
  padding: 0,
  margin: 0,
  listStyle: "none",
});

export const groupItem = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "8px",
  padding: "4px 8px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const search = style({
  display: "flex",
  gap: "8px",
  alignItems: "flex-end",
  flexWrap: "wrap",
});

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
});

globalStyle(`${table} th, ${table} td`, {
  textAlign: "left",
  padding: "8px",
  verticalAlign: "top",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const detailRow = style({});
globalStyle(`${detailRow} td`, { paddingTop: 0 });

export const typeCell = style({ display: "flex", alignItems: "center", gap: "6px" });

export const icon = style({ width: "18px", height: "18px", flex: "none", fill: "currentColor" });

export const details = style({ display: "grid", gap: "8px" });

export const summary = style({
  cursor: "pointer",
  color: vars.color.link,
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: "4px 12px",
  margin: 0,
  overflowWrap: "anywhere",
});

export const confirm = style({
  display: "grid",
  gap: "8px",
  padding: "12px",
  borderRadius: vars.radius.md,
  background: vars.color.dangerBg,
  color: vars.color.text,
});

export const link = style({ color: vars.color.link });

export const message = style({
  whiteSpace: "pre-line",
  padding: "12px 16px",
  borderLeft: `4px solid ${vars.color.accent}`,
  background: vars.color.surfaceRaised,
  margin: 0,
});

export const done = style({
  display: "grid",
  gap: "12px",
  padding: "12px 16px",
  borderRadius: vars.radius.md,
  background: vars.color.successBg,
  color: vars.color.text,
});
