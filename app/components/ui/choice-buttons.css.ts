import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const choices = style({
  border: "none",
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "4px 8px",
});

export const legend = style({
  float: "left",
  padding: 0,
  marginRight: "4px",
  color: vars.color.textMuted,
});

export const current = style({ padding: "4px 0" });
