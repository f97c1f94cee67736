import { globalStyle, keyframes, style, type StyleRule } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/*
 * The header is laid out for phones first: one row of the name, the search and the Menu button,
 * the rest in the menu's panel (decision 088). From PHONE_MAX up, where the browser can show a
 * closed <details>'s content (::details-content), the menu dissolves into the row as it was.
 */
export const PHONE_MAX = 720;
const WIDE = `screen and (min-width: ${PHONE_MAX}px)`;
const PHONE = `screen and (max-width: ${PHONE_MAX - 0.02}px)`;
const wide = (rule: StyleRule): StyleRule => ({
  "@supports": { "selector(::details-content)": { "@media": { [WIDE]: rule } } },
});

export const header = style({
  position: "relative",
  background: vars.color.headerBg,
  color: vars.color.headerText,
  display: "flex",
  alignItems: "center",
  gap: "8px",
  padding: "8px 12px",
  ...wide({ flexWrap: "wrap", gap: "8px 24px", padding: "8px 16px" }),
});
export const brand = style({
  color: "inherit",
  fontWeight: 700,
  fontSize: "1.25rem",
  textDecoration: "none",
  // A long site name gives way to the search on a phone.
  flex: "none",
  maxWidth: "35%",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  ...wide({ maxWidth: "none" }),
});
export const headerMenu = style({ flex: "none", ...wide({ display: "contents" }) });
globalStyle(`${headerMenu}::details-content`, wide({ display: "contents" }));
export const headerMenuButton = style([
  headerButtonBase(),
  {
    listStyle: "none",
    selectors: {
      "&::-webkit-details-marker": { display: "none" },
      [`${headerMenu}[open] > &`]: { background: "rgba(255,255,255,0.15)" },
    },
    ...wide({ display: "none" }),
  },
]);
/** Three bars, drawn, so no icon font or image is needed. */
export const menuIcon = style({
  width: "16px",
  height: "2px",
  background: "currentColor",
  boxShadow: "0 -5px 0 currentColor, 0 5px 0 currentColor",
});
export const headerMenuContent = style({
  position: "absolute",
  top: "100%",
  left: 0,
  right: 0,
  zIndex: 25,
  background: vars.color.headerBg,
  color: vars.color.headerText,
  borderTop: "1px solid rgba(255,255,255,0.25)",
  boxShadow: vars.shadow.raised,
  padding: "12px 16px 16px",
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: "12px",
  maxHeight: "calc(100dvh - 56px)",
  overflowY: "auto",
  ...wide({ display: "contents" }),
});
export const nav = style({ display: "flex", flexWrap: "wrap", gap: "4px" });
export const navLink = style({
  color: "inherit",
  textDecoration: "none",
  padding: "8px 12px",
  borderRadius: vars.radius.sm,
  borderBottom: "3px solid transparent",
  selectors: {
    '&[aria-current="page"]': { borderBottomColor: vars.color.headerText, fontWeight: 700 },
    "&:hover": { textDecoration: "underline" },
  },
});
export const headerEnd = style({
  display: "flex",
  alignItems: "center",
  gap: "12px",
  flexWrap: "wrap",
  ...wide({ marginLeft: "auto" }),
});

export const search = style({
  display: "flex",
  alignItems: "center",
  gap: "4px",
  flex: "1 1 0",
  minWidth: 0,
  ...wide({ flex: "1 1 240px", maxWidth: "420px" }),
});
/* On a phone the search button shows a magnifier, drawn, in place of its word. */
export const searchWord = style({
  "@media": {
    [PHONE]: {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
  },
});
export const searchIcon = style({
  display: "none",
  position: "relative",
  width: "14px",
  height: "14px",
  margin: "0 3px 3px 0",
  border: "2px solid currentColor",
  borderRadius: "50%",
  "::after": {
    content: "",
    position: "absolute",
    right: "-6px",
    bottom: "-6px",
    width: "2px",
    height: "7px",
    background: "currentColor",
    transform: "rotate(-45deg)",
  },
  "@media": { [PHONE]: { display: "inline-block" } },
});
export const searchField = style({ position: "relative", flex: 1, minWidth: 0, display: "flex" });
/** The invalid-search message, as a tooltip under the field (spec 000 §8). */
export const searchTooltip = style({
  position: "absolute",
  top: "calc(100% + 6px)",
  left: 0,
  zIndex: 20,
  maxWidth: "min(420px, 90vw)",
  padding: "6px 10px",
  borderRadius: 4,
  background: vars.color.dangerBg,
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
  fontSize: "0.875rem",
  boxShadow: "0 2px 8px rgba(0, 0, 0, 0.25)",
});
export const searchInput = style({
  flex: 1,
  minWidth: 0,
  width: "100%",
  font: "inherit",
  minHeight: "36px",
  padding: "4px 36px 4px 10px",
  borderRadius: vars.radius.sm,
  border: "1px solid #8a8a8a",
  background: "#ffffff",
  color: "#1c1c1c",
  selectors: {
    "&::-webkit-search-cancel-button": { display: "none" },
    "&[data-focused]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "1px" },
  },
});
export const searchClear = style({
  position: "absolute",
  right: "2px",
  top: "50%",
  transform: "translateY(-50%)",
  border: 0,
  background: "transparent",
  color: "#1c1c1c",
  cursor: "pointer",
  minWidth: "32px",
  minHeight: "32px",
  fontSize: "1.1rem",
  selectors: {
    "[data-empty] &": { display: "none" },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}` },
  },
});
const spin = keyframes({ to: { transform: "rotate(360deg)" } });
export const spinner = style({
  width: "16px",
  height: "16px",
  borderRadius: "50%",
  border: "2px solid currentColor",
  borderRightColor: "transparent",
  animation: `${spin} 0.8s linear infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animationDuration: "2.4s" } },
});

