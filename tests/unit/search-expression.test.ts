import { describe, expect, it } from "vitest";
import {
  MAX_EXPRESSION_LENGTH,
  parseSearchExpression,
  type ParseResult,
  type SearchNode,
  type TextValue,
} from "~/models/search/search-expression";
import { inEnglish } from "../helpers/keyed";

/* The search expression language: what it accepts, the trees it builds, and the messages it gives. */

// A 31 March in a leap year, so month arithmetic has to clamp.
const NOW = new Date("2024-03-31T12:00:00.000Z");

const parse = (input: string) => parseSearchExpression(input, { now: NOW });

function ok(input: string): SearchNode {
  const result = parse(input);
  if (!result.ok) {
    throw new Error(`${JSON.stringify(input)} failed: ${result.message} (at ${result.position})`);
  }
  return result.node;
}

function fail(input: string): { message: string; position: number } {
  const result = parse(input);
  if (result.ok) throw new Error(`${JSON.stringify(input)} parsed: ${JSON.stringify(result.node)}`);
  return { message: inEnglish(result.message), position: result.position };
}

const word = (text: string): TextValue => ({ type: "word", text });
const phrase = (text: string): TextValue => ({ type: "phrase", text });
const wildcard = (text: string): TextValue => ({ type: "wildcard", text });
const text = (value: string | TextValue, field: number | null = null): SearchNode => ({
  kind: "text",
  field,
  value: typeof value === "string" ? word(value) : value,
});
const and = (...children: SearchNode[]): SearchNode => ({ kind: "and", children });
const or = (...children: SearchNode[]): SearchNode => ({ kind: "or", children });
const not = (child: SearchNode): SearchNode => ({ kind: "not", child });
const dates = (name: string, from: string | null, to: string | null): SearchNode =>
  ({ kind: "dateRange", name, from, to }) as SearchNode;
const numbers = (name: string, from: number | null, to: number | null): SearchNode =>
  ({ kind: "numberRange", name, from, to }) as SearchNode;

describe("free text", () => {
  it("reads a word", () => {
    expect(ok("sunset")).toEqual(text("sunset"));
  });

  it("ANDs words separated by any whitespace", () => {
    expect(ok("red car")).toEqual(and(text("red"), text("car")));
    expect(ok("  red \t car\nboat  ")).toEqual(and(text("red"), text("car"), text("boat")));
    expect(ok("red\u00a0car")).toEqual(and(text("red"), text("car")));
  });

  it("keeps words as written, including letters outside ASCII and punctuation", () => {
    expect(ok("Fjørå")).toEqual(text("Fjørå"));
    expect(ok("AT&T")).toEqual(text("AT&T"));
    expect(ok("wow! e-mail it's")).toEqual(and(text("wow!"), text("e-mail"), text("it's")));
    expect(ok(":colon")).toEqual(text(":colon"));
  });

  it("reads a quoted phrase", () => {
    expect(ok('"New York"')).toEqual(text(phrase("New York")));
    expect(ok('"New York" skyline')).toEqual(and(text(phrase("New York")), text("skyline")));
  });

  it('unescapes \\" and \\\\ inside quotes and keeps other backslashes', () => {
    expect(ok(String.raw`"say \"cheese\""`)).toEqual(text(phrase('say "cheese"')));
    expect(ok(String.raw`"C:\\photos"`)).toEqual(text(phrase(String.raw`C:\photos`)));
    expect(ok(String.raw`"a\b"`)).toEqual(text(phrase(String.raw`a\b`)));
  });

  it("takes operators, colons and stars in quotes literally", () => {
    expect(ok('"rock AND roll"')).toEqual(text(phrase("rock AND roll")));
    expect(ok('"xx:foo"')).toEqual(text(phrase("xx:foo")));
    expect(ok('"sun*"')).toEqual(text(phrase("sun*")));
    expect(ok('"*"')).toEqual(text(phrase("*")));
    expect(ok('"(a"')).toEqual(text(phrase("(a")));
  });

  it("starts a new term at a quote that follows a word", () => {
    expect(ok('abc"def"')).toEqual(and(text("abc"), text(phrase("def"))));
  });

  it("refuses a quote that is never closed, pointing at it", () => {
    expect(fail('sunset "New York')).toEqual({
      message: "The quote at position 7 is never closed.",
      position: 7,
    });
    expect(fail(String.raw`"ends in \"`).position).toBe(0);
  });

  it("refuses empty quotes", () => {
    expect(fail('a ""')).toEqual({
      message: "The quotes at position 2 hold no text. Write a phrase between them.",
      position: 2,
    });
    expect(fail('"   "').position).toBe(0);
  });

  it("marks words holding a * as wildcards", () => {
    expect(ok("sun*")).toEqual(text(wildcard("sun*")));
    expect(ok("*set")).toEqual(text(wildcard("*set")));
    expect(ok("s*n*t")).toEqual(text(wildcard("s*n*t")));
  });

  it("reads a lone * as every asset", () => {
    expect(ok("*")).toEqual({ kind: "all" });
    expect(ok("**")).toEqual({ kind: "all" });
    expect(ok("* -draft")).toEqual(and({ kind: "all" }, not(text("draft"))));
  });

  it("treats lowercase and, or, not, to as plain words", () => {
    expect(ok("rock and roll")).toEqual(and(text("rock"), text("and"), text("roll")));
    expect(ok("or not to")).toEqual(and(text("or"), text("not"), text("to")));
    expect(ok("And Or Not")).toEqual(and(text("And"), text("Or"), text("Not")));
  });

  it("reads words that merely start like operators as words", () => {
    expect(ok("ANDROID ORANGE NOTE TOP")).toEqual(
      and(text("ANDROID"), text("ORANGE"), text("NOTE"), text("TOP")),
    );
  });
});

