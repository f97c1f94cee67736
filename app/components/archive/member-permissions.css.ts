import { style } from "@vanilla-extract/css";
import * as controls from "~/components/ui/controls.css";
import { vars } from "~/styles/theme.css";

export const editor = style({
  display: "grid",
  gap: "12px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: "8px",
  padding: "12px 16px",
  margin: 0,
  minWidth: 0,
});

export const legend = style({ fontWeight: 600, padding: "0 4px" });

export const tools = style({ display: "flex", flexWrap: "wrap", gap: "8px" });

export const group = style({ display: "grid", gap: "4px" });

export const groupTitle = style({ fontWeight: 600, fontSize: "0.95rem" });

export const boxes = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(190px, 1fr))",
  gap: "4px 16px",
});

/** The house checkbox (controls.css), packed tighter in the grid of boxes. */
export const box = style([
  controls.checkbox,
  {
    marginBottom: 0,
    minHeight: "32px",
    selectors: { "&[data-disabled]": { cursor: "not-allowed" } },
  },
]);

export const square = style([
  controls.checkboxBox,
  {
    selectors: {
      [`${box}[data-disabled] &`]: { opacity: 0.6 },
      [`${box}[data-invalid] &`]: { borderColor: vars.color.danger },
    },
  },
]);

/** Why a group's boxes grant nothing in Arkiv (decision 085). */
export const groupNote = style({ color: vars.color.textMuted, fontSize: "0.85rem", margin: 0 });

/** When a box will take effect: under it, read through aria-describedby. */
export const effectNote = style({
  display: "block",
  color: vars.color.textMuted,
  fontSize: "0.8rem",
  marginTop: "-4px",
});

/** Why a box is locked: read by screen readers through aria-describedby, shown small beside it. */
export const lockReason = style({ color: vars.color.textMuted, fontSize: "0.8rem" });

export const error = style({ color: vars.color.danger, fontSize: "0.9rem" });
