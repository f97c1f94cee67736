import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/* A table of administrative records (the outbox, the pending sign-ups). */
export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  overflowWrap: "anywhere",
});

globalStyle(`${table} th, ${table} td`, {
  textAlign: "start",
  verticalAlign: "top",
  padding: "8px",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const body = style({
  whiteSpace: "pre-wrap",
  fontFamily: vars.font.mono,
  margin: "8px 0 0",
  padding: "8px",
  background: vars.color.bg,
  color: vars.color.text,
  borderRadius: vars.radius.sm,
  maxHeight: "24rem",
  overflow: "auto",
});

export const status = style({ fontWeight: 600 });
export const failed = style({ color: vars.color.danger });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: "8px" });
