import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const tabs = style({
  display: "flex",
  gap: "4px",
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: "12px",
});
export const tab = style({
  padding: "8px 12px",
  color: vars.color.link,
  textDecoration: "none",
  borderBottom: "3px solid transparent",
  selectors: {
    '&[aria-current="page"]': { borderBottomColor: vars.color.accent, color: vars.color.text },
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}` },
  },
});
