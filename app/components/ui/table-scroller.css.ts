import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const scroller = style({
  // The containing block of what the table positions (visually hidden labels): without it they
  // escape the box's clipping and widen the page again.
  position: "relative",
  maxWidth: "100%",
  minWidth: 0,
  overflowX: "auto",
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});
