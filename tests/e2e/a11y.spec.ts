import type { Page, TestInfo } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import {
  ADMIN,
  BROWSE_ARCHIVE,
  PASSWORD,
  projectUser,
  REVISIONS_A11Y_ARCHIVE,
  taskEngineUser,
} from "./users";
import { seededAssets } from "./assets";
import { editingAssets } from "./editing";
import {
  choose,
  expect,
  expectAccessible,
  hasJs,
  signInQuietly,
  test,
  waitForHydration,
} from "./fixtures";
import { pathArchiveId } from "./path-archives";

/*
 * axe-core (WCAG 2.1 A and AA) on every page of the shell, once per distinct markup (decision
 * 077): as scripts make it and, where scripts change <main>, as the server sends it without them;
 * forms posted without JavaScript, whose answers are pages of their own, in the no-JavaScript
 * run. Each in the light theme; a dozen representative pages have their colours checked in the
 * dark one too (decisions 076, 077). A user who chose Dark and one on Auto whose system prefers
 * dark prove the server paints their theme. Visitors and the guest always get the light theme.
 */

type Open = (url: string) => Promise<void>;

interface Screen {
  name: string;
  path: string;
  /** Brings the page into the state to check, after it is open. */
  prepare?: (page: Page) => Promise<void>;
  noJsOnly?: string;
}

async function failPasswordChange(page: Page) {
  const main = page.getByRole("main");
  // A wrong current password and a mismatch: nothing can change, whatever runs first.
  await main.getByLabel("Current password").fill("not-the-current-password");
  await main.getByLabel("New password", { exact: true }).fill("another-password-1");
  await main.getByLabel("Confirm new password").fill("another-password-2");
  await main.getByRole("button", { name: "Change password" }).click();
  await expect(main.getByText("The passwords do not match")).toBeVisible();
}

async function failResetRequest(page: Page) {
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Send the link" }).click();
  await expect(
    main.getByText("Enter your user name or e-mail address", { exact: true }),
  ).toBeVisible();
}

const VISITOR_SCREENS: Screen[] = [
  { name: "start page with the cookie banner", path: "/fotoweb/" },
  { name: "log-on view", path: "/fotoweb/views/login" },
  {
    name: "log-on view after a rejected password",
    path: "/fotoweb/views/login",
    prepare: async (page) => {
      const main = page.getByRole("main");
      await choose(main, "User");
      await main.getByLabel("User name").fill("alice");
      await main.getByLabel("Password").fill("not-her-password");
      await main.getByRole("button", { name: "OK" }).click();
      await expect(main.getByRole("alert")).toBeVisible();
    },
  },
  {
    name: "log-on view with field errors",
    path: "/fotoweb/views/login",
    noJsOnly:
      "with JavaScript the OK button stays disabled, so empty fields never reach the server",
    prepare: async (page) => {
      const main = page.getByRole("main");
      await choose(main, "User");
      await main.getByRole("button", { name: "OK" }).click();
      await expect(main.getByText("Enter your user name")).toBeVisible();
    },
  },
  { name: "cookie policy", path: "/fotoweb/views/cookie-policy" },
  { name: "archives with a search", path: "/fotoweb/archives/?q=boats" },
  { name: "albums", path: "/fotoweb/albums/" },
  { name: "page not found", path: "/fotoweb/no-such-page" },
  // The invitation pages with a valid link and the admin pages are checked in
  // invitations.spec.ts (they need an invitation and the invite permission).
  { name: "invitation link not valid", path: `/fotoweb/views/invitation/${"x".repeat(43)}` },
  { name: "forgotten password", path: "/fotoweb/views/forgot-password" },
  {
    name: "forgotten password with errors",
    path: "/fotoweb/views/forgot-password",
    prepare: failResetRequest,
  },
  { name: "forgotten password, link requested", path: "/fotoweb/views/forgot-password?sent=1" },
  { name: "reset link not valid", path: `/fotoweb/views/reset-password/${"x".repeat(43)}` },
];

