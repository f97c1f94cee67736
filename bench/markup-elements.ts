/*
 * The grid benchmark's baseline builder: turns a page's HTML, as our server rendered it, into a
 * function that makes the same tree again with bare React.createElement calls (no components, no
 * hooks, no router, no data fetching), so renderToString of it writes the same markup. Inline
 * scripts and styles go in as raw HTML, as a hand-written page would put them.
 *
 * It reads React's own output (well-formed, attributes in double quotes), not HTML in general.
 */
import { createElement, Fragment, type ReactNode } from "react";

interface ElementNode {
  tag: string;
  attributes: [string, string][];
  children: MarkupNode[];
}
type MarkupNode = ElementNode | string | { separator: true };

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const RAW_TEXT = new Set(["script", "style"]);
const BOOLEAN = new Set([
  "allowfullscreen",
  "async",
  "autofocus",
  "autoplay",
  "checked",
  "controls",
  "default",
  "defer",
  "disabled",
  "formnovalidate",
  "hidden",
  "inert",
  "loop",
  "multiple",
  "muted",
  "nomodule",
  "novalidate",
  "open",
  "playsinline",
  "readonly",
  "required",
  "reversed",
  "selected",
]);
const RENAMED: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  readonly: "readOnly",
  autofocus: "autoFocus",
  novalidate: "noValidate",
  formnovalidate: "formNoValidate",
  nomodule: "noModule",
  playsinline: "playsInline",
  allowfullscreen: "allowFullScreen",
  tabindex: "tabIndex",
  srcset: "srcSet",
  charset: "charSet",
  crossorigin: "crossOrigin",
  autocomplete: "autoComplete",
  enctype: "encType",
  maxlength: "maxLength",
  minlength: "minLength",
  spellcheck: "spellCheck",
  "accept-charset": "acceptCharset",
  "http-equiv": "httpEquiv",
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === "#")
      return String.fromCodePoint(
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name] ?? whole;
  });
}

function parse(html: string): MarkupNode[] {
  const root: ElementNode = { tag: "#root", attributes: [], children: [] };
  const stack = [root];
  let at = 0;
  const top = () => stack[stack.length - 1]!;
  while (at < html.length) {
    if (html.startsWith("<!--", at)) {
      const end = html.indexOf("-->", at);
      top().children.push({ separator: true });
      at = end + 3;
    } else if (html.startsWith("<!", at)) {
      at = html.indexOf(">", at) + 1;
    } else if (html.startsWith("</", at)) {
      const end = html.indexOf(">", at);
      const tag = html.slice(at + 2, end).trim();
      if (top().tag !== tag) throw new Error(`</${tag}> closes <${top().tag}> at ${at}`);
      stack.pop();
      at = end + 1;
    } else if (html[at] === "<") {
      const tagMatch = /^<([a-zA-Z][\w-]*)/.exec(html.slice(at, at + 40))!;
      const node: ElementNode = { tag: tagMatch[1]!, attributes: [], children: [] };
      at += tagMatch[0].length;
      const attribute = /\s*([^\s=/>]+)(?:="([^"]*)")?/y;
      for (;;) {
        attribute.lastIndex = at;
        if (/^\s*\/?>/.test(html.slice(at, at + 3))) break;
        const m = attribute.exec(html)!;
        node.attributes.push([m[1]!, decode(m[2] ?? "")]);
        at = attribute.lastIndex;
      }
      at = html.indexOf(">", at) + 1;
      top().children.push(node);
      if (RAW_TEXT.has(node.tag)) {
        const end = html.indexOf(`</${node.tag}>`, at);
        node.children.push(html.slice(at, end));
        at = end + node.tag.length + 3;
      } else if (!VOID.has(node.tag)) stack.push(node);
    } else {
      const end = html.indexOf("<", at);
      const text = html.slice(at, end < 0 ? undefined : end);
      top().children.push(decode(text));
      at += text.length;
    }
  }
  return root.children;
}

function styleObject(text: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const declaration of text.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    const key = name.startsWith("--")
      ? name
      : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    style[key] = declaration.slice(colon + 1).trim();
  }
  return style;
}

function props(node: ElementNode, key: number): Record<string, unknown> {
  const result: Record<string, unknown> = { key };
  for (const [name, value] of node.attributes) {
    if (name === "style") result.style = styleObject(value);
    else if (BOOLEAN.has(name)) result[RENAMED[name] ?? name] = true;
    else if (name === "value" && (node.tag === "input" || node.tag === "textarea"))
      result.defaultValue = value;
    else result[RENAMED[name] ?? name] = value;
  }
  if (node.tag === "input" && "checked" in result) {
    result.defaultChecked = result.checked;
    delete result.checked;
  }
  return result;
}

function build(nodes: MarkupNode[]): ReactNode[] {
  const out: ReactNode[] = [];
  nodes.forEach((node, i) => {
    if (typeof node === "string") out.push(node);
    else if ("separator" in node) return;
    else if (RAW_TEXT.has(node.tag))
      out.push(
        createElement(node.tag, {
          ...props(node, i),
          dangerouslySetInnerHTML: { __html: (node.children[0] as string | undefined) ?? "" },
        }),
      );
    else out.push(createElement(node.tag, props(node, i), ...build(node.children)));
  });
  return out;
}

/** A function that makes the page's element tree anew on every call, as a render would. */
export function bareElements(html: string): () => ReactNode {
  const nodes = parse(html);
  return () => createElement(Fragment, null, ...build(nodes));
}

/** Markup as compared for sameness: React's text separators and the doctype set aside. */
export function comparable(html: string): string {
  return html.replace(/<!-- -->/g, "").replace(/^<!DOCTYPE html>/i, "");
}
