import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/utils/markdown.server";

describe("renderMarkdown", () => {
  it("renders ordinary markdown", () => {
    expect(renderMarkdown("**bold** and _em_")).toBe(
      "<p><strong>bold</strong> and <em>em</em></p>\n",
    );
    expect(renderMarkdown("# Title")).toBe("<h1>Title</h1>\n");
    expect(renderMarkdown("- a\n- b")).toContain("<li>a</li>");
  });

  it("escapes a script element", () => {
    const html = renderMarkdown("<script>alert(1)</script>");
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("escapes raw inline HTML and its event handlers", () => {
    const html = renderMarkdown('hi <img src=x onerror="alert(1)"> <b onclick=x>b</b>');
    expect(html).not.toMatch(/<img|<b /);
    expect(html).toContain("&lt;img");
  });

  it("escapes block HTML", () => {
    const html = renderMarkdown('<div style="position:fixed">\n\noverlay\n\n</div>');
    expect(html).not.toContain("<div");
  });

  it("does not render dangerous schemes as links", () => {
    for (const source of [
      "[x](javascript:alert(1))",
      "[x](JavaScript:alert(1))",
      "[x](&#106;avascript:alert(1))",
      "[x](vbscript:msgbox(1))",
      "[x](file:///etc/passwd)",
      "[x](data:text/html;base64,PHNjcmlwdD4=)",
      "<javascript:alert(1)>",
      "javascript:alert(1)",
    ]) {
      const html = renderMarkdown(source);
      expect(html, source).not.toContain("<a");
      expect(html, source).not.toMatch(/href=/);
    }
  });

  it("does not render a javascript: image", () => {
    expect(renderMarkdown("![i](javascript:alert(1))")).not.toContain("<img");
  });

  it("opens external links in a new tab without an opener", () => {
    expect(renderMarkdown("[site](https://example.com/a)")).toBe(
      '<p><a href="https://example.com/a" target="_blank" rel="noopener noreferrer">site</a></p>\n',
    );
  });

  it("treats protocol-relative and other schemes as external", () => {
    expect(renderMarkdown("[a](//example.com)")).toContain('target="_blank"');
    expect(renderMarkdown("[m](mailto:a@example.com)")).toContain('rel="noopener noreferrer"');
  });

  it("opens linkified bare URLs safely too", () => {
    const html = renderMarkdown("see https://example.com now");
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">',
    );
  });

  it("keeps site links in the same tab", () => {
    expect(renderMarkdown("[policy](/fotoweb/views/cookie-policy)")).toBe(
      '<p><a href="/fotoweb/views/cookie-policy">policy</a></p>\n',
    );
    expect(renderMarkdown("[top](#top)")).not.toContain("target=");
  });

  it("cannot break out of the href attribute", () => {
    const html = renderMarkdown('[x](<https://a.example/" onclick="alert(1)>)');
    expect(html).not.toContain('" onclick="');
    expect(html).not.toMatch(/<a [^>]*\sonclick=/);
  });

  it("escapes HTML in link text and titles", () => {
    const html = renderMarkdown('[<b>x</b>](/p "t\\"><script>")');
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("<script>");
  });

  it("returns an empty string for empty input", () => {
    expect(renderMarkdown("")).toBe("");
  });
});
