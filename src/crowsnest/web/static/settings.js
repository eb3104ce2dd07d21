// @ts-check
// Settings: kept in the store (and localStorage), edited on the Settings tab. Rule-set
// options come from GET /api/rules (names, kinds, allowed values); the client adds no
// rules.

import { t, currentLanguage, languages, formatNumber } from "./i18n.js";
import { h, mount, remount, find } from "./dom.js";
import { store, saveSettings, SETTING_CHOICES } from "./store.js";
import { api, ApiError } from "./api.js";
import { errorWords } from "./model.js";
import { offers, levelOf } from "./offers.js";

/** @typedef {import("./store.js").Settings} Settings */
/** @typedef {import("./types.js").RuleSet} RuleSet */
/** @typedef {import("./types.js").RuleOption} RuleOption */

/** A table's `bot_delay` (seconds) for each play speed. */
export const SPEEDS = { slow: 1.5, normal: 0.8, fast: 0.3, instant: 0 };
/** How long a card takes to fly (ms) at each play speed. */
export const ANIMATION_MS = { slow: 700, normal: 420, fast: 220, instant: 0 };
export const CARD_SIZES = SETTING_CHOICES.cardSize;
export const DECK_STYLES = SETTING_CHOICES.deckStyle;

/** @returns {Settings} */
export function settings() {
  return store.get().settings;
}

/**
 * Change some settings and keep them.
 * @param {Partial<Settings>} patch
 */
export function updateSettings(patch) {
  const next = { ...settings(), ...patch };
  saveSettings(next);
  store.set({ settings: next });
}

/**
 * Call fn after every change of the settings.
 * @param {(settings: Settings) => void} fn
 */
export function onSettingsChange(fn) {
  return store.subscribe((state, previous) => {
    if (state.settings !== previous.settings) fn(state.settings);
  });
}

/**
 * The seconds a bot waits at a play speed.
 * @param {string} speed
 */
export function botDelay(speed) {
  return SPEEDS[/** @type {keyof typeof SPEEDS} */ (speed)] ?? 0.8;
}

/**
 * The animation length (ms) at a play speed.
 * @param {string} speed
 */
export function animationMs(speed) {
  return ANIMATION_MS[/** @type {keyof typeof ANIMATION_MS} */ (speed)] ?? 0;
}

/**
 * The options of a rule set as chosen, only the ones that differ from the default.
 * @param {RuleSet} ruleSet
 * @param {Settings} [current]
 * @returns {Record<string, unknown>}
 */
export function chosenOptions(ruleSet, current = settings()) {
  const chosen = current.options[ruleSet.id] ?? {};
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const opt of ruleSet.options) {
    if (opt.name in chosen && chosen[opt.name] !== opt.default) out[opt.name] = chosen[opt.name];
  }
  return out;
}

/** The name to play under: the one set, else the default. */
export function playerName() {
  return (settings().name || "").trim() || t("settings.default_name");
}

/**
 * A labelled field.
 * @param {string} id
 * @param {string} labelKey
 * @param {HTMLElement} control
 */
function field(id, labelKey, control) {
  return h("div", { class: "field" }, h("label", { for: id }, t(labelKey)), control);
}

/**
 * A select of values (`[value, label]` pairs, or values labelled `labelPrefix + value`).
 * @param {string} id
 * @param {(string | [string, string])[]} values
 * @param {string} current
 * @param {string} labelPrefix
 * @param {string | null} [name]
 */
function select(id, values, current, labelPrefix, name = null) {
  const opts = values.map((v) => {
    const [value, label] = Array.isArray(v) ? v : [v, t(`${labelPrefix}${v}`)];
    return h("option", { value, selected: value === current }, label);
  });
  return h("select", { id, name }, opts);
}

/**
 * The control of one option of the rule set.
 * @param {RuleSet} rs
 * @param {RuleOption} opt
 */
function optionControl(rs, opt) {
  const value = (settings().options[rs.id] ?? {})[opt.name] ?? opt.default;
  const id = `option-${opt.name}`;
  const name = `option-${opt.name}`;
  const label = t(`option.${opt.name}`);
  if (opt.kind === "bool") {
    return h(
      "div",
      { class: "field field-check" },
      h("input", { type: "checkbox", id, name, checked: Boolean(value) }),
      h("label", { for: id }, label),
    );
  }
  if (opt.kind === "choice") {
    /** @type {[string, string][]} */
    const values = (opt.choices ?? []).map((c) => [c, t(`option.${opt.name}.${c}`)]);
    return field(id, `option.${opt.name}`, select(id, values, String(value), "", name));
  }
  const range = rangeText(opt);
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    h("input", {
      type: "number",
      id,
      name,
      min: opt.minimum,
      max: opt.maximum,
      step: opt.step,
      value: String(value),
      inputmode: "numeric",
      "aria-describedby": `${id}-hint ${id}-error`,
    }),
    h("p", { class: "field-hint", id: `${id}-hint` }, range),
    h("p", { class: "field-error", id: `${id}-error`, role: "alert" }),
  );
}