describe("metadata fields by id", () => {
  it("reads a word, phrase or wildcard for a field", () => {
    expect(ok("5:sunset")).toEqual(text("sunset", 5));
    expect(ok('25:"New York"')).toEqual(text(phrase("New York"), 25));
    expect(ok("120:fjo*")).toEqual(text(wildcard("fjo*"), 120));
    expect(ok("5:*")).toEqual(text(wildcard("*"), 5));
  });

  it("accepts ids from 1 to 99999", () => {
    expect(ok("1:x")).toEqual(text("x", 1));
    expect(ok("99999:x")).toEqual(text("x", 99999));
    expect(ok("005:x")).toEqual(text("x", 5));
  });

  it("refuses ids out of range", () => {
    expect(fail("0:x")).toEqual({
      message: "There is no field 0: field ids go from 1 to 99999.",
      position: 0,
    });
    expect(fail("a 100000:x").position).toBe(2);
    expect(fail("999999:x").message).toContain("There is no field 999999");
    expect(fail("00:x").message).toContain("There is no field 00");
    expect(fail(`${"9".repeat(400)}:x`).message).toContain("field ids go from 1 to 99999");
  });

  it("refuses a field without a value, pointing after the colon", () => {
    const message = "Field 5 has no value. Write the value right after the colon, without a space.";
    expect(fail("5:")).toEqual({ message, position: 2 });
    expect(fail("5: sunset")).toEqual({ message, position: 2 });
    expect(fail("(a 5:)")).toEqual({ message, position: 5 });
    expect(fail("5:&&x").message).toBe(message);
  });

  it("keeps colons after the first as part of the value", () => {
    expect(ok("10:30")).toEqual(text("30", 10));
    expect(ok("10:30:00")).toEqual(text("30:00", 10));
    expect(ok("5:a:b")).toEqual(text("a:b", 5));
  });

  it("refuses a field before parentheses and says how to write it", () => {
    expect(fail("5:(a OR b)")).toEqual({
      message:
        "Field 5 cannot be followed by parentheses. Repeat it for each value instead, as in (5:a OR 5:b).",
      position: 2,
    });
    expect(fail("fn:(a b)").message).toContain("(fn:a OR fn:b)");
  });

  it("combines with operators", () => {
    expect(ok("-5:draft")).toEqual(not(text("draft", 5)));
    expect(ok("5:a OR 25:b")).toEqual(or(text("a", 5), text("b", 25)));
    expect(ok("(5:a)")).toEqual(text("a", 5));
  });
});

describe("unknown field names", () => {
  it("are refused, pointing at the name", () => {
    expect(fail("sunset xx:foo")).toEqual({
      message:
        'Unknown search field xx. Put the text in quotes ("xx:…") to search for it as written.',
      position: 7,
    });
    expect(fail("http://example.com").message).toContain("Unknown search field http.");
    expect(fail("abc123:x").message).toContain("Unknown search field abc123.");
    expect(fail("my_field:x").message).toContain("Unknown search field my_field.");
    expect(fail("sted:Oslo").message).toContain("Unknown search field sted.");
    expect(fail("ø:x").message).toContain("Unknown search field ø.");
    expect(fail("AND:x").message).toContain("Unknown search field AND.");
    expect(fail("foo:").message).toContain("Unknown search field foo.");
  });

  it("are fine inside quotes", () => {
    expect(ok('"http://example.com"')).toEqual(text(phrase("http://example.com")));
  });
});

describe("fn: file name", () => {
  it("reads words, wildcards and phrases", () => {
    expect(ok("fn:IMG_0001.jpg")).toEqual({ kind: "fileName", value: word("IMG_0001.jpg") });
    expect(ok("fn:IMG_*.jpg")).toEqual({ kind: "fileName", value: wildcard("IMG_*.jpg") });
    expect(ok('fn:"my photo.jpg"')).toEqual({ kind: "fileName", value: phrase("my photo.jpg") });
    expect(ok("fn:*")).toEqual({ kind: "fileName", value: wildcard("*") });
  });

  it("takes predicate names in any case", () => {
    expect(ok("FN:a.jpg")).toEqual({ kind: "fileName", value: word("a.jpg") });
    expect(ok("Fn:a.jpg")).toEqual({ kind: "fileName", value: word("a.jpg") });
  });

  it("refuses an empty file name", () => {
    expect(fail("fn: x")).toEqual({
      message:
        "The search field fn: has no value. Write the value right after the colon, without a space.",
      position: 3,
    });
  });
});

describe("dt: document type", () => {
  it.each([
    ["image", "image"],
    ["movie", "movie"],
    ["audio", "audio"],
    ["graphic", "graphic"],
    ["document", "document"],
    ["generic", "generic"],
    ["IMAGE", "image"],
    ["Photo", "image"],
    ["video", "movie"],
    ['"image"', "image"],
  ])("reads dt:%s", (value, expected) => {
    expect(ok(`dt:${value}`)).toEqual({ kind: "docType", value: expected });
  });

  it("refuses other values, listing the allowed ones", () => {
    expect(fail("dt:picture")).toEqual({
      message:
        'Unknown document type "picture". Use one of: image, movie, audio, graphic, document, generic.',
      position: 3,
    });
    expect(fail("dt:im*").message).toContain('"im*"');
  });
});

describe("o: orientation", () => {
  it.each([
    ["landscape", "landscape"],
    ["portrait", "portrait"],
    ["square", "square"],
    ["l", "landscape"],
    ["P", "portrait"],
    ["s", "square"],
    ["horizontal", "landscape"],
    ["Vertical", "portrait"],
  ])("reads o:%s", (value, expected) => {
    expect(ok(`o:${value}`)).toEqual({ kind: "orientation", value: expected });
  });

  it("refuses other values, listing the allowed ones", () => {
    expect(fail("o:round")).toEqual({
      message: 'Unknown orientation "round". Use one of: landscape, portrait, square.',
      position: 2,
    });
  });
});

describe("ms: metadata status", () => {
  it.each([
    ["none", "none"],
    ["Little", "little"],
    ["NORMAL", "normal"],
  ])("reads ms:%s", (value, expected) => {
    expect(ok(`ms:${value}`)).toEqual({ kind: "metadataStatus", value: expected });
  });

  it("refuses other values, listing the allowed ones", () => {
    expect(fail("ms:lots")).toEqual({
      message: 'Unknown metadata status "lots". Use one of: none, little, normal.',
      position: 3,
    });
  });
});

describe("cs: colour space", () => {
  it.each([
    ["rgb", ["srgb", "adobergb", "prophoto", "p3"]],
    ["RGB", ["srgb", "adobergb", "prophoto", "p3"]],
    ["gray", ["b-w"]],
    ["grey", ["b-w"]],
    ["bw", ["b-w"]],
    ["grayscale", ["b-w"]],
    ["b-w", ["b-w"]],
    ["srgb", ["srgb"]],
    ["AdobeRGB", ["adobergb"]],
    ["prophoto", ["prophoto"]],
    ["p3", ["p3"]],
    ["cmyk", ["cmyk"]],
    ["lab", ["lab"]],
  ])("reads cs:%s", (value, expected) => {
    expect(ok(`cs:${value}`)).toEqual({ kind: "colorSpace", values: expected });
  });

  it("does not share arrays between results", () => {
    const first = ok("cs:rgb");
    if (first.kind !== "colorSpace") throw new Error("not a colour space");
    first.values.push("changed");
    expect(ok("cs:rgb")).toEqual({
      kind: "colorSpace",
      values: ["srgb", "adobergb", "prophoto", "p3"],
    });
  });

  it("refuses other values, listing the accepted ones", () => {
    expect(fail("cs:hsl")).toEqual({
      message:
        'Unknown colour space "hsl". Use one of: rgb, srgb, adobergb, prophoto, p3, cmyk, lab, gray, b-w.',
      position: 3,
    });
  });
});

