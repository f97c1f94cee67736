import { describe, expect, it } from "vitest";
import { readWallTime, wallTime } from "~/models/locale/zone-clock";

/* Wall clocks of time zones (decision 117): what a person writes and reads on their clock. */

describe("readWallTime", () => {
  it("reads a date and time on the zone's clock, summer and winter", () => {
    expect(readWallTime("Europe/Oslo", "2027-06-30T18:00")?.toISOString()).toBe(
      "2027-06-30T16:00:00.000Z",
    );
    expect(readWallTime("Europe/Oslo", "2027-01-15T09:00:30")?.toISOString()).toBe(
      "2027-01-15T08:00:30.000Z",
    );
    expect(readWallTime("America/New_York", "2027-01-15T09:00")?.toISOString()).toBe(
      "2027-01-15T14:00:00.000Z",
    );
  });

  it("reads a day alone as the end of that day there", () => {
    expect(readWallTime("Europe/Oslo", "2027-01-15")?.toISOString()).toBe(
      "2027-01-15T22:59:59.999Z",
    );
    expect(readWallTime("UTC", "2027-01-15")?.toISOString()).toBe("2027-01-15T23:59:59.999Z");
  });

  it("keeps a written Z or offset", () => {
    expect(readWallTime("Europe/Oslo", "2027-06-30T18:00:00Z")?.toISOString()).toBe(
      "2027-06-30T18:00:00.000Z",
    );
    expect(readWallTime("Europe/Oslo", "2027-06-30T18:00:00.000+05:00")?.toISOString()).toBe(
      "2027-06-30T13:00:00.000Z",
    );
  });

  it("refuses what is not a date", () => {
    for (const text of ["", "tomorrow", "2027-13-45", "2027-06-30 18:00", "2027-06-30T25:00x"])
      expect(readWallTime("Europe/Oslo", text), text).toBeNull();
  });

  it("falls back to UTC for a zone the runtime does not know", () => {
    expect(readWallTime("Mars/Olympus", "2027-01-15T09:00")?.toISOString()).toBe(
      "2027-01-15T09:00:00.000Z",
    );
  });
});

describe("wallTime", () => {
  it("is what the zone's clock reads, as a datetime-local field writes it", () => {
    expect(wallTime("Europe/Oslo", "2027-06-30T16:00:00.000Z")).toBe("2027-06-30T18:00");
    expect(wallTime("UTC", "2027-06-30T16:00:00.000Z")).toBe("2027-06-30T16:00");
    expect(wallTime("Europe/Oslo", "not a date")).toBe("");
  });

  it("turns back into the same instant", () => {
    const instant = "2027-03-28T00:30:00.000Z"; // the night Oslo moves to summer time
    expect(readWallTime("Europe/Oslo", wallTime("Europe/Oslo", instant))?.toISOString()).toBe(
      instant,
    );
  });
});