const USER_SCREENS: Screen[] = [
  { name: "start page", path: "/fotoweb/" },
  {
    name: "start page with the user menu open",
    path: "/fotoweb/",
    prepare: async (page) => {
      await page.getByTestId("user-menu").locator("summary").click();
      await expect(page.getByRole("group", { name: "Interface style" })).toBeVisible();
    },
  },
  {
    name: "start page with a toast",
    path: "/fotoweb/",
    prepare: async (page) => {
      // An invalid style is refused with an error toast and changes nothing.
      await page.request.post("/fotoweb/me/interface-style", {
        form: { style: "sepia", to: "/fotoweb/" },
        maxRedirects: 0,
      });
      await page.reload();
      await expect(page.getByTestId("toast")).toContainText("Choose light, dark or auto.");
    },
  },
  { name: "log-out confirmation", path: "/fotoweb/views/logout" },
  { name: "change password", path: "/fotoweb/views/change-password" },
  {
    name: "change password with errors",
    path: "/fotoweb/views/change-password",
    prepare: failPasswordChange,
  },
  { name: "cookie policy", path: "/fotoweb/views/cookie-policy" },
  { name: "archives with a search", path: "/fotoweb/archives/?q=boats" },
  { name: "albums", path: "/fotoweb/albums/" },
  { name: "pins", path: "/fotoweb/me/pins/" },
  { name: "metadata view", path: "/fotoweb/editors/default" },
  { name: "page not found", path: "/fotoweb/no-such-page" },
  { name: "forgotten password", path: "/fotoweb/views/forgot-password" },
  {
    name: "forgotten password with errors",
    path: "/fotoweb/views/forgot-password",
    prepare: failResetRequest,
  },
];

/* The users pages (decision 034), seen by a manager of people (the seed's manageUsers group). */
const MANAGER_SCREENS: Screen[] = [
  { name: "users grid", path: "/fotoweb/views/admin/users" },
  {
    name: "users grid with the column chooser and the selection open",
    path: "/fotoweb/views/admin/users?sel=15000",
    prepare: async (page) => {
      await page.getByText("Columns", { exact: true }).click();
      await page.getByText("One user selected").click();
      await expect(page.getByRole("button", { name: "Save columns" })).toBeVisible();
    },
  },
  { name: "add user", path: "/fotoweb/views/admin/users/new" },
  {
    name: "add user with errors",
    path: "/fotoweb/views/admin/users/new",
    prepare: async (page) => {
      await page.locator("form#user-editor").getByRole("button", { name: "Add user" }).click();
      await expect(page.getByTestId("error-summary")).toContainText("Username is a required");
    },
  },
  { name: "edit the guest", path: "/fotoweb/views/admin/users/15000" },
  { name: "bulk license dialog", path: "/fotoweb/views/admin/users/bulk?kind=license&sel=15000" },
  { name: "bulk company dialog", path: "/fotoweb/views/admin/users/bulk?kind=company&sel=15000" },
  // The archive dialog (decision 038): the managers also hold manageArchives.
  { name: "add archive", path: "/fotoweb/views/admin/archives/new" },
  {
    name: "add archive with errors",
    path: "/fotoweb/views/admin/archives/new",
    prepare: async (page) => {
      await page.getByRole("main").getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("error-summary")).toContainText("Enter a name");
    },
  },
  {
    name: "archive details",
    path: "/fotoweb/views/admin/archives/new",
    prepare: async (page) => {
      const list = await readPlaywrightJson<{ data: { Id: number; Name: string }[] }>(
        await page.request.get("/fotoweb/api/config/archives", {
          headers: { accept: "application/json" },
        }),
      );
      const browse = list.data.find((a) => a.Name === BROWSE_ARCHIVE)!;
      await page.goto(`/fotoweb/views/admin/archives/${browse.Id}`);
      await waitForHydration(page, test.info());
      await expect(page.getByRole("heading", { level: 1, name: "Archive details" })).toBeVisible();
    },
  },
];

