import MarkdownIt from "markdown-it";

/*
 * Markdown from settings is untrusted: raw HTML is escaped (html: false) and markdown-it's
 * validateLink refuses javascript:, vbscript:, file: and non-image data: URLs. Links that leave
 * the site open safely in a new tab.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));

md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = token.attrGet("href") ?? "";
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//")) {
    token.attrSet("target", "_blank");
    token.attrSet("rel", "noopener noreferrer");
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}
