/*
 * The type scale and spacing steps (docs/design.md). They are the same in light and dark, so they
 * are constants rather than theme variables; new styles take their sizes from here.
 */

/** Type: a 1.2 ratio around the body's 1rem. */
export const text = {
  sm: "0.85rem",
  base: "1rem",
  lg: "1.2rem",
  xl: "1.44rem",
  xxl: "1.75rem",
} as const;

/** Spacing: steps of 4 px. */
export const space = {
  1: "4px",
  2: "8px",
  3: "12px",
  4: "16px",
  6: "24px",
  8: "32px",
} as const;

/** The one width of a form's column of fields. */
export const FORM_WIDTH = "36rem";