/* The metadata administration (decision 041), seen by an archive manager (manageArchives). */
const ARCHIVIST_SCREENS: Screen[] = [
  { name: "metadata fields", path: "/fotoweb/views/admin/metadata" },
  { name: "add metadata field", path: "/fotoweb/views/admin/metadata/fields/new" },
  { name: "built-in metadata field", path: "/fotoweb/views/admin/metadata/fields/5" },
  { name: "metadata views", path: "/fotoweb/views/admin/metadata/views" },
  { name: "edit metadata view", path: "/fotoweb/views/admin/metadata/views/default" },
  {
    name: "edit metadata view with the field picker open",
    path: "/fotoweb/views/admin/metadata/views/default",
    prepare: async (page) => {
      // Without JavaScript the picker is the region's list of boxes behind a disclosure.
      const disclosure = page.locator("summary", { hasText: "Add fields to region 1" });
      if ((await disclosure.count()) > 0) {
        await disclosure.click();
        await expect(page.getByRole("group", { name: "Fields to add" }).first()).toBeVisible();
        return;
      }
      await page.getByRole("button", { name: "Add fields to region 1" }).click();
      await expect(page.getByRole("dialog", { name: "Add fields to region 1" })).toBeVisible();
    },
  },
  {
    name: "add metadata view with errors",
    path: "/fotoweb/views/admin/metadata/views/new",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Create view" }).click();
      await expect(page.getByRole("form", { name: "New metadata view" })).toContainText(
        "Enter a name",
      );
    },
  },
];

const FORCED_SCREENS: Screen[] = [
  { name: "forced password change", path: "/fotoweb/views/force-change-password" },
  {
    name: "forced password change with errors",
    path: "/fotoweb/views/force-change-password",
    prepare: failPasswordChange,
  },
];

/*
 * Every screen is checked as its user paints it, light, and axe checks its colours in the dark
 * theme too (expectAccessible, decision 076). The dark user and the user on Auto under a dark
 * system prove that the server paints the theme each chose: their start page, with its menu.
 */
const THEMES = [
  {
    name: "light",
    user: "alice",
    forced: "forced-light",
    manager: "manager-light",
    archivist: "archivist-light",
    scheme: "light",
    dataTheme: "light",
    bg: "rgb(245, 245, 244)",
  },
  {
    name: "dark",
    user: "dora",
    scheme: "light",
    dataTheme: "dark",
    bg: "rgb(18, 18, 18)",
    screens: ["start page", "start page with the user menu open"],
  },
  {
    name: "auto with a dark system",
    user: "otto",
    scheme: "dark",
    dataTheme: "auto",
    bg: "rgb(18, 18, 18)",
    screens: ["start page", "start page with the user menu open"],
  },
] as const;

/*
 * The pages whose colours axe checks in the other theme too (decision 077): each kind of surface
 * (the shell and its menus, a grid of assets, lists, forms with errors, dialogs, tables, toasts).
 * Every theme token's contrast on every surface is tests/unit/theme-contrast.test.ts's proof.
 */
const BOTH_THEMES = new Set([
  "start page",
  "start page with the user menu open",
  "start page with a toast",
  "log-on view after a rejected password",
  "archives with a search",
  "albums",
  "users grid",
  "add user with errors",
  "add archive with errors",
  "edit metadata view with the field picker open",
  "manage groups",
  "processing profiles",
  "manage archives",
  "revisions page",
]);

/*
 * One check per distinct markup (decision 077): a page as the server sends it for its address is
 * the same HTML with JavaScript on or off, so the JavaScript run checks it, and checks its
 * script-free copy too where scripts change <main>. Without JavaScript only what differs runs:
 * a form posted to the server (its answer is a page of its own), and the shell as visitors and a
 * signed-in person get it.
 */
const SHELL_WITHOUT_JS = new Set(["start page", "start page as a guest"]);
const CHECKED_WITH_JS =
  "the JavaScript run checks this server HTML, and its script-free copy where scripts change it";
