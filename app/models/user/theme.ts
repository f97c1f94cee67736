import type { InterfaceStyle } from "./user.schema";

export type Theme = "light" | "dark" | "auto";

/**
 * Dark mode is on only when the site allows it and the user chose it (dark, or auto following the
 * system). Visitors who are not signed in, and the guest, have no choice of their own: light.
 */
export function themeFor(siteDarkMode: boolean, userStyle: InterfaceStyle | null): Theme {
  if (!siteDarkMode || !userStyle) return "light";
  return userStyle;
}