describe("fs:, pw:, ph: numbers", () => {
  it("reads a single value as from = to", () => {
    expect(ok("pw:1600")).toEqual(numbers("pw", 1600, 1600));
    expect(ok("ph:0")).toEqual(numbers("ph", 0, 0));
    expect(ok("fs:1000")).toEqual(numbers("fs", 1000, 1000));
  });

  it("reads ranges with TO, with or without brackets", () => {
    expect(ok("fs:1000 TO 5000")).toEqual(numbers("fs", 1000, 5000));
    expect(ok("fs:[1000 TO 5000]")).toEqual(numbers("fs", 1000, 5000));
    expect(ok("fs:[ 1000  TO  5000 ]")).toEqual(numbers("fs", 1000, 5000));
    expect(ok("pw:[1600]")).toEqual(numbers("pw", 1600, 1600));
    expect(ok("pw:800 TO 800")).toEqual(numbers("pw", 800, 800));
  });

  it("reads * as an open bound", () => {
    expect(ok("pw:* TO 800")).toEqual(numbers("pw", null, 800));
    expect(ok("pw:800 TO *")).toEqual(numbers("pw", 800, null));
    expect(ok("ph:[* TO *]")).toEqual(numbers("ph", null, null));
    expect(ok("fs:*")).toEqual(numbers("fs", null, null));
  });

  it("reads size suffixes on fs: in 1024-based units, rounded to bytes", () => {
    expect(ok("fs:500KB")).toEqual(numbers("fs", 512_000, 512_000));
    expect(ok("fs:2MB")).toEqual(numbers("fs", 2_097_152, 2_097_152));
    expect(ok("fs:1GB")).toEqual(numbers("fs", 1024 ** 3, 1024 ** 3));
    expect(ok("fs:2mb")).toEqual(numbers("fs", 2_097_152, 2_097_152));
    expect(ok("fs:2M")).toEqual(numbers("fs", 2_097_152, 2_097_152));
    expect(ok("fs:2MiB")).toEqual(numbers("fs", 2_097_152, 2_097_152));
    expect(ok("fs:1TB")).toEqual(numbers("fs", 1024 ** 4, 1024 ** 4));
    expect(ok("fs:10B")).toEqual(numbers("fs", 10, 10));
    expect(ok("fs:1.5MB")).toEqual(numbers("fs", 1_572_864, 1_572_864));
    expect(ok("fs:1.001KB")).toEqual(numbers("fs", 1025, 1025));
    expect(ok("fs:500KB TO 2MB")).toEqual(numbers("fs", 512_000, 2_097_152));
  });

  it("refuses size suffixes on pixel sizes", () => {
    expect(fail("pw:2MB")).toEqual({
      message: 'The pixel width must be a whole number of pixels, not "2MB".',
      position: 3,
    });
  });

  it("accepts up to Number.MAX_SAFE_INTEGER and refuses more", () => {
    expect(ok(`fs:${Number.MAX_SAFE_INTEGER}`)).toEqual(
      numbers("fs", Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    );
    expect(fail(`fs:${Number.MAX_SAFE_INTEGER + 1}`)).toEqual({
      message: `The file size ${Number.MAX_SAFE_INTEGER + 1} is too large.`,
      position: 3,
    });
    expect(fail("fs:99999999TB").message).toBe("The file size 99999999TB is too large.");
    expect(fail(`pw:${"9".repeat(400)}`).message).toContain("is too large");
  });

  it("refuses negative, decimal and non-numeric values", () => {
    expect(fail("fs:-5")).toEqual({ message: "The file size cannot be negative.", position: 3 });
    expect(fail("ph:-1 TO 5").message).toBe("The pixel height cannot be negative.");
    expect(fail("pw:1.5").message).toBe(
      'The pixel width must be a whole number of pixels, not "1.5".',
    );
    expect(fail("fs:1.5").message).toBe(
      'The file size must be a whole number of bytes or a size such as 500KB or 2MB, not "1.5".',
    );
    expect(fail("pw:big").message).toContain('not "big"');
    expect(fail("pw:1e3").message).toContain('not "1e3"');
    expect(fail("pw:0x10").message).toContain('not "0x10"');
    expect(fail('pw:"12 34"').message).toContain('not "12 34"');
  });

  it("refuses a range that starts after it ends, pointing at its start", () => {
    expect(fail("a fs:5000 TO 1000")).toEqual({
      message: "The range starts after it ends.",
      position: 5,
    });
    expect(fail("fs:2MB TO 1MB").message).toBe("The range starts after it ends.");
  });

  it("points at the bad bound", () => {
    expect(fail("pw:100 TO abc").position).toBe(10);
  });

  it("refuses a range that is not finished", () => {
    expect(fail("fs:1000 TO")).toEqual({
      message: "TO must be followed by the end of the range, as in fs:1000 TO 5000.",
      position: 8,
    });
    expect(fail("(fs:1000 TO )").message).toContain("TO must be followed by the end of the range");
    expect(fail("fs:[1000 TO]").message).toContain("TO must be followed by the end of the range");
    expect(fail("fs:[1000 TO 5000")).toEqual({
      message: 'Expected "]" to close the "[" at position 3.',
      position: 16,
    });
    expect(fail("fs:[1000 TO 5000 x]").position).toBe(17);
    expect(fail("fs:[").message).toContain("has no value");
    expect(fail("pw: 100").message).toContain("The search field pw: has no value.");
  });

  it("reads a value glued to TO as one value", () => {
    expect(fail("fs:1000TO5000").message).toContain('not "1000TO5000"');
  });

  it("leaves a word after the value alone", () => {
    expect(ok("pw:1000 TOP")).toEqual(and(numbers("pw", 1000, 1000), text("TOP")));
    expect(ok("pw:1000 to 2000")).toEqual(and(numbers("pw", 1000, 1000), text("to"), text("2000")));
  });

  it("refuses a ] that closes nothing as part of the value", () => {
    expect(fail("fs:1000]").message).toContain('not "1000]"');
  });

  it("combines ranges with operators", () => {
    expect(ok("pw:1000 TO 2000 ph:* TO 500")).toEqual(
      and(numbers("pw", 1000, 2000), numbers("ph", null, 500)),
    );
    expect(ok("(fs:1 TO 2)")).toEqual(numbers("fs", 1, 2));
    expect(ok("fs:1 TO 2&&pw:3")).toEqual(and(numbers("fs", 1, 2), numbers("pw", 3, 3)));
    expect(ok("-fs:[1 TO 2]")).toEqual(not(numbers("fs", 1, 2)));
  });
});

describe("mt:, it:, rt:, ct: dates", () => {
  it("reads a year, a month or a day as the whole period", () => {
    expect(ok("ct:2024")).toEqual(
      dates("ct", "2024-01-01T00:00:00.000Z", "2025-01-01T00:00:00.000Z"),
    );
    expect(ok("ct:2024-05")).toEqual(
      dates("ct", "2024-05-01T00:00:00.000Z", "2024-06-01T00:00:00.000Z"),
    );
    expect(ok("ct:2024-12")).toEqual(
      dates("ct", "2024-12-01T00:00:00.000Z", "2025-01-01T00:00:00.000Z"),
    );
    expect(ok("ct:2024-05-01")).toEqual(
      dates("ct", "2024-05-01T00:00:00.000Z", "2024-05-02T00:00:00.000Z"),
    );
    expect(ok("ct:2024-02-29")).toEqual(
      dates("ct", "2024-02-29T00:00:00.000Z", "2024-03-01T00:00:00.000Z"),
    );
    expect(ok("ct:2024-12-31")).toEqual(
      dates("ct", "2024-12-31T00:00:00.000Z", "2025-01-01T00:00:00.000Z"),
    );
  });

  it("accepts one-digit months and days", () => {
    expect(ok("ct:2024-5-1")).toEqual(
      dates("ct", "2024-05-01T00:00:00.000Z", "2024-05-02T00:00:00.000Z"),
    );
  });

  it("covers every date predicate", () => {
    for (const name of ["mt", "it", "rt", "ct", "MT"]) {
      expect(ok(`${name}:2024`)).toEqual(
        dates(name.toLowerCase(), "2024-01-01T00:00:00.000Z", "2025-01-01T00:00:00.000Z"),
      );
    }
  });

  it("reads a single instant as that millisecond", () => {
    expect(ok("ct:2024-05-01T10:00:00Z")).toEqual(
      dates("ct", "2024-05-01T10:00:00.000Z", "2024-05-01T10:00:00.001Z"),
    );
    expect(ok("ct:2024-05-01T10:00")).toEqual(
      dates("ct", "2024-05-01T10:00:00.000Z", "2024-05-01T10:00:00.001Z"),
    );
    expect(ok("ct:2024-05-01t10:00:00.25z")).toEqual(
      dates("ct", "2024-05-01T10:00:00.250Z", "2024-05-01T10:00:00.251Z"),
    );
    expect(ok("ct:2024-05-01T10:00:00.123456Z")).toEqual(
      dates("ct", "2024-05-01T10:00:00.123Z", "2024-05-01T10:00:00.124Z"),
    );
  });

  it("converts time zone offsets to UTC and reads times without a zone as UTC", () => {
    expect(ok("ct:2024-05-01T10:00:00+02:00")).toEqual(
      dates("ct", "2024-05-01T08:00:00.000Z", "2024-05-01T08:00:00.001Z"),
    );
    expect(ok("ct:2024-05-01T10:00-0530")).toEqual(
      dates("ct", "2024-05-01T15:30:00.000Z", "2024-05-01T15:30:00.001Z"),
    );
    expect(ok("ct:2024-05-01T00:30+01")).toEqual(
      dates("ct", "2024-04-30T23:30:00.000Z", "2024-04-30T23:30:00.001Z"),
    );
    expect(ok("ct:2024-05-01T10:00:00")).toEqual(
      dates("ct", "2024-05-01T10:00:00.000Z", "2024-05-01T10:00:00.001Z"),
    );
  });

  it("reads a range to the end of its last period", () => {
    expect(ok("ct:2020-01-01 TO 2020-12-31")).toEqual(
      dates("ct", "2020-01-01T00:00:00.000Z", "2021-01-01T00:00:00.000Z"),
    );
    expect(ok("ct:2020 TO 2022")).toEqual(
      dates("ct", "2020-01-01T00:00:00.000Z", "2023-01-01T00:00:00.000Z"),
    );
    expect(ok("ct:[2024-01 TO 2024-02]")).toEqual(
      dates("ct", "2024-01-01T00:00:00.000Z", "2024-03-01T00:00:00.000Z"),
    );
    expect(ok("ct:2024-05-01 TO 2024-05-01")).toEqual(
      dates("ct", "2024-05-01T00:00:00.000Z", "2024-05-02T00:00:00.000Z"),
    );
  });

  it("reads instants in a range as they are, the end exclusive", () => {
    expect(ok("mt:2024-05-01T10:00Z TO 2024-05-01T12:00Z")).toEqual(
      dates("mt", "2024-05-01T10:00:00.000Z", "2024-05-01T12:00:00.000Z"),
    );
    expect(ok("mt:2024-05-01T10:00Z TO 2024-05-02")).toEqual(
      dates("mt", "2024-05-01T10:00:00.000Z", "2024-05-03T00:00:00.000Z"),
    );
  });

  it("reads * as an open bound", () => {
    expect(ok("ct:* TO 2020")).toEqual(dates("ct", null, "2021-01-01T00:00:00.000Z"));
    expect(ok("ct:2020 TO *")).toEqual(dates("ct", "2020-01-01T00:00:00.000Z", null));
    expect(ok("ct:[* TO *]")).toEqual(dates("ct", null, null));
    expect(ok("ct:*")).toEqual(dates("ct", null, null));
  });

  it("leaves the end open past the year 9999", () => {
    expect(ok("ct:9999")).toEqual(dates("ct", "9999-01-01T00:00:00.000Z", null));
    expect(ok("ct:1000 TO 9999-12-31")).toEqual(dates("ct", "1000-01-01T00:00:00.000Z", null));
    expect(ok("ct:9999-12-31T23:59:59.998Z")).toEqual(
      dates("ct", "9999-12-31T23:59:59.998Z", "9999-12-31T23:59:59.999Z"),
    );
  });

  it("reads now and durations from it as instants, a single one meaning since", () => {
    expect(ok("mt:now")).toEqual(dates("mt", "2024-03-31T12:00:00.000Z", null));
    expect(ok("mt:now-P7D")).toEqual(dates("mt", "2024-03-24T12:00:00.000Z", null));
    expect(ok("mt:NOW-p7d")).toEqual(dates("mt", "2024-03-24T12:00:00.000Z", null));
    expect(ok("mt:now+PT6H")).toEqual(dates("mt", "2024-03-31T18:00:00.000Z", null));
    expect(ok("mt:now-P2W")).toEqual(dates("mt", "2024-03-17T12:00:00.000Z", null));
    expect(ok("mt:now-P1Y2M")).toEqual(dates("mt", "2023-01-31T12:00:00.000Z", null));
    expect(ok("mt:now-P1DT2H30M15S")).toEqual(dates("mt", "2024-03-30T09:29:45.000Z", null));
    expect(ok("mt:now-PT90M")).toEqual(dates("mt", "2024-03-31T10:30:00.000Z", null));
    expect(ok("mt:now+P0D")).toEqual(dates("mt", "2024-03-31T12:00:00.000Z", null));
  });

  it("keeps to the calendar for months and years, clamping to the month's last day", () => {
    expect(ok("mt:now-P1M")).toEqual(dates("mt", "2024-02-29T12:00:00.000Z", null));
    expect(ok("mt:now-P13M")).toEqual(dates("mt", "2023-02-28T12:00:00.000Z", null));
    expect(ok("mt:now+P1M")).toEqual(dates("mt", "2024-04-30T12:00:00.000Z", null));
    expect(ok("mt:now-P12M")).toEqual(dates("mt", "2023-03-31T12:00:00.000Z", null));
    const leapDay = parseSearchExpression("mt:now+P1Y", { now: new Date("2024-02-29T00:00:00Z") });
    expect(leapDay).toEqual({ ok: true, node: dates("mt", "2025-02-28T00:00:00.000Z", null) });
  });

  it("reads FotoWare's {{…}} form", () => {
    expect(ok("mt:{{now-PT6H}} TO {{now}}")).toEqual(
      dates("mt", "2024-03-31T06:00:00.000Z", "2024-03-31T12:00:00.000Z"),
    );
    expect(ok("mt:{{ now-P1D }}")).toEqual(dates("mt", "2024-03-30T12:00:00.000Z", null));
    expect(ok("mt:[{{now-P1D}} TO {{now}}]")).toEqual(
      dates("mt", "2024-03-30T12:00:00.000Z", "2024-03-31T12:00:00.000Z"),
    );
    expect(ok("mt:{{2024}}")).toEqual(
      dates("mt", "2024-01-01T00:00:00.000Z", "2025-01-01T00:00:00.000Z"),
    );
  });

  it("mixes relative and absolute dates in a range", () => {
    expect(ok("mt:2024-03 TO now")).toEqual(
      dates("mt", "2024-03-01T00:00:00.000Z", "2024-03-31T12:00:00.000Z"),
    );
    expect(ok("mt:now-P1Y TO 2024-03-31")).toEqual(
      dates("mt", "2023-03-31T12:00:00.000Z", "2024-04-01T00:00:00.000Z"),
    );
    expect(ok("mt:now-P7D TO *")).toEqual(dates("mt", "2024-03-24T12:00:00.000Z", null));
  });

  it("reads a time after a space as field 10, as everywhere else", () => {
    expect(ok("ct:2024-05-01 10:00")).toEqual(
      and(dates("ct", "2024-05-01T00:00:00.000Z", "2024-05-02T00:00:00.000Z"), text("00", 10)),
    );
  });

  it("reads quoted dates", () => {
    expect(ok('ct:"2024-05"')).toEqual(
      dates("ct", "2024-05-01T00:00:00.000Z", "2024-06-01T00:00:00.000Z"),
    );
  });

  it("takes the current time when no now is given", () => {
    const before = Date.now();
    const result = parseSearchExpression("mt:now-PT1H");
    const after = Date.now();
    if (!result.ok || result.node.kind !== "dateRange" || !result.node.from) {
      throw new Error("expected a date range");
    }
    const from = Date.parse(result.node.from);
    expect(from).toBeGreaterThanOrEqual(before - 3_600_000);
    expect(from).toBeLessThanOrEqual(after - 3_600_000);
  });

  it("uses one instant for every now in an expression", () => {
    expect(ok("mt:now TO now+PT1S")).toEqual(
      dates("mt", "2024-03-31T12:00:00.000Z", "2024-03-31T12:00:01.000Z"),
    );
  });

  it.each([
    ["ct:2024-13-01", "2024-13-01 is not a valid date: there is no month 13."],
    ["ct:2024-00", "2024-00 is not a valid date: there is no month 0."],
    ["ct:2024-02-30", "2024-02-30 is not a valid date: February 2024 has 29 days."],
    ["ct:2023-02-29", "2023-02-29 is not a valid date: February 2023 has 28 days."],
    ["ct:2024-04-31", "2024-04-31 is not a valid date: April 2024 has 30 days."],
    ["ct:2024-04-00", "2024-04-00 is not a valid date: April 2024 has 30 days."],
    ["ct:2024-05-01T24:00", "2024-05-01T24:00 is not a valid time of day."],
    ["ct:2024-05-01T10:60", "2024-05-01T10:60 is not a valid time of day."],
    ["ct:2024-05-01T10:00:60Z", "2024-05-01T10:00:60Z is not a valid time of day."],
    ["ct:2024-05-01T10:00+24:00", "2024-05-01T10:00+24:00 has an invalid time zone offset."],
    ["ct:999", "The year 999 is out of range: years go from 1000 to 9999."],
    ["ct:0999", "The year 0999 is out of range: years go from 1000 to 9999."],
    ["ct:10000", "The year 10000 is out of range: years go from 1000 to 9999."],
    ["ct:24-05-01", "The year 24 is out of range: years go from 1000 to 9999."],
    [
      "ct:1000-01-01T00:30+01:00",
      'The date "1000-01-01T00:30+01:00" falls outside the years 1000 to 9999.',
    ],
    ["mt:now-P2000Y", 'The date "now-P2000Y" falls outside the years 1000 to 9999.'],
    ["mt:now+P8000Y", 'The date "now+P8000Y" falls outside the years 1000 to 9999.'],
    [
      "mt:now-P99999999999999999999D",
      'The date "now-P99999999999999999999D" falls outside the years 1000 to 9999.',
    ],
  ])("refuses %s", (input, message) => {
    expect(fail(input)).toEqual({ message, position: 3 });
  });

  it.each([
    "ct:yesterday",
    "ct:2024/05/01",
    "ct:01-05-2024",
    "ct:2024-05-01T10",
    "ct:-2024",
    "ct:{2024}",
  ])("refuses %s as not a date", (input) => {
    expect(fail(input).message).toMatch(
      /^".*" is not a date\. Write a date such as 2024, 2024-05, 2024-05-01, 2024-05-01T10:00:00Z or now-P7D\.$/,
    );
  });

  it.each([
    ["mt:now-7d", '"now-", not "7d"'],
    ["mt:now-P", '"now-", not "P"'],
    ["mt:now-PT", '"now-", not "PT"'],
    ["mt:now-P1.5D", '"now-", not "P1.5D"'],
    ["mt:now-P1H", '"now-", not "P1H"'],
    ["mt:now+", '"now+", not ""'],
    ["mt:now-P1D2Y", '"now-", not "P1D2Y"'],
  ])("refuses the duration in %s", (input, tail) => {
    expect(fail(input).message).toBe(
      `Expected a duration such as P7D, PT6H or P1Y2M after ${tail}.`,
    );
  });

  it("refuses a range that starts after it ends, or is empty", () => {
    expect(fail("ct:2021 TO 2020")).toEqual({
      message: "The range starts after it ends.",
      position: 3,
    });
    expect(fail("mt:now TO now")).toEqual({
      message: "The range is empty: it ends where it starts.",
      position: 3,
    });
    expect(fail("mt:now TO now-P1D").message).toBe("The range starts after it ends.");
    expect(fail("ct:2024-05-02 TO 2024-05-01").message).toBe("The range starts after it ends.");
    expect(fail("ct:2024-05-02 TO 2024-05-02T00:00Z").message).toBe(
      "The range starts after it ends.",
    );
    // A period ending exactly where an instant starts leaves nothing in between.
    expect(fail("mt:2024-05-02T00:00Z TO 2024-05-02T00:00Z").message).toBe(
      "The range is empty: it ends where it starts.",
    );
  });

  it("refuses an unclosed {{", () => {
    expect(fail("mt:{{now-P1D")).toEqual({
      message: 'The "{{" at position 3 has no closing "}}".',
      position: 3,
    });
  });

  it("refuses a date predicate without a value", () => {
    expect(fail("ct:")).toEqual({
      message:
        "The search field ct: has no value. Write the value right after the colon, without a space.",
      position: 3,
    });
    expect(fail("ct:2020 TO").message).toBe(
      "TO must be followed by the end of the range, as in ct:2020 TO 2024.",
    );
  });

  it("does not break on an invalid now", () => {
    const result = parseSearchExpression("mt:now", { now: new Date(Number.NaN) });
    expect(result).toMatchObject({ ok: false, position: 3 });
  });
});

describe("operators", () => {
  const [a, b, c, d] = ["a", "b", "c", "d"].map((t) => text(t)) as [
    SearchNode,
    SearchNode,
    SearchNode,
    SearchNode,
  ];

  it.each<[string, SearchNode]>([
    ["a AND b", and(a, b)],
    ["a && b", and(a, b)],
    ["a&&b", and(a, b)],
    ["a OR b", or(a, b)],
    ["a || b", or(a, b)],
    ["a||b", or(a, b)],
    ["NOT a", not(a)],
    ["!a", not(a)],
    ["! a", not(a)],
    ["-a", not(a)],
    ["a -b", and(a, not(b))],
    ["a NOT b", and(a, not(b))],
    ["a AND NOT b", and(a, not(b))],
    ["a OR NOT b", or(a, not(b))],
    // AND, explicit or implicit, binds tighter than OR.
    ["a OR b c", or(a, and(b, c))],
    ["a OR b AND c", or(a, and(b, c))],
    ["a b OR c d", or(and(a, b), and(c, d))],
    ["a AND b OR c", or(and(a, b), c)],
    // NOT binds tighter than AND.
    ["NOT a b", and(not(a), b)],
    ["NOT a OR b", or(not(a), b)],
    ["-a OR -b", or(not(a), not(b))],
    // Parentheses group.
    ["(a OR b) c", and(or(a, b), c)],
    ["a (b OR c)", and(a, or(b, c))],
    ["NOT (a OR b)", not(or(a, b))],
    ["-(a b)", not(and(a, b))],
    ["!(a)", not(a)],
    // Flattening.
    ["a AND b AND c", and(a, b, c)],
    ["a (b c) d", and(a, b, c, d)],
    ["(a b) (c d)", and(a, b, c, d)],
    ["a OR (b OR c) OR d", or(a, b, c, d)],
    ["((a OR b)) OR ((c))", or(a, b, c)],
    ["(a)", a],
    ["((((a))))", a],
    ["a AND (b OR c)", and(a, or(b, c))],
    ["(a AND b) OR (c AND d)", or(and(a, b), and(c, d))],
    // Double negation stays.
    ["NOT NOT a", not(not(a))],
    ["--a", not(not(a))],
    ["!-a", not(not(a))],
    ["NOT -(a)", not(not(a))],
    // Tight packing around parentheses.
    ["(a)(b)", and(a, b)],
    ["a(b)c", and(a, b, c)],
    ["(a)OR(b)", or(a, b)],
  ])("reads %s", (input, expected) => {
    expect(ok(input)).toEqual(expected);
  });

  it.each([
    ["AND a", "AND must come between two search terms.", 0],
    ["OR a", "OR must come between two search terms.", 0],
    ["&& a", '"&&" must come between two search terms.', 0],
    ["(OR a)", "OR must come between two search terms.", 1],
    ["a AND", "AND must be followed by a search term.", 2],
    ["a OR", "OR must be followed by a search term.", 2],
    ["a ||", '"||" must be followed by a search term.', 2],
    ["a AND OR b", "AND must be followed by a search term.", 2],
    ["a OR OR b", "OR must be followed by a search term.", 2],
    ["a AND AND b", "AND must be followed by a search term.", 2],
    ["a OR AND b", "OR must be followed by a search term.", 2],
    ["a NOT", "NOT must be followed by a search term.", 2],
    ["NOT", "NOT must be followed by a search term.", 0],
    ["a !", '"!" must be followed by a search term.', 2],
    ["(a NOT)", "NOT must be followed by a search term.", 3],
    ["(a AND)", "AND must be followed by a search term.", 3],
    ["-&&a", '"-" must be followed by a search term.', 0],
    ["a - b", 'A "-" must be written directly before the term it excludes, as in -sunset.', 2],
    ["a -", 'A "-" must be written directly before the term it excludes, as in -sunset.', 2],
    ["(a -)", 'A "-" must be written directly before the term it excludes, as in -sunset.', 3],
    ["(a", 'Expected ")" to close the "(" at position 0.', 2],
    ["a (b OR c", 'Expected ")" to close the "(" at position 2.', 9],
    ["((a)", 'Expected ")" to close the "(" at position 0.', 4],
    ["a (", 'Expected a search term after the "(" at position 2.', 2],
    ["a)", 'The ")" at position 1 has no matching "(".', 1],
    ["(a))", 'The ")" at position 3 has no matching "(".', 3],
    [")", 'The ")" at position 0 has no matching "(".', 0],
    ["a () b", "The parentheses at position 2 are empty. Write a search term between them.", 2],
    [
      "a TO b",
      "TO can only be used in a range, as in fs:1000 TO 5000 or ct:2020 TO 2024. Put it in quotes to search for the word.",
      2,
    ],
    [
      "TO",
      "TO can only be used in a range, as in fs:1000 TO 5000 or ct:2020 TO 2024. Put it in quotes to search for the word.",
      0,
    ],
    [
      "(a TO b)",
      "TO can only be used in a range, as in fs:1000 TO 5000 or ct:2020 TO 2024. Put it in quotes to search for the word.",
      3,
    ],
    [
      "5:a TO b",
      "TO can only be used in a range, as in fs:1000 TO 5000 or ct:2020 TO 2024. Put it in quotes to search for the word.",
      4,
    ],
    [
      "fs:1 TO 2 TO 3",
      "TO can only be used in a range, as in fs:1000 TO 5000 or ct:2020 TO 2024. Put it in quotes to search for the word.",
      10,
    ],
  ])("refuses %s", (input, message, position) => {
    expect(fail(input)).toEqual({ message, position });
  });

  it("reports the first problem from the left", () => {
    expect(fail("AND xx:foo").position).toBe(0);
    expect(fail('xx:foo "open').position).toBe(0);
    expect(fail('a OR "open').position).toBe(5);
  });
});

describe("limits", () => {
  it("refuses empty and whitespace-only input", () => {
    const empty = { message: "The search expression is empty.", position: 0 };
    expect(fail("")).toEqual(empty);
    expect(fail("   ")).toEqual(empty);
    expect(fail(" \t\n ")).toEqual(empty);
    expect(fail("\u00a0")).toEqual(empty);
  });

  it(`accepts ${MAX_EXPRESSION_LENGTH} characters and refuses more`, () => {
    const longest = `a${" ".repeat(MAX_EXPRESSION_LENGTH - 2)}b`;
    expect(ok(longest)).toEqual(and(text("a"), text("b")));
    expect(fail(`${longest} `)).toEqual({
      message: `The search expression is too long: use at most ${MAX_EXPRESSION_LENGTH} characters.`,
      position: MAX_EXPRESSION_LENGTH,
    });
  });

  it("refuses control characters other than tab and newline, pointing at them", () => {
    expect(fail("a\u0000b")).toEqual({
      message:
        "The search expression contains an invisible control character (U+0000) at position 1.",
      position: 1,
    });
    // A pasted Windows line break is whitespace, like a newline.
    expect(parse("red\r\ncar").ok).toBe(true);
    expect(fail('"a\u001fb"').position).toBe(2);
    expect(fail("\u0007").position).toBe(0);
    expect(ok("a\tb\nc")).toEqual(and(text("a"), text("b"), text("c")));
  });

  it("accepts 50 levels of parentheses and refuses 51", () => {
    expect(ok(`${"(".repeat(50)}a${")".repeat(50)}`)).toEqual(text("a"));
    expect(fail(`${"(".repeat(51)}a${")".repeat(51)}`)).toEqual({
      message: "Parentheses and NOT are nested more than 50 levels deep.",
      position: 50,
    });
  });

  it("counts NOT towards the nesting depth", () => {
    let nested: SearchNode = text("a");
    for (let i = 0; i < 50; i++) nested = not(nested);
    expect(ok(`${"NOT ".repeat(50)}a`)).toEqual(nested);
    expect(ok(`${"-".repeat(50)}a`)).toEqual(nested);
    expect(fail(`${"NOT ".repeat(51)}a`).position).toBe(200);
    expect(fail(`${"!".repeat(1000)}a`).message).toBe(
      "Parentheses and NOT are nested more than 50 levels deep.",
    );
    // The 51st level is the "(" at position 50.
    expect(fail(`${"(-".repeat(26)}a${")".repeat(26)}`).position).toBe(50);
  });

  it("lets siblings reuse the depth", () => {
    const group = `${"(".repeat(50)}a${")".repeat(50)}`;
    expect(ok(`${group} ${group} OR ${group}`)).toEqual(or(and(text("a"), text("a")), text("a")));
  });

  it("survives pathological nesting without overflowing the stack", () => {
    for (const input of [
      "(".repeat(100_000),
      `${"(".repeat(MAX_EXPRESSION_LENGTH - 1)}a`,
      "(".repeat(MAX_EXPRESSION_LENGTH),
      ")".repeat(MAX_EXPRESSION_LENGTH),
      "!".repeat(MAX_EXPRESSION_LENGTH),
      "-".repeat(MAX_EXPRESSION_LENGTH),
      "NOT ".repeat(MAX_EXPRESSION_LENGTH / 4),
    ]) {
      const result = parse(input);
      expect(result.ok).toBe(false);
    }
    expect(fail("(".repeat(100_000)).message).toContain("too long");
    expect(fail("(".repeat(MAX_EXPRESSION_LENGTH)).message).toContain("50 levels");
  });

  it("accepts 200 terms and refuses the 201st, pointing at it", () => {
    const terms = Array.from({ length: 200 }, (_, i) => `t${i}`);
    const result = ok(terms.join(" "));
    expect(result.kind === "and" && result.children.length).toBe(200);
    const input = [...terms, "extra"].join(" ");
    expect(fail(input)).toEqual({
      message: "The search expression has more than 200 terms. Remove some and try again.",
      position: input.indexOf("extra"),
    });
  });

  it("counts a range, a phrase or a predicate as one term and operators as none", () => {
    const mixed = Array.from({ length: 50 }, () => 'fs:1 TO 2||"a b"&&!dt:image (5:x)');
    expect(ok(mixed.join(" ")).kind).toBe("or");
    expect(fail(`${mixed.join(" ")} one`).message).toContain("more than 200 terms");
  });
});

describe("robustness", () => {
  // Small deterministic PRNG so a failure can be reproduced from its seed.
  function random(seed: number) {
    let state = seed >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const PIECES = [
    ...["a", "sun", "New", "York", "é", "ø", "0", "5", "1600", "99999", "123456", "2MB", "1.5"],
    ...["*", "sun*", '"', "\\", '\\"', " ", " ", " ", "\t", "\n", "(", ")", "[", "]", "{{", "}}"],
    ...["AND", "OR", "NOT", "TO", "and", "&&", "||", "&", "|", "!", "-", ":", "+"],
    ...["5:", "0:", "25:", "xx:", "fn:", "dt:", "o:", "cs:", "fs:", "pw:", "ph:"],
    ...["mt:", "it:", "rt:", "ct:", "now", "now-", "P1D", "PT6H", "P1Y2M", "2024", "-05", "-01"],
    ...["T10:00:00Z", "+02:00", "1000", "image", "video", "rgb", "gray", "l", "square", "KB"],
  ];
  const CHARS = ' abcAZ019*"\\():[]{}-!&|+.,/_ø\t\n';

  function* inputs(count: number, seed: number) {
    const next = random(seed);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
    for (let i = 0; i < count; i++) {
      const length = 1 + Math.floor(next() * 25);
      let input = "";
      // Half are built from the language's tokens, half from its raw characters.
      for (let j = 0; j < length; j++) input += i % 2 ? pick(PIECES) : pick([...CHARS]);
      yield input;
    }
  }

  /** Checks the promises of the types: what search.server.ts may rely on. */
  function checkTree(node: SearchNode, depth = 0): void {
    expect(depth).toBeLessThan(200);
    switch (node.kind) {
      case "and":
      case "or":
        expect(node.children.length).toBeGreaterThanOrEqual(2);
        for (const child of node.children) {
          expect(child.kind).not.toBe(node.kind);
          checkTree(child, depth + 1);
        }
        break;
      case "not":
        checkTree(node.child, depth + 1);
        break;
      case "text":
        if (node.field !== null) {
          expect(Number.isInteger(node.field)).toBe(true);
          expect(node.field).toBeGreaterThanOrEqual(1);
          expect(node.field).toBeLessThanOrEqual(99999);
        }
        expect(node.value.text.length).toBeGreaterThan(0);
        expect(node.value.type === "wildcard").toBe(
          node.value.type !== "phrase" && node.value.text.includes("*"),
        );
        break;
      case "fileName":
        expect(node.value.text.length).toBeGreaterThan(0);
        break;
      case "colorSpace":
        expect(node.values.length).toBeGreaterThan(0);
        break;
      case "numberRange":
        for (const bound of [node.from, node.to]) {
          if (bound !== null) {
            expect(Number.isSafeInteger(bound)).toBe(true);
            expect(bound).toBeGreaterThanOrEqual(0);
          }
        }
        if (node.from !== null && node.to !== null) expect(node.from).toBeLessThanOrEqual(node.to);
        break;
      case "dateRange":
        for (const bound of [node.from, node.to]) {
          if (bound !== null) expect(new Date(bound).toISOString()).toBe(bound);
        }
        if (node.from !== null && node.to !== null) expect(node.from < node.to).toBe(true);
        break;
    }
  }

  function check(input: string, result: ParseResult) {
    expect(result).toBeTypeOf("object");
    if (result.ok) {
      checkTree(result.node);
    } else {
      expect(inEnglish(result.message)).toMatch(/^\S.*\.$/s);
      expect(inEnglish(result.message)).not.toBe("The search expression could not be read.");
      expect(Number.isInteger(result.position)).toBe(true);
      expect(result.position).toBeGreaterThanOrEqual(0);
      expect(result.position).toBeLessThanOrEqual(input.length);
    }
  }

  it("never throws on 4000 random inputs and keeps its promises", () => {
    let parsed = 0;
    for (const input of inputs(4000, 20240531)) {
      let result: ParseResult | undefined;
      expect(() => (result = parse(input)), JSON.stringify(input)).not.toThrow();
      check(input, result as ParseResult);
      if (result?.ok) parsed++;
    }
    // The fuzzing is only worth something if it reaches the parser's successful paths too.
    expect(parsed).toBeGreaterThan(400);
  });

  it("never throws on long random inputs", () => {
    const next = random(7);
    for (let i = 0; i < 50; i++) {
      const input = Array.from(
        { length: 1990 },
        () => '(!-" a*:\\)[]{}'[Math.floor(next() * 15)],
      ).join("");
      check(input, parse(input));
    }
  });

  it("answers something sensible to values the types do not allow", () => {
    const loose = parseSearchExpression as (input: unknown, options?: unknown) => ParseResult;
    const empty = loose(undefined);
    expect(empty.ok).toBe(false);
    if (!empty.ok) {
      expect(inEnglish(empty.message)).toBe("The search expression is empty.");
      expect(empty.position).toBe(0);
    }
    expect(loose(42).ok).toBe(false);
    expect(loose("a", null)).toEqual({ ok: true, node: text("a") });
  });

  it("does not depend on the order of calls", () => {
    const first = JSON.stringify(parse('a (b OR "c d") -fs:1 TO 2 mt:now-P1D'));
    parse("(((");
    parse('"unclosed');
    expect(JSON.stringify(parse('a (b OR "c d") -fs:1 TO 2 mt:now-P1D'))).toBe(first);
  });
});

describe("dates in the reader's time zone (decision 105)", () => {
  const inZone = (input: string, timeZone: string) => {
    const result = parseSearchExpression(input, { now: NOW, timeZone });
    if (!result.ok) throw new Error(result.message);
    return result.node;
  };

  it("reads a day, a month and a year as that period where the reader is", () => {
    expect(inZone("mt:2024-05-01", "Europe/Oslo")).toEqual(
      dates("mt", "2024-04-30T22:00:00.000Z", "2024-05-01T22:00:00.000Z"),
    );
    expect(inZone("at:2024-01", "Europe/Oslo")).toEqual(
      dates("at", "2023-12-31T23:00:00.000Z", "2024-01-31T23:00:00.000Z"),
    );
    expect(inZone("mt:2023", "America/New_York")).toEqual(
      dates("mt", "2023-01-01T05:00:00.000Z", "2024-01-01T05:00:00.000Z"),
    );
    expect(inZone("mt:2024-05-01", "Asia/Kolkata")).toEqual(
      dates("mt", "2024-04-30T18:30:00.000Z", "2024-05-01T18:30:00.000Z"),
    );
  });

  it("gives the day summer time starts its 23 hours, and the day it ends its 25", () => {
    expect(inZone("mt:2024-03-31", "Europe/Oslo")).toEqual(
      dates("mt", "2024-03-30T23:00:00.000Z", "2024-03-31T22:00:00.000Z"),
    );
    expect(inZone("mt:2024-10-27", "Europe/Oslo")).toEqual(
      dates("mt", "2024-10-26T22:00:00.000Z", "2024-10-27T23:00:00.000Z"),
    );
  });

  it("reads a time without an offset on the reader's clock, one with an offset as written", () => {
    expect(inZone("mt:2024-05-01T10:00", "Europe/Oslo")).toEqual(
      dates("mt", "2024-05-01T08:00:00.000Z", "2024-05-01T08:00:00.001Z"),
    );
    expect(inZone("mt:2024-05-01T10:00:00Z", "Europe/Oslo")).toEqual(
      dates("mt", "2024-05-01T10:00:00.000Z", "2024-05-01T10:00:00.001Z"),
    );
    expect(inZone("mt:2024-05-01T10:00+05:00", "Europe/Oslo")).toEqual(
      dates("mt", "2024-05-01T05:00:00.000Z", "2024-05-01T05:00:00.001Z"),
    );
  });

  it("ranges, relative dates and the open end behave as in UTC", () => {
    expect(inZone("mt:2024-05-01 TO 2024-05-02", "Europe/Oslo")).toEqual(
      dates("mt", "2024-04-30T22:00:00.000Z", "2024-05-02T22:00:00.000Z"),
    );
    expect(inZone("mt:now-P1D", "Europe/Oslo")).toEqual(
      dates("mt", "2024-03-30T12:00:00.000Z", null),
    );
    expect(inZone("mt:9999", "Europe/Oslo")).toEqual(
      dates("mt", "9998-12-31T23:00:00.000Z", "9999-12-31T23:00:00.000Z"),
    );
  });

  it("reads UTC without a zone, with UTC, and with a zone the runtime does not know", () => {
    const utc = dates("mt", "2024-05-01T00:00:00.000Z", "2024-05-02T00:00:00.000Z");
    expect(ok("mt:2024-05-01")).toEqual(utc);
    expect(inZone("mt:2024-05-01", "UTC")).toEqual(utc);
    expect(inZone("mt:2024-05-01", "Mars/Olympus_Mons")).toEqual(utc);
  });
});