function onlyWithJs(js: boolean, screen: Screen) {
  return !js && !screen.prepare && !SHELL_WITHOUT_JS.has(screen.name) && CHECKED_WITH_JS;
}

/** Declares a test that Playwright skips, before it makes a page, in the project named. */
function testSkipping(
  title: string,
  skip: { js?: string | false; nojs?: string | false },
  body: (fixtures: { page: Page; open: Open }, info: TestInfo) => Promise<void>,
) {
  test.describe(() => {
    const { js, nojs } = skip;
    if (js) test.skip(({ javaScriptEnabled }) => javaScriptEnabled, js);
    if (nojs) test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, nojs);
    test(title, ({ page, open }, info) => body({ page, open }, info));
  });
}

interface Visit {
  /** Signs the screens' user in; a visitor has none. */
  signIn?: (page: Page) => Promise<void>;
  /** Why a screen is not checked in a project, or false. */
  skip: (screen: Screen, js: boolean) => string | false;
  /** Runs on each screen before axe: that the theme under test is the one painted. */
  painted?: (page: Page) => Promise<void>;
  label: (screen: Screen) => string;
}

/**
 * The screens of one address in one page: each one a page opened and axe run on it, in the order
 * given, opening the address again only after a screen that changed the page (a form posted, a
 * menu opened), so its served state and the states prepared from it share a sign-in, a page and
 * one injection of axe. Every screen is checked even when one before it fails; the test then
 * fails with the first failure.
 */
async function checkScreens(page: Page, open: Open, screens: Screen[], visit: Visit) {
  const info = test.info();
  await visit.signIn?.(page);
  let fresh = false;
  const failures: unknown[] = [];
  for (const screen of screens) {
    const skipped = visit.skip(screen, hasJs(info));
    if (skipped) {
      info.annotations.push({ type: "skipped screen", description: `${screen.name}: ${skipped}` });
      continue;
    }
    try {
      await test.step(screen.name, async () => {
        if (!fresh) await open(screen.path);
        fresh = !screen.prepare;
        await screen.prepare?.(page);
        await visit.painted?.(page);
        await expectAccessible(page, info, visit.label(screen), {
          served: !screen.prepare,
          bothThemes: BOTH_THEMES.has(screen.name),
        });
      });
    } catch (error) {
      failures.push(error);
      fresh = false;
    }
  }
  if (failures.length > 0) throw failures[0];
}

/**
 * One test per address (decision 077 checks each distinct markup once): the screens of the same
 * address, listed one after another, share one test, which Playwright skips without making a page
 * in a project that checks none of them.
 */
function testScreens(screens: Screen[], visit: Visit) {
  const byAddress: Screen[][] = [];
  for (const screen of screens) {
    const last = byAddress.at(-1);
    if (last && last[0]!.path === screen.path) last.push(screen);
    else byAddress.push([screen]);
  }
  for (const group of byAddress) {
    const title = `${group.map((s) => s.name).join(", then ")} ${group.length > 1 ? "have" : "has"} no serious accessibility violations`;
    const everyOne = (js: boolean) =>
      group.every((s) => visit.skip(s, js)) && group.map((s) => visit.skip(s, js)).join("; ");
    testSkipping(title, { js: everyOne(true), nojs: everyOne(false) }, async ({ page, open }) => {
      await checkScreens(page, open, group, visit);
    });
  }
}

function paints(theme: { dataTheme: string; bg: string }) {
  return async (page: Page) => {
    // Make sure the theme under test is the one painted.
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme.dataTheme);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      theme.bg,
    );
  };
}

function signsIn(username: string, password: string, landing = "/fotoweb/") {
  return async (page: Page) => {
    expect(await signInQuietly(page, username, password)).toBe(landing);
  };
}

