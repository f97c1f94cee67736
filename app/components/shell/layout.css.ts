import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const header = style({
  background: vars.color.headerBg,
  color: vars.color.headerText,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "8px 24px",
  padding: "8px 16px",
});
export const brand = style({
  color: "inherit",
  fontWeight: 700,
  fontSize: "1.25rem",
  textDecoration: "none",
});
export const nav = style({ display: "flex", gap: "4px" });
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
  marginLeft: "auto",
  display: "flex",
  alignItems: "center",
  gap: "12px",
  flexWrap: "wrap",
});

export const search = style({
  display: "flex",
  alignItems: "center",
  gap: "4px",
  flex: "1 1 240px",
  maxWidth: "420px",
});
export const searchField = style({ position: "relative", flex: 1, display: "flex" });
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
export const headerButton = style({
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
export const userMenuPanel = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 6px)",
  zIndex: 20,
  minWidth: "260px",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  padding: "12px",
  display: "grid",
  gap: "12px",
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
