// @ts-check
// The Info tab: the complete rules of the chosen rule set. The server builds them from
// the rule set's own data (GET /api/rules/{id}/info, options applied) as catalog keys
// and arguments; this module only translates and lays them out.

import { t, cardArg, formatNumber, onLanguageChange } from "./i18n.js";
import { settings } from "./settings.js";
import { api, ApiError } from "./api.js";
import { h, mount } from "./dom.js";
import { birdName } from "./model.js";

/**
 * An argument of a rules paragraph: a number, a list of numbers, a card, or another key.
 * @typedef {number | string | number[] | {card: string} | {key: string}} InfoArg
 */

/** @typedef {{key: string, args?: Record<string, InfoArg>, house?: boolean}} Paragraph */
/** @typedef {{title: string, paragraphs: Paragraph[]}} Section */

/** @type {{container: HTMLElement, rulesId: string, bird: "crow" | "rook" | null, sections: Section[], atTable: boolean} | null} re-rendered on a language change */
let shown = null;

onLanguageChange(() => {
  if (shown && shown.container.isConnected) draw(shown.container, shown.rulesId, shown.bird, shown.sections, shown.atTable);
});

/**
 * Arguments as the catalog wants them: cards and nested keys passed on for t() to name
 * (in the case each placeholder asks for), numbers and lists of numbers formatted for the language.
 * @param {Record<string, InfoArg> | undefined} args
 * @param {"crow" | "rook"} bird
 * @returns {import("./i18n.js").Args}
 */
export function translateArgs(args, bird) {
  /** @type {import("./i18n.js").Args} */
  const out = {};
  for (const [name, value] of Object.entries(args ?? {})) {
    if (Array.isArray(value)) out[name] = value.map((v) => formatNumber(v)).join(", ");
    else if (value && typeof value === "object" && "card" in value) out[name] = cardArg(value.card, { bird });
    else if (value && typeof value === "object" && "key" in value) out[name] = { key: value.key };
    else out[name] = value;
  }
  return out;
}

/**
 * The options chosen in Settings for a rule set, as query parameters.
 * @param {string} rulesId
 * @returns {Record<string, string>}
 */
function chosen(rulesId) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const [name, value] of Object.entries(settings().options?.[rulesId] ?? {})) out[name] = String(value);
  return out;
}

/**
 * The options of a table, as query parameters.
 * @param {Record<string, unknown>} options
 * @returns {Record<string, string>}
 */
export function tableOptions(options) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const [name, value] of Object.entries(options)) out[name] = String(value);
  return out;
}

/**
 * Fetch and show the rules of rulesId: with the options chosen in Settings, or with a
 * table's own (`table`: the rules of the table the player sits at or watches).
 * @param {HTMLElement} container
 * @param {string} rulesId
 * @param {"crow" | "rook" | null} bird the rule set's bird card (GET /api/rules)
 * @param {Record<string, string> | null} [table] the table's options, at a table
 */
export async function renderInfo(container, rulesId, bird, table = null) {
  mount(container, h("p", { class: "rules-loading", role: "status" }, t("rules.loading")));
  const options = table ?? chosen(rulesId);
  let sections;
  try {
    try {
      sections = await api.ruleInfo(rulesId, options);
    } catch (err) {
      if (!Object.keys(options).length) throw err;
      sections = await api.ruleInfo(rulesId, {}); // stale options: show the defaults
    }
  } catch (err) {
    const error = err instanceof ApiError ? err.code : String(err);
    mount(container, h("p", { class: "rules-error", role: "alert" }, t("rules.load_failed", { error })));
    return;
  }
  shown = { container, rulesId, bird, sections, atTable: table !== null };
  draw(container, rulesId, bird, sections, table !== null);
}

/**
 * @param {HTMLElement} container
 * @param {string} rulesId
 * @param {"crow" | "rook" | null} birdKey
 * @param {Section[]} sections
 * @param {boolean} atTable the rules of the table on the Play tab (not of Settings)
 */
function draw(container, rulesId, birdKey, sections, atTable) {
  const bird = birdName({ bird: birdKey });
  let house = false;
  const blocks = sections.map((section) =>
    h(
      "section",
      { class: "rules-section" },
      h("h3", {}, t(section.title)),
      section.paragraphs.map((p) => {
        if (p.house) house = true;
        return h(
          "p",
          { "data-key": p.key, class: p.house ? "house" : null },
          t(p.key, translateArgs(p.args, bird)),
          p.house ? [" ", h("span", { class: "house-tag" }, `(${t("rules.house")})`)] : null,
        );
      }),
    ),
  );
  mount(
    container,
    h(
      "article",
      { class: "paper rules-info", "aria-labelledby": "rules-info-title", "data-rules": rulesId, "data-at-table": String(atTable) },
      h("h2", { id: "rules-info-title" }, t("rules.heading", { name: t(`rules.name.${rulesId}`) })),
      h("p", { class: "rules-source", id: "rules-source" }, t(atTable ? "rules.of_table" : "rules.of_settings")),
      blocks,
      house ? h("p", { class: "house-note" }, t("rules.house_note")) : null,
    ),
  );
}