test("the check fails on text that is readable in one theme only", async ({ page, open }, info) => {
  await open("/fotoweb/views/login");
  // Near-black text: fine on the light theme's page, unreadable on the dark one's.
  await page.evaluate(() => {
    const note = document.createElement("p");
    note.textContent = "Hard to read at night";
    note.style.color = "#1a1a1a";
    document.querySelector("main")!.append(note);
  });
  await expect(
    expectAccessible(page, info, "a planted fault", { bothThemes: true }),
  ).rejects.toThrow(/color-contrast: .*\(in the dark theme\)/);
});

test.describe("visitor, light", () => {
  testScreens(VISITOR_SCREENS, {
    skip: (screen, js) => js && (screen.noJsOnly ?? false),
    painted: paints(THEMES[0]),
    label: (screen) => `${screen.name} (visitor)`,
  });

  test("start page as a guest has no serious accessibility violations", async ({ page, open }) => {
    const response = await page.request.post("/fotoweb/views/login", {
      form: { mode: "guest" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    await checkScreens(page, open, [{ name: "start page", path: "/fotoweb/" }], {
      skip: () => false,
      painted: paints(THEMES[0]),
      label: () => "start page (guest)",
    });
    await expect(page.getByRole("button", { name: "Leave guest session" })).toBeVisible();
  });
});

/*
 * The dark user's and the Auto user's own pages are checked with JavaScript on: without it a page
 * differs in its widgets (plain forms for react-aria ones), not in how the theme is chosen, and
 * the light run checks those widgets (decision 064).
 */
const DARK_WITH_JS = "the dark theme is checked with JavaScript on";

for (const theme of THEMES) {
  test.describe(`signed in, ${theme.name}`, () => {
    test.use({ colorScheme: theme.scheme });
    const onlyInLight = theme.name === "light" ? false : DARK_WITH_JS;
    const visit = (user: string, landing?: string): Visit => ({
      signIn: signsIn(user, PASSWORD, landing),
      skip: (screen, js) => (!js && onlyInLight) || onlyWithJs(js, screen),
      painted: paints(theme),
      label: (screen) => `${screen.name} (${theme.name})`,
    });

    const only: readonly string[] | undefined = "screens" in theme ? theme.screens : undefined;
    testScreens(
      USER_SCREENS.filter((s) => !only || only.includes(s.name)),
      visit(theme.user),
    );
    if ("manager" in theme) testScreens(MANAGER_SCREENS, visit(theme.manager));
    if ("archivist" in theme) testScreens(ARCHIVIST_SCREENS, visit(theme.archivist));
    if ("forced" in theme)
      testScreens(FORCED_SCREENS, visit(theme.forced, "/fotoweb/views/force-change-password"));
  });
}

/*
 * People administration (decision 035) as the site owner, who is on Auto under a light system:
 * the tools menu, the groups list and each tab of the group editor.
 */
const GROUP_MANAGER_SCREENS: Screen[] = [
  { name: "manage groups", path: "/fotoweb/views/admin/groups" },
  { name: "manage groups, searched", path: "/fotoweb/views/admin/groups?q=users" },
  { name: "add group", path: "/fotoweb/views/admin/groups/new" },
  { name: "group editor, general", path: "/fotoweb/views/admin/groups/10001" },
  { name: "group editor, properties", path: "/fotoweb/views/admin/groups/10001?tab=properties" },
];

/** The site owner, on Auto under a light system, on pages checked with JavaScript only. */
const OWNER_WITH_JS: Visit = {
  signIn: async (page) => void (await signInQuietly(page, ADMIN.username, ADMIN.password)),
  skip: (screen, js) => onlyWithJs(js, screen),
  label: (screen) => `${screen.name} (light)`,
};

test.describe("managing people, light", () => {
  testScreens(GROUP_MANAGER_SCREENS, {
    ...OWNER_WITH_JS,
    painted: (page) => expect(page.locator("html")).toHaveAttribute("data-theme", "auto"),
  });
});

/*
 * The processing lists' pages (decision 040) as the site owner (manageArchives): each list, its editors, and an editor showing its errors.
 */
const PROCESSING_SCREENS: Screen[] = [
  { name: "processing profiles", path: "/fotoweb/views/admin/processing-profiles" },
  { name: "add processing profile", path: "/fotoweb/views/admin/processing-profiles/new" },
  {
    name: "edit processing profile",
    path: "/fotoweb/views/admin/processing-profiles/6f0c2c34-8a1e-4f57-9d0b-0f4c3b1e2a01",
  },
  {
    name: "edit profile set",
    path: "/fotoweb/views/admin/processing-profiles/sets/6f0c2c34-8a1e-4f57-9d0b-0f4c3b1e2b01",
  },
  {
    name: "delete confirmation",
    path: "/fotoweb/views/admin/processing-profiles?list=processingProfiles&delete=6f0c2c34-8a1e-4f57-9d0b-0f4c3b1e2a02",
  },
  { name: "watermarks", path: "/fotoweb/views/admin/watermarks" },
  { name: "quick rendition sets", path: "/fotoweb/views/admin/rendition-sets" },
  {
    name: "edit quick rendition set",
    path: "/fotoweb/views/admin/rendition-sets/6f0c2c34-8a1e-4f57-9d0b-0f4c3b1e2c01",
  },
  { name: "crop profile sets", path: "/fotoweb/views/admin/crop-profile-sets" },
  {
    name: "crop profile set with errors",
    path: "/fotoweb/views/admin/crop-profile-sets/new",
    prepare: async (page) => {
      const main = page.getByRole("main");
      await main.getByRole("button", { name: "Save" }).click();
      await expect(main.getByText("Enter a name.")).toBeVisible();
    },
  },
];

test.describe("processing lists, light", () => {
  testScreens(PROCESSING_SCREENS, OWNER_WITH_JS);
});

/*
 * Path archives (decision 042) as the site owner: the index browser page at the
 * roots and inside a folder, refusing a folder, its modal (JavaScript), and an archive's scan page.
 */
const PATH_ARCHIVE_SCREENS: (Screen & { jsOnly?: string })[] = [
  { name: "index browser, the roots", path: "/fotoweb/views/admin/index-browser" },
  {
    name: "index browser modal",
    path: "/fotoweb/views/admin/index-browser",
    jsOnly: "the modal opens with JavaScript only",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Browse folders" }).click();
      await expect(page.getByTestId("index-browser").getByRole("grid")).toBeVisible();
    },
  },
  {
    name: "index browser, a folder refused",
    path: "/fotoweb/views/admin/index-browser?path=%2Fetc",
  },
];

test.describe("path archives, light", () => {
  testScreens(PATH_ARCHIVE_SCREENS, {
    ...OWNER_WITH_JS,
    skip: (screen: Screen & { jsOnly?: string }, js) =>
      (!js && (screen.jsOnly ?? false)) || onlyWithJs(js, screen),
  });
  testSkipping(
    `an archive's scan page has no serious accessibility violations`,
    { nojs: CHECKED_WITH_JS },
    async ({ page, open }, info) => {
      await signInQuietly(page, ADMIN.username, ADMIN.password);
      await open(`/fotoweb/views/admin/archives/${await pathArchiveId(page)}/scan`);
      await expectAccessible(page, info, `scan page (light)`, { served: true });
    },
  );
});

/* The archive list and the trash can (decision 043), as the site owner on Auto. */
const ARCHIVE_MANAGER_SCREENS: Screen[] = [
  { name: "manage archives", path: "/fotoweb/views/admin/archives" },
  { name: "trash can", path: "/fotoweb/views/admin/trash" },
  { name: "empty the trash can, confirmation", path: "/fotoweb/views/admin/trash?empty=all" },
];

test.describe("managing archives, light", () => {
  testScreens(ARCHIVE_MANAGER_SCREENS, OWNER_WITH_JS);
});

/* Metadata editing (decision 046): the asset page's plain form and the batch panel. */
test.describe("editing metadata, light", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, CHECKED_WITH_JS);
  test("the asset page in edit mode and the batch page have no serious accessibility violations", async ({
    page,
    open,
  }, info) => {
    await signInQuietly(page, projectUser("metaedit", info.project.name), PASSWORD);
    const { assets } = await editingAssets(page, info.project.name);
    await open(`${assets[0]!.href}?edit=metadata`);
    await expectAccessible(page, info, `asset metadata form (light)`, { served: true });
    const query = assets.map((a) => `asset=${a.id}`).join("&");
    await open(`/fotoweb/views/batch?op=metadata&${query}`);
    await expectAccessible(page, info, `batch panel (light)`, { served: true });
  });
});

