// @ts-check
// What the client's modules need from a browser, for node --test: a DOM (jsdom) as
// globals, and the real translation catalogs of src/crowsnest/web/i18n.

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { JSDOM } from "jsdom";

const dom = new JSDOM("<!doctype html><html><body></body></html>", { url: "http://127.0.0.1/" });
const g = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (globalThis));
for (const name of ["window", "document", "Node", "Element", "HTMLElement", "SVGElement", "CSS"]) {
  g[name] = dom.window[/** @type {keyof typeof dom.window} */ (name)];
}

const I18N = fileURLToPath(new URL("../../src/crowsnest/web/i18n/", import.meta.url));

/**
 * A language's catalog as the server serves it: its files merged.
 * @param {string} lang
 * @returns {Record<string, string | Record<string, string>>}
 */
export function catalogOf(lang) {
  const dir = join(I18N, lang);
  /** @type {Record<string, string | Record<string, string>>} */
  const merged = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    Object.assign(merged, JSON.parse(readFileSync(join(dir, file), "utf-8")));
  }
  return merged;
}
