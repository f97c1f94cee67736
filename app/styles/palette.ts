/*
 * The two themes' values (theme.css.ts assigns them to the tokens). A plain module, so that
 * tests/unit/theme-contrast.test.ts can prove each pair the interface paints meets WCAG AA.
 */
const shared = {
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  },
  radius: { sm: "4px", md: "8px" },
};

export const light = {
  ...shared,
  color: {
    bg: "#f5f5f4",
    surface: "#ffffff",
    surfaceRaised: "#ffffff",
    text: "#1c1c1c",
    textMuted: "#555555",
    border: "#8a8a8a",
    accent: "#1f5fa8",
    accentText: "#ffffff",
    link: "#1a57a0",
    focus: "#1f5fa8",
    danger: "#a4161a",
    dangerBg: "#fdecec",
    warning: "#7a4d00",
    warningBg: "#fff4dc",
    success: "#1e6b34",
    successBg: "#e6f4ea",
    headerBg: "#262626",
    headerText: "#ffffff",
    overlay: "rgba(0, 0, 0, 0.5)",
  },
  shadow: { raised: "0 4px 16px rgba(0, 0, 0, 0.18)" },
};

export const dark: typeof light = {
  ...shared,
  color: {
    bg: "#121212",
    surface: "#1e1e1e",
    surfaceRaised: "#2a2a2a",
    text: "#ececec",
    textMuted: "#b5b5b5",
    border: "#7a7a7a",
    accent: "#7fb2f0",
    accentText: "#0b1b2e",
    link: "#8fc0ff",
    focus: "#8fc0ff",
    danger: "#ff9b9b",
    dangerBg: "#3a1414",
    warning: "#ffd27a",
    warningBg: "#3a2a08",
    success: "#8fe0a5",
    successBg: "#10301a",
    headerBg: "#000000",
    headerText: "#ffffff",
    overlay: "rgba(0, 0, 0, 0.7)",
  },
  shadow: { raised: "0 4px 16px rgba(0, 0, 0, 0.6)" },
};