/*
 * The task engine's pages (decision 047) as the project's task user on Auto: a task whose one
 * asset failed (its href names no asset), so the failed row's colours are checked too, and the
 * list of tasks.
 */
test.describe("background tasks, light", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, CHECKED_WITH_JS);
  test("a task's page and the task list have no serious accessibility violations", async ({
    page,
    open,
  }, info) => {
    await signInQuietly(page, taskEngineUser(info.project.name), PASSWORD);
    const response = await page.request.post("/fotoweb/me/background-tasks/", {
      headers: {
        "content-type": "application/vnd.fotoware.delete-request+json",
        accept: "application/json",
      },
      data: JSON.stringify({ assets: [{ href: "/fotoweb/archives/1-x/1-none.jpg.info" }] }),
    });
    const { location } = await readPlaywrightJson<{ location: string }>(response, "POST");
    await open(`/fotoweb/views/tasks/${location.split("/").pop()}`);
    await expect(page.getByTestId("task-status")).toContainText("Finished", {
      timeout: 30_000,
    });
    await expect(page.locator("tbody tr")).toContainText("There is no asset at this address.");
    await expectAccessible(page, info, `task page (light)`, { served: true });
    await open("/fotoweb/views/tasks");
    await expectAccessible(page, info, `task list (light)`, { served: true });
  });
});

