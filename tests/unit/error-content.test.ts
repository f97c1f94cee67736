import { describe, expect, it } from "vitest";
import { formatErrorDate } from "~/components/shell/ErrorContent";

describe("formatErrorDate", () => {
  it("formats an ISO date in UTC", () => {
    expect(formatErrorDate("2024-03-05T14:07:09.123Z")).toBe("5 Mar 2024, 14:07 UTC");
  });

  it("converts offsets to UTC", () => {
    expect(formatErrorDate("2024-12-31T23:30:00-02:00")).toBe("1 Jan 2025, 01:30 UTC");
  });

  it("uses a 24-hour clock with leading zeros", () => {
    expect(formatErrorDate("2023-07-01T00:05:00Z")).toBe("1 Jul 2023, 00:05 UTC");
  });

  it("is empty for a missing date", () => {
    expect(formatErrorDate(undefined)).toBe("");
    expect(formatErrorDate("")).toBe("");
  });

  it("is empty for garbage", () => {
    expect(formatErrorDate("not a date")).toBe("");
    expect(formatErrorDate("2024-13-45T99:99:99Z")).toBe("");
  });
});