/**
 * The values a number option allows, in words (from the rule set's spec).
 * @param {RuleOption} opt
 */
function rangeText(opt) {
  return t("settings.range", {
    min: formatNumber(opt.minimum ?? 0),
    max: formatNumber(opt.maximum ?? 0),
    step: formatNumber(opt.step ?? 1),
  });
}

/** @type {Record<string, string | number | boolean>} */
const NO_OPTIONS = {};

/**
 * Keep an option's new value if the server's rules allow it, else refuse it in words
 * that name the value and what is allowed (the rule set decides, not this page: the
 * rules text of GET /api/rules/{id}/info is asked with the options as they would be).
 * @param {RuleSet} rs
 * @param {RuleOption} opt
 * @param {HTMLInputElement} el
 * @param {string | number | boolean} value
 */
async function checkOption(rs, opt, el, value) {
  const chosen = /** @type {Record<string, string | number | boolean>} */ (settings().options[rs.id] ?? NO_OPTIONS);
  const next = { ...chosen, [opt.name]: value };
  const alert = document.getElementById(`${el.id}-error`);
  try {
    await api.ruleInfo(rs.id, next);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 0) return; // no answer: keep the old value
    el.setAttribute("aria-invalid", "true");
    const why = err.code === "bad_option_value" && opt.kind === "int" ? rangeText(opt) : errorWords(err.code, /** @type {Record<string, string | number>} */ (err.args));
    if (alert) alert.textContent = `${t("settings.not_allowed", { value: String(value) })} ${why}`;
    return;
  }
  el.setAttribute("aria-invalid", "false");
  if (alert) alert.textContent = "";
  const typed = opt.kind === "int" ? Number(value) : value;
  const all = settings().options;
  updateSettings({ options: { ...all, [rs.id]: { ...(all[rs.id] ?? {}), [opt.name]: typed } } });
}

/**
 * @typedef {object} SettingsActions
 * @property {() => void} newGame
 * @property {() => void} newPrivateGame
 * @property {(lang: string) => void} setLanguage
 */

/**
 * Render the Settings tab. ruleSets: the answer of GET /api/rules.
 * @param {HTMLElement} panel
 * @param {RuleSet[]} ruleSets
 * @param {SettingsActions} actions
 * @param {boolean} [again] the same form drawn again in another language: what is
 *   being typed, and the focus, stay (a catalog arriving while one types)
 */
