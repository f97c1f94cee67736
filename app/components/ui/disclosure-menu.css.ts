import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const menu = style({ position: "relative", display: "inline-block" });

export const summary = style({
  listStyle: "none",
  cursor: "pointer",
  display: "inline-grid",
  placeItems: "center",
  minWidth: "32px",
  minHeight: "28px",
  borderRadius: vars.radius.sm,
  border: `1px solid transparent`,
  color: vars.color.text,
  fontWeight: 700,
  selectors: {
    "&::-webkit-details-marker": { display: "none" },
    "&:hover": { borderColor: vars.color.border },
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
    [`${menu}[open] &`]: { borderColor: vars.color.border, background: vars.color.surface },
  },
});

export const panel = style({
  position: "absolute",
  left: 0,
  top: "calc(100% + 4px)",
  zIndex: 30,
  width: "max-content",
  maxWidth: "min(20rem, calc(100vw - 32px))",
  display: "grid",
  gap: "4px",
  padding: "8px",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
});
