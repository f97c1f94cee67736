import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { FORM_WIDTH } from "~/styles/scale";

export const tree = style({ listStyle: "none", margin: 0, paddingLeft: 0 });
export const branch = style({ listStyle: "none", margin: 0, paddingLeft: "24px" });
export const node = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "8px",
  padding: "4px 0",
  borderBottom: `1px solid ${vars.color.border}`,
});
export const toggle = style({
  display: "inline-block",
  width: "24px",
  textAlign: "center",
  color: vars.color.link,
  textDecoration: "none",
});
export const label = style({
  fontWeight: 600,
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});
export const value = style({ color: vars.color.textMuted, fontSize: "0.9rem" });
export const actions = style({ display: "flex", gap: "12px", marginLeft: "auto" });
export const link = style({ color: vars.color.link });
export const form = style({ display: "grid", gap: "12px", maxWidth: FORM_WIDTH });
export const row = style({ display: "flex", gap: "8px", alignItems: "flex-end", flexWrap: "wrap" });
export const error = style({ color: vars.color.danger, fontWeight: 600 });
export const searchError = style({
  color: vars.color.danger,
  background: vars.color.dangerBg,
  padding: "4px 8px",
  borderRadius: "4px",
});
export const native = style({
  font: "inherit",
  padding: "8px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: "4px",
  background: vars.color.surface,
  color: vars.color.text,
});
export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: "4px",
  display: "flex",
  gap: "16px",
});
