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

export const table = style({ width: "100%", borderCollapse: "collapse" });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "left",
  padding: "6px 8px",
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
});

export const state = style({ fontWeight: 600 });

export const confirm = style({
  display: "grid",
  gap: "8px",
  padding: "12px",
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.md,
  background: vars.color.dangerBg,
  color: vars.color.text,
});

export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: "4px 16px",
  margin: 0,
});

export const formError = style({ color: vars.color.danger, margin: 0 });
