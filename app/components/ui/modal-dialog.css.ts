import { style } from "@vanilla-extract/css";
import { FORM_WIDTH, space, text } from "~/styles/scale";
import { vars } from "~/styles/theme.css";

/*
 * The one frame of a dialog over the page (ui/ModalDialog): centred on a dimmed page, as wide as
 * its size allows and never wider than the screen, as high as the visible viewport at most (a
 * phone's keyboard included, through react-aria's --visual-viewport-height). The heading and the
 * footer stay in view; the body between them scrolls.
 */

export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: 100,
  height: "var(--visual-viewport-height, 100dvh)",
  background: vars.color.overlay,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  padding: space[3],
});

export const modal = style({
  display: "flex",
  width: "100%",
  maxWidth: "32rem",
  maxHeight: "100%",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  selectors: {
    '&[data-size="medium"]': { maxWidth: FORM_WIDTH },
    '&[data-size="large"]': { maxWidth: "48rem" },
  },
});

export const dialog = style({
  display: "flex",
  flexDirection: "column",
  width: "100%",
  minHeight: 0,
  outline: "none",
});

export const heading = style({
  margin: 0,
  padding: `${space[4]} ${space[4]} ${space[2]}`,
  fontSize: text.lg,
});

/** Padded on every side, so a focused control's ring is not cut off where the body scrolls. */
export const body = style({
  display: "flex",
  flexDirection: "column",
  gap: space[3],
  minHeight: 0,
  overflowY: "auto",
  padding: `${space[2]} ${space[4]}`,
  selectors: {
    "&:first-child": { paddingTop: space[4] },
    "&:last-child": { paddingBottom: space[4] },
  },
});

export const footer = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "flex-end",
  gap: space[2],
  padding: `${space[2]} ${space[4]} ${space[4]}`,
});