export const headerLogin = style({
  display: "flex",
  alignItems: "center",
  gap: "6px",
  flexWrap: "wrap",
});
export const headerInput = style({
  font: "inherit",
  width: "130px",
  minHeight: "36px",
  padding: "4px 8px",
  borderRadius: vars.radius.sm,
  border: "1px solid #8a8a8a",
  background: "#ffffff",
  color: "#1c1c1c",
  selectors: {
    "&[data-focused]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "1px" },
  },
});
function headerButtonBase(): StyleRule {
  return {
    font: "inherit",
    fontWeight: 600,
    minHeight: "36px",
    padding: "4px 12px",
    borderRadius: vars.radius.sm,
    border: "1px solid #ffffff",
    background: "transparent",
    color: "inherit",
    cursor: "pointer",
    display: "inline-flex",
    alignItems: "center",
    gap: "6px",
    textDecoration: "none",
    whiteSpace: "nowrap",
  };
}
export const headerButton = style({
  ...headerButtonBase(),
  selectors: {
    "&[data-hovered], &:hover": { background: "rgba(255,255,255,0.15)" },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
    "&[data-disabled]": { opacity: 0.7, cursor: "progress" },
  },
});

export const userMenu = style({ position: "relative" });
export const userMenuSummary = style([
  headerButton,
  { listStyle: "none", selectors: { "&::-webkit-details-marker": { display: "none" } } },
]);
/* In the phone menu a panel opens in place, below its button; on wide screens it drops down. */
export const userMenuPanel = style({
  marginTop: "8px",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: "12px",
  display: "grid",
  gap: "12px",
  ...wide({
    position: "absolute",
    right: 0,
    top: "calc(100% + 6px)",
    marginTop: 0,
    zIndex: 20,
    minWidth: "260px",
    maxWidth: "calc(100vw - 16px)",
    boxShadow: vars.shadow.raised,
  }),
});
export const menuSection = style({
  display: "grid",
  gap: "8px",
  paddingTop: "8px",
  borderTop: `1px solid ${vars.color.border}`,
});
export const menuLink = style({ color: vars.color.link });

export const footer = style({
  flexShrink: 0,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  padding: "16px",
  display: "flex",
  flexWrap: "wrap",
  gap: "16px",
  justifyContent: "space-between",
});
export const floatingFooter = style({
  position: "fixed",
  right: "16px",
  bottom: "16px",
  zIndex: 15,
  display: "flex",
  alignItems: "center",
  gap: "8px",
  padding: "4px",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: "999px",
  boxShadow: vars.shadow.raised,
});
export const floatingFooterLinks = style({ padding: "0 12px" });
export const infoButton = style({
  width: "36px",
  height: "36px",
  borderRadius: "50%",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 700,
  fontFamily: "Georgia, serif",
  cursor: "pointer",
  selectors: {
    "&[data-selected]": { background: vars.color.accent, color: vars.color.accentText },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const banner = style({
  position: "sticky",
  bottom: 0,
  zIndex: 16,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  borderTop: `2px solid ${vars.color.accent}`,
  boxShadow: vars.shadow.raised,
  padding: "16px",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "8px 24px",
});
export const bannerText = style({ flex: "1 1 320px" });
export const bannerTitle = style({ margin: "0 0 4px", fontSize: "1.1rem" });

export const toastRegion = style({
  position: "fixed",
  left: "16px",
  bottom: "16px",
  zIndex: 30,
  display: "flex",
  // react-aria lists the newest toast first; the spec puts the newest on top.
  flexDirection: "column",
  gap: "8px",
  outline: "none",
});
export const toast = style({
  display: "flex",
  alignItems: "center",
  gap: "12px",
  minWidth: "240px",
  maxWidth: "420px",
  padding: "12px 12px 12px 16px",
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderLeft: `6px solid ${vars.color.success}`,
  boxShadow: vars.shadow.raised,
  selectors: {
    '&[data-kind="error"]': { borderLeftColor: vars.color.danger },
    '&[data-kind="warning"]': { borderLeftColor: vars.color.warning },
    '&[data-kind="info"]': { borderLeftColor: vars.color.accent },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}` },
  },
});

export const badge = style({
  display: "inline-block",
  minWidth: "1.4em",
  padding: "0 6px",
  borderRadius: "999px",
  background: vars.color.danger,
  color: "#ffffff",
  fontSize: "0.8rem",
  textAlign: "center",
});
export const toolsPopover = style({
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  padding: "4px",
  maxWidth: "calc(100vw - 24px)",
});
export const toolsMenu = style({ display: "grid", outline: "none", minWidth: "220px" });
export const toolsItem = style({
  display: "block",
  padding: "8px 12px",
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-focused], &[data-hovered]": {
      background: vars.color.accent,
      color: vars.color.accentText,
    },
  },
});
