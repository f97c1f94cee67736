import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const panel = style({ display: "grid", gap: "16px" });

export const selection = style({
  margin: 0,
  paddingLeft: "20px",
  color: vars.color.textMuted,
  maxHeight: "8em",
  overflowY: "auto",
});

export const search = style({
  display: "flex",
  gap: "8px",
  alignItems: "flex-end",
  flexWrap: "wrap",
});

export const albums = style({
  maxHeight: "40vh",
  overflowY: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: "8px 12px",
});

export const actions = style({ display: "flex", gap: "8px", flexWrap: "wrap" });

export const result = style({
  display: "grid",
  gap: "8px",
  padding: "12px",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
});