/*
 * Revisions (decision 049): the asset page's Revisions section (its table once the fetcher has
 * loaded it, with JavaScript), the revisions page and the compare page, as a user on Auto with
 * every history permission, on an archive nobody changes.
 */
test.describe("revisions, light", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, CHECKED_WITH_JS);
  let href = "";
  test.beforeAll(async ({ baseURL }, info) => {
    // Hooks run even where the modifier above skips every test.
    if (!hasJs(info)) return;
    test.setTimeout(120_000);
    href = (await seededAssets(baseURL!, REVISIONS_A11Y_ARCHIVE, 1))[0]!.href;
  });
  test("the asset page's Revisions section has no serious accessibility violations", async ({
    page,
    open,
  }, info) => {
    await signInQuietly(page, "revisions-a11y", PASSWORD);
    await open(href);
    const section = page.getByRole("region", { name: "Revisions" });
    if (hasJs(info)) await expect(section.getByTestId("revision-row")).toHaveCount(3);
    else await expect(section).toBeVisible();
    await expectAccessible(page, info, `asset revisions section (light)`, { served: true });
  });
  test("the revisions page has no serious accessibility violations", async ({
    page,
    open,
  }, info) => {
    await signInQuietly(page, "revisions-a11y", PASSWORD);
    await open(`${href}/__revisions/`);
    await expect(page.getByTestId("revision-row")).toHaveCount(3);
    await expectAccessible(page, info, `revisions page (light)`, {
      served: true,
      bothThemes: BOTH_THEMES.has("revisions page"),
    });
  });
  test("the compare page has no serious accessibility violations", async ({ page, open }, info) => {
    await signInQuietly(page, "revisions-a11y", PASSWORD);
    await open(`${href}/__revisions/compare?left=1&right=3`);
    await expect(page.getByTestId("compare-pixels")).toBeVisible();
    await expectAccessible(page, info, `compare page (light)`, { served: true });
  });
});
