import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const tabList = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "4px",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  padding: "8px 12px",
  cursor: "pointer",
  color: vars.color.text,
  borderBottom: "3px solid transparent",
  selectors: {
    "&[data-selected]": { borderBottomColor: vars.color.accent, fontWeight: 600 },
    "&[data-marked]": { fontWeight: 700 },
    "&[data-hovered]": { background: vars.color.surfaceRaised },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

/*
 * Every panel stays mounted so one post sends the whole form; react-aria marks the inactive ones
 * inert but leaves hiding them to the style, so it is done here, once for every tabbed form.
 */
export const panel = style({
  selectors: { "&[data-inert]": { display: "none" } },
});
