/*
 * The grid benchmark's baseline: the grid's markup (a list of tiles: thumbnail link with its
 * placeholder colour, retina srcset, caption, selection checkbox, pin button, paging links)
 * rendered by bare React (renderToString, no router, no loader, no database) from data fetched
 * once, served by a plain Node HTTP server in a process of its own, as ours is, so both sides
 * pay the same transport and neither shares the load generator's process.
 *
 *   node --import tsx bench/search-bare-grid.ts <views.json> <port>
 */
import fs from "node:fs";
import http from "node:http";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import type { AssetView } from "../app/models/asset-view.server";

function Tile({ view }: { view: AssetView }) {
  const small = view.previews.find((p) => p.size >= 200) ?? view.previews[0];
  const retina = view.previews.find((p) => p.size >= 400);
  const label = view.thumbnailFields.label.value;
  return h(
    "li",
    { className: "tile" },
    h(
      "a",
      {
        href: `${view.href}?s=-added`,
        className: "thumbLink",
        style: { backgroundColor: "#8a8a8a" },
      },
      small
        ? h("img", {
            className: "thumb",
            src: small.href,
            srcSet: retina ? `${small.href} 1x, ${retina.href} 2x` : undefined,
            width: 200,
            height: 133,
            loading: "lazy",
            decoding: "async",
            alt: label,
          })
        : h("span", null, label),
    ),
    h(
      "div",
      { className: "caption" },
      h("span", { className: "label" }, label),
      h("span", { className: "firstLine" }, view.thumbnailFields.firstLine.value),
    ),
    h(
      "div",
      { className: "tileActions" },
      h(
        "label",
        { className: "check" },
        h("input", {
          type: "checkbox",
          name: "asset",
          value: String(view.id),
          "aria-label": `Select ${label}`,
        }),
        h("span", { "aria-hidden": true }, "Select"),
      ),
      h("button", { type: "submit", name: "asset", value: view.id, "aria-pressed": false }, "Pin"),
    ),
  );
}

function Page({ views }: { views: AssetView[] }) {
  return h(
    "html",
    { lang: "en" },
    h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, "Bench main | Arkiv")),
    h(
      "body",
      null,
      h(
        "main",
        null,
        h("h1", null, "Bench main"),
        h(
          "form",
          { method: "post" },
          h("ul", { className: "grid" }, ...views.map((view) => h(Tile, { key: view.id, view }))),
        ),
        h("nav", { "aria-label": "Pages" }, h("a", { href: "?after=x" }, "Next page")),
      ),
    ),
  );
}

const [file, port] = process.argv.slice(2);
const views = JSON.parse(fs.readFileSync(file!, "utf8")) as AssetView[];
const server = http.createServer((_req, res) => {
  const body = `<!DOCTYPE html>${renderToString(h(Page, { views }))}`;
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(body);
});
server.listen(Number(port), "127.0.0.1", () => console.log("ready"));