export function renderSettings(panel, ruleSets, actions, again = false) {
  const state = settings();
  const rs = ruleSets.find((r) => r.id === state.rules) ?? ruleSets[0];
  /** @type {[string, string][]} */
  const rulesValues = ruleSets.map((r) => [r.id, t(`ruleset.${r.id}`)]);
  /** @type {[string, string][]} */
  const langValues = languages().map((l) => [l, t(`language.${l}`)]);
  const form = h(
    "form",
    { id: "settings-form", class: "settings-form", novalidate: true },
    h(
      "fieldset",
      {},
      h("legend", {}, t("settings.player")),
      h(
        "div",
        { class: "field" },
        h("label", { for: "player-name" }, t("settings.name")),
        h("input", {
          id: "player-name",
          type: "text",
          maxlength: 40,
          autocomplete: "nickname",
          value: state.name,
          placeholder: t("settings.default_name"),
        }),
      ),
      field("settings-language", "settings.language", select("settings-language", langValues, currentLanguage(), "")),
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, t("settings.game")),
      rs ? field("settings-rules", "settings.rules", select("settings-rules", rulesValues, rs.id, "")) : null,
      h("div", { class: "options", id: "rule-options" }, rs ? rs.options.map((o) => optionControl(rs, o)) : []),
      field("settings-level", "settings.level", select("settings-level", offers().levels, levelOf(state.level), "level.")),
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, t("settings.table")),
      field("settings-speed", "settings.speed", select("settings-speed", Object.keys(SPEEDS), state.speed, "speed.")),
      field(
        "settings-card-size",
        "settings.card_size",
        select("settings-card-size", CARD_SIZES, state.cardSize, "card_size."),
      ),
      field(
        "settings-deck-style",
        "settings.deck_style",
        select("settings-deck-style", DECK_STYLES, state.deckStyle, "deck_style."),
      ),
      h(
        "div",
        { class: "field field-check" },
        h("input", { type: "checkbox", id: "settings-hints", checked: state.hints }),
        h("label", { for: "settings-hints" }, t("settings.hints")),
      ),
      h(
        "div",
        { class: "field field-check" },
        h("input", { type: "checkbox", id: "settings-autoplay", checked: state.autoPlay }),
        h("label", { for: "settings-autoplay" }, t("settings.autoplay")),
      ),
      h(
        "div",
        { class: "field field-check" },
        h("input", { type: "checkbox", id: "settings-sound", checked: state.sound }),
        h("label", { for: "settings-sound" }, t("settings.sound")),
      ),
      h(
        "div",
        { class: "field field-check" },
        h("input", { type: "checkbox", id: "settings-notify", checked: state.notify }),
        h("label", { for: "settings-notify" }, t("settings.notify")),
      ),
      h(
        "div",
        { class: "field field-check" },
        h("input", { type: "checkbox", id: "settings-reviews", checked: state.reviews !== false }),
        h("label", { for: "settings-reviews" }, t("settings.reviews")),
      ),
      h(
        "div",
        { class: "field field-check" },
        h("input", { type: "checkbox", id: "settings-offline", checked: state.offline === true, "aria-describedby": "settings-offline-help" }),
        h("label", { for: "settings-offline" }, t("settings.offline")),
        h("p", { id: "settings-offline-help", class: "help" }, t("settings.offline_help")),
      ),
    ),
    h(
      "div",
      { class: "settings-actions" },
      h("button", { type: "button", id: "settings-new-game", class: "primary", onclick: () => actions.newGame() }, t("settings.new_game")),
      h(
        "button",
        { type: "button", id: "settings-new-private-game", onclick: () => actions.newPrivateGame() },
        t("settings.new_private_game"),
      ),
    ),
  );
  (again ? remount : mount)(panel, h("div", { class: "settings" }, h("h2", {}, t("settings.title")), form));

  const rerender = () => renderSettings(panel, ruleSets, actions);
  form.addEventListener("submit", (e) => e.preventDefault());
  form.addEventListener("change", (e) => {
    const el = /** @type {HTMLInputElement} */ (e.target);
    if (el.id === "player-name") updateSettings({ name: el.value.trim().slice(0, 40) });
    else if (el.id === "settings-rules") {
      updateSettings({ rules: el.value });
      rerender();
      find(panel, "#settings-rules").focus();
    } else if (el.id === "settings-level") updateSettings({ level: el.value });
    else if (el.id === "settings-speed") updateSettings({ speed: el.value });
    else if (el.id === "settings-card-size") updateSettings({ cardSize: el.value });
    else if (el.id === "settings-deck-style") updateSettings({ deckStyle: el.value });
    else if (el.id === "settings-hints") updateSettings({ hints: el.checked });
    else if (el.id === "settings-autoplay") updateSettings({ autoPlay: el.checked });
    else if (el.id === "settings-sound") updateSettings({ sound: el.checked });
    else if (el.id === "settings-notify") {
      updateSettings({ notify: el.checked });
      // The browser asks the player once; refused, no notification comes.
      if (el.checked && "Notification" in window && Notification.permission === "default") void Notification.requestPermission();
    }
    else if (el.id === "settings-offline") updateSettings({ offline: el.checked });
    else if (el.id === "settings-reviews") updateSettings({ reviews: el.checked });
    else if (el.id === "settings-language") actions.setLanguage(el.value);
    else if (rs && el.name?.startsWith("option-")) {
      const opt = rs.options.find((o) => `option-${o.name}` === el.name);
      if (!opt) return;
      /** @type {string | number | boolean} */
      let value;
      if (opt.kind === "bool") value = el.checked;
      else if (opt.kind === "choice") value = el.value;
      else value = el.value.trim();
      void checkOption(rs, opt, el, value);
    }
  });
  find(form, "#player-name").addEventListener("input", (e) => {
    updateSettings({ name: /** @type {HTMLInputElement} */ (e.target).value.slice(0, 40) });
  });
}
