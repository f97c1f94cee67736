import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
// A fieldset is as wide as its widest word or table by default: in German or on a phone that
// pushed whole forms past the window. It takes its parent's width, as a div does.
globalStyle("fieldset", { minInlineSize: 0 });
globalStyle("html, body", { margin: 0, padding: 0 });
globalStyle("body", {
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: "16px",
  lineHeight: 1.5,
});
globalStyle("a", { color: vars.color.link });
globalStyle(
  "a:focus-visible, button:focus-visible, input:focus-visible, summary:focus-visible, textarea:focus-visible, select:focus-visible",
  {
    outline: `3px solid ${vars.color.focus}`,
    outlineOffset: "2px",
  },
);
globalStyle("h1, h2, h3", { lineHeight: 1.25 });

export const visuallyHidden = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
});

export const skipLink = style({
  position: "absolute",
  left: "8px",
  top: "-48px",
  zIndex: 100,
  padding: "8px 12px",
  background: vars.color.surface,
  color: vars.color.link,
  borderRadius: vars.radius.sm,
  selectors: { "&:focus": { top: "8px" } },
});

export const main = style({
  flex: "1 0 auto",
  width: "100%",
  maxWidth: "1200px",
  margin: "0 auto",
  padding: "24px 16px 48px",
  selectors: {
    // The grid pages use the window's width (issue 31): pictures first, the pane beside them.
    "&[data-wide]": { maxWidth: "none", padding: "12px 16px 48px" },
  },
});

/*
 * One column that may shrink below its content's widest line: a wide table then scrolls in its
 * own box (TableScroller) instead of widening the page past a phone's screen.
 */
export const page = style({ display: "grid", gap: "16px", gridTemplateColumns: "minmax(0, 1fr)" });

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: "24px",
});

export const narrowPanel = style([panel, { maxWidth: "440px", margin: "0 auto", width: "100%" }]);

export const muted = style({ color: vars.color.textMuted });

export const alert = style({
  padding: "12px 16px",
  borderRadius: vars.radius.sm,
  borderLeft: "4px solid currentColor",
  margin: "0 0 16px",
});
export const alertDanger = style([
  alert,
  { background: vars.color.dangerBg, color: vars.color.danger },
]);
export const alertWarning = style([
  alert,
  { background: vars.color.warningBg, color: vars.color.warning },
]);
export const alertInfo = style([
  alert,
  { background: vars.color.surfaceRaised, color: vars.color.text },
]);
