import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const section = style({ display: "grid", gap: "12px", marginBlock: "24px" });

/** The section's title and its "all" link on one line. */
export const heading = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: "8px",
});

/** Square tiles that fill the width: three on a 390 px phone, about eight at 1440 px. */
export const recent = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(110px, 1fr))",
  gap: "8px",
  "@media": {
    "screen and (min-width: 700px)": {
      gridTemplateColumns: "repeat(auto-fill, minmax(160px, 1fr))",
    },
  },
});

export const recentItem = style({ minWidth: 0 });

export const recentLink = style({
  position: "relative",
  display: "block",
  aspectRatio: "1",
  borderRadius: vars.radius.sm,
  overflow: "hidden",
  background: vars.color.surfaceRaised,
  color: "inherit",
  textDecoration: "none",
});

export const recentImage = style({
  width: "100%",
  height: "100%",
  objectFit: "cover",
  display: "block",
});

/** The name over the image's foot, on a band dark enough to read on any picture. */
export const recentLabel = style({
  position: "absolute",
  insetInline: 0,
  bottom: 0,
  padding: "4px 6px",
  fontSize: "0.8rem",
  color: "#fff",
  background: "rgb(0 0 0 / 0.62)",
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
});
