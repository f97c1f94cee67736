/*
 * The grid benchmark's HTTP baseline: the grid page's markup, as our server rendered it, made
 * again by bare React (bench/markup-elements.ts: createElement calls, renderToString, no router,
 * no loader, no database) and served by a plain Node HTTP server in a process of its own, as ours
 * is, so both sides pay the same transport and neither shares the load generator's process.
 *
 *   node --import tsx bench/search-bare-grid.ts <page.html> <port>
 */
import fs from "node:fs";
import http from "node:http";
import { renderToString } from "react-dom/server";
import { bareElements } from "./markup-elements";

const [file, port] = process.argv.slice(2);
const makePage = bareElements(fs.readFileSync(file!, "utf8"));
const server = http.createServer((_req, res) => {
  const body = `<!DOCTYPE html>${renderToString(makePage())}`;
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(body);
});
server.listen(Number(port), "127.0.0.1", () => console.log("ready"));
