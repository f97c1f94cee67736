/*
 * What the root route renders on every page, in one module that every route module and every
 * lazily loaded overlay imports too (decision 031). The classic compiler's esbuild puts a file in
 * a chunk by the set of entry points (route modules and lazy imports) that reach it, so the
 * shell's code, reached by a different set for nearly every file, came as some forty small
 * chunks; reached by all of them alike, it comes as a few. No page loads more for it: every
 * page loads the shell already. tests/unit/shell-bundle.test.ts keeps every entry importing it.
 */
export { CookieBanner } from "./CookieBanner";
export { ErrorPanel, describeRouteError } from "./ErrorPanel";
export { Footer } from "./Footer";
export { Header } from "./Header";
export { Keepalive } from "./Keepalive";
export { Toasts } from "~/components/ui/Toasts";
