import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/* The header's running-work indicator (decision 090): a link in the header's colours. */
export const link = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "8px",
  minHeight: "36px",
  padding: "4px 12px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.headerText}`,
  color: "inherit",
  fontWeight: 600,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: {
    "&:hover": { background: "rgba(255,255,255,0.15)" },
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const track = style({
  width: "48px",
  height: "8px",
  borderRadius: "4px",
  border: `1px solid ${vars.color.headerText}`,
  overflow: "hidden",
});

export const fill = style({
  display: "block",
  height: "100%",
  background: vars.color.headerText,
  transition: "width 200ms linear",
});
