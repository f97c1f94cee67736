import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/* The product's pages, as the site owner reaches them, and what sticks out of a narrow window. */

export const STATIC_PAGES = [
  "/fotoweb/",
  "/fotoweb/archives/",
  "/fotoweb/albums/",
  "/fotoweb/me/pins/",
  "/fotoweb/views/tasks",
  "/fotoweb/views/management",
  "/fotoweb/views/management/applications",
  "/fotoweb/views/admin/users",
  "/fotoweb/views/admin/users/new",
  "/fotoweb/views/admin/groups",
  "/fotoweb/views/admin/groups/10001",
  "/fotoweb/views/admin/invitations",
  "/fotoweb/views/admin/invite",
  "/fotoweb/views/admin/signups",
  "/fotoweb/views/admin/signup-fields",
  "/fotoweb/views/admin/outbox",
  "/fotoweb/views/admin/archives",
  "/fotoweb/views/admin/archives/new",
  "/fotoweb/views/admin/metadata",
  "/fotoweb/views/admin/metadata/fields/5",
  "/fotoweb/views/admin/metadata/views",
  "/fotoweb/views/admin/metadata/views/default",
  "/fotoweb/views/admin/taxonomies",
  "/fotoweb/views/admin/processing-profiles",
  "/fotoweb/views/admin/rendition-sets",
  "/fotoweb/views/admin/crop-profile-sets",
  "/fotoweb/views/admin/watermarks",
  "/fotoweb/views/admin/trash",
  "/fotoweb/views/admin/index-browser",
  "/fotoweb/views/change-password",
  "/fotoweb/views/cookie-policy",
];

export const FULL_DESCRIPTOR = "application/vnd.fotoware.full-api-descriptor+json";

/** The page's width, and what sticks out past the screen, for the failure's message. */
export async function overflowOf(
  page: Page,
  path: string,
  screen: number,
  options: { load?: boolean; status?: number } = {},
): Promise<string | null> {
  if (options.load !== false) {
    const response = await page.goto(path);
    if (options.status) expect(response?.status(), path).toBe(options.status);
    else expect(response?.status(), path).toBeLessThan(400);
  }
  return page.evaluate(
    ({ path, screen }) => {
      const width = document.documentElement.scrollWidth;
      if (width <= screen) return null;
      const out = [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > screen + 1)
        .filter((el) => {
          const parent = el.parentElement;
          const positioned = ["absolute", "fixed"].includes(getComputedStyle(el).position);
          return positioned || !parent || parent.getBoundingClientRect().right <= screen + 1;
        })
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
      return `${path}: ${width} px (${out.join(", ")})`;
    },
    { path, screen },
  );
}
