import { describe, expect, it } from "vitest";
import { themeFor } from "~/models/user/theme";

describe("themeFor", () => {
  it("follows the user's choice when the site allows dark mode", () => {
    expect(themeFor(true, "dark")).toBe("dark");
    expect(themeFor(true, "auto")).toBe("auto");
    expect(themeFor(true, "light")).toBe("light");
  });

  it("is light whenever the site turns dark mode off", () => {
    expect(themeFor(false, "dark")).toBe("light");
    expect(themeFor(false, "auto")).toBe("light");
  });

  it("is light for visitors without a choice of their own", () => {
    expect(themeFor(true, null)).toBe("light");
    expect(themeFor(false, null)).toBe("light");
  });
});
