import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// As the global page: its column may shrink, so the revisions table scrolls in its own box.
export const page = style({ display: "grid", gap: "16px", gridTemplateColumns: "minmax(0, 1fr)" });

export const nav = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "8px 16px",
});

export const navEnd = style({ marginLeft: "auto", display: "flex", gap: "8px" });

export const link = style({
  color: vars.color.link,
  textDecoration: "underline",
  cursor: "pointer",
  borderRadius: vars.radius.sm,
  selectors: {
    "&[data-hovered]": { textDecorationThickness: "2px" },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const navLink = style([
  link,
  {
    display: "inline-flex",
    alignItems: "center",
    minHeight: "40px",
    padding: "4px 12px",
    border: `1px solid ${vars.color.border}`,
    background: vars.color.surface,
    color: vars.color.text,
    textDecoration: "none",
    selectors: {
      "&[data-hovered]": { background: vars.color.surfaceRaised, textDecoration: "underline" },
    },
  },
]);

export const layout = style({
  display: "grid",
  gap: "24px",
  gridTemplateColumns: "minmax(0, 2fr) minmax(280px, 1fr)",
  alignItems: "start",
  "@media": { "(max-width: 800px)": { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const figure = style({
  margin: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: "8px",
  display: "grid",
  placeItems: "center",
  minHeight: "200px",
});

export const image = style({
  maxWidth: "100%",
  maxHeight: "75vh",
  height: "auto",
  width: "auto",
  objectFit: "contain",
});

export const noPreview = style({ color: vars.color.textMuted, padding: "24px", margin: 0 });

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: "12px 16px",
});

export const panelHeading = style({ fontSize: "1.1rem", margin: "0 0 8px" });

export const fields = style({
  display: "grid",
  gridTemplateColumns: "minmax(100px, auto) 1fr",
  gap: "6px 12px",
  margin: 0,
});

export const term = style({ fontWeight: 600, color: vars.color.textMuted });

export const value = style({ margin: 0, overflowWrap: "anywhere", whiteSpace: "pre-line" });

export const list = style({ margin: 0, paddingLeft: "1.2em" });

export const downloads = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: "8px",
});

export const title = style({ margin: 0, fontSize: "1.5rem", overflowWrap: "anywhere" });

export const hint = style({ color: vars.color.textMuted, fontSize: "0.9rem", margin: 0 });
