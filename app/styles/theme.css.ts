import { assignVars, createGlobalThemeContract, globalStyle } from "@vanilla-extract/css";
import { dark, light } from "./palette";

/*
 * Theme tokens. The server renders <html data-theme="light|dark|auto">; "auto" follows the system
 * through a media query, so the right colours paint on the first frame with no script.
 */
export const vars = createGlobalThemeContract(
  {
    color: {
      bg: "bg",
      surface: "surface",
      surfaceRaised: "surface-raised",
      text: "text",
      textMuted: "text-muted",
      border: "border",
      accent: "accent",
      accentText: "accent-text",
      link: "link",
      focus: "focus",
      danger: "danger",
      dangerBg: "danger-bg",
      warning: "warning",
      warningBg: "warning-bg",
      success: "success",
      successBg: "success-bg",
      headerBg: "header-bg",
      headerText: "header-text",
      overlay: "overlay",
    },
    font: { body: "font-body", mono: "font-mono" },
    radius: { sm: "radius-sm", md: "radius-md" },
    shadow: { raised: "shadow-raised" },
  },
  (_value, path) => `arkiv-${path.join("-")}`,
);

globalStyle(':root, :root[data-theme="light"]', {
  vars: assignVars(vars, light),
  colorScheme: "light",
});
globalStyle(':root[data-theme="dark"]', { vars: assignVars(vars, dark), colorScheme: "dark" });
globalStyle(':root[data-theme="auto"]', {
  colorScheme: "light dark",
  "@media": { "(prefers-color-scheme: dark)": { vars: assignVars(vars, dark) } },
});
