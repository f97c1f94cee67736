import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const panel = style({
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  padding: "24px",
  maxWidth: "640px",
  margin: "32px auto",
  borderTop: `6px solid ${vars.color.danger}`,
});
export const title = style({ margin: "0 0 12px", fontSize: "1.4rem" });
export const list = style({ paddingLeft: "20px" });
export const details = style({ marginTop: "12px" });
export const rows = style({ display: "grid", gap: "4px", margin: "8px 0 0" });
export const row = style({
  display: "grid",
  gridTemplateColumns: "130px 1fr",
  gap: "8px",
  wordBreak: "break-word",
});
export const actions = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: "8px",
  marginTop: "20px",
});
