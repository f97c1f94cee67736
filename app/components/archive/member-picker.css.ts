import { style } from "@vanilla-extract/css";
import * as controls from "~/components/ui/controls.css";
import * as formTabs from "~/components/ui/form-tabs.css";
import { vars } from "~/styles/theme.css";

/* The house's tabs (the group and user editors') in the add-member dialog. */
export const tabList = formTabs.tabList;
export const tab = formTabs.tab;

/** The house checkbox as a grid row's selection box. */
export const checkbox = style([controls.checkbox, { marginBottom: 0 }]);
export const square = style([
  controls.checkboxBox,
  // A member already in the list shows ticked and dimmed.
  { selectors: { [`${checkbox}[data-disabled] &`]: { opacity: 0.5 } } },
]);

export const panel = style({ display: "grid", gap: "8px", paddingTop: "12px", outline: "none" });

export const grid = style({
  display: "grid",
  alignContent: "start",
  // The spec's 60vh, bounded so Add stays in view on a short screen.
  height: "min(60vh, 320px)",
  overflow: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  outline: "none",
  selectors: {
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "1px" },
  },
});

export const row = style({
  display: "flex",
  alignItems: "center",
  gap: "10px",
  padding: "6px 10px",
  borderBottom: `1px solid ${vars.color.border}`,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered]": { background: vars.color.surface },
    "&[data-selected]": { background: vars.color.surface },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "-3px" },
    "&[data-disabled]": { cursor: "default", color: vars.color.textMuted },
  },
});

export const rowText = style({ display: "grid", gap: "2px", minWidth: 0 });
export const rowDetail = style({ color: vars.color.textMuted, fontSize: "0.85rem" });

export const bar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px",
  alignItems: "center",
  justifyContent: "space-between",
});

export const paging = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "4px",
  alignItems: "center",
});

export const status = style({ color: vars.color.textMuted, fontSize: "0.9rem" });
export const error = style({ color: vars.color.danger });

export const popover = style({
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.raised,
  maxHeight: "50vh",
  overflow: "auto",
});
export const menu = style({ display: "grid", outline: "none", minWidth: "240px", padding: "4px" });
export const menuItem = style({
  padding: "8px 12px",
  cursor: "pointer",
  outline: "none",
  borderRadius: vars.radius.sm,
  selectors: {
    "&[data-focused]": { background: vars.color.surface, outline: `2px solid ${vars.color.focus}` },
  },
});

/** The chosen members' menu, at the start of the dialog's footer. */
export const chosen = style({ marginInlineEnd: "auto" });
