import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { FORM_WIDTH } from "~/styles/scale";

export const section = style({ display: "grid", gap: "12px" });
export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: "8px",
});
export const row = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "8px",
  padding: "8px 12px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
});
export const who = style({ display: "grid", gap: "2px" });
export const detail = style({ color: vars.color.textMuted, fontSize: "0.9rem" });
export const form = style({ display: "grid", gap: "12px", maxWidth: FORM_WIDTH });
export const inline = style({ display: "flex", flexWrap: "wrap", gap: "8px", alignItems: "end" });
export const link = style({ color: vars.color.link });
export const popover = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.raised,
  minWidth: "var(--trigger-width)",
  maxHeight: "300px",
  overflow: "auto",
});
export const listBox = style({ outline: "none", padding: "4px" });
export const option = style({
  padding: "6px 10px",
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  selectors: {
    "&[data-focused], &[data-hovered]": {
      background: vars.color.accent,
      color: vars.color.accentText,
    },
    "&[data-selected]": { fontWeight: 700 },
  },
});
export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: "8px 12px",
  display: "grid",
  gap: "6px",
});
