// Settings: stored in localStorage, edited on the Settings tab. Rule-set options come
// from GET /api/rules (names, kinds, allowed values); the client adds no rules.

import { t, currentLanguage, LANGUAGES, formatNumber } from "./i18n.js";

const KEY = "crowsnest.settings";

export const SPEEDS = { slow: 1.5, normal: 0.8, fast: 0.3, instant: 0 };
export const ANIMATION_MS = { slow: 700, normal: 420, fast: 220, instant: 0 };
export const LEVELS = ["easy", "normal", "hard"];
export const CARD_SIZES = ["small", "medium", "large"];
export const DECK_STYLES = ["classic", "four-colour", "large-index"];

const DEFAULTS = {
  name: "",
  rules: "rook/crowsnest",
  options: {},
  level: "normal",
  speed: "normal",
  cardSize: "medium",
  deckStyle: "classic",
  hints: true,
};

let state = load();
const listeners = new Set();

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "{}");
    return { ...DEFAULTS, ...saved, options: { ...(saved.options ?? {}) } };
  } catch {
    return { ...DEFAULTS };
  }
}

function save() {
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    /* storage blocked */
  }
}

export function settings() {
  return state;
}

export function updateSettings(patch) {
  state = { ...state, ...patch };
  save();
  for (const fn of listeners) fn(state);
}

export function onSettingsChange(fn) {
  listeners.add(fn);
}

/** The options of a rule set as chosen, only the ones that differ from the default. */
export function chosenOptions(ruleSet) {
  const chosen = state.options[ruleSet.id] ?? {};
  const out = {};
  for (const opt of ruleSet.options) {
    if (opt.name in chosen && chosen[opt.name] !== opt.default) out[opt.name] = chosen[opt.name];
  }
  return out;
}

export function playerName() {
  return (state.name || "").trim() || t("settings.default_name");
}

function field(id, labelKey, control, hintKey) {
  const hint = hintKey ? `<p class="field-hint" id="${id}-hint">${t(hintKey)}</p>` : "";
  return `<div class="field"><label for="${id}">${t(labelKey)}</label>${control}${hint}</div>`;
}

function select(id, values, current, labelPrefix, extra = "") {
  const opts = values
    .map((v) => {
      const [value, label] = Array.isArray(v) ? v : [v, t(`${labelPrefix}${v}`)];
      return `<option value="${value}"${value === current ? " selected" : ""}>${label}</option>`;
    })
    .join("");
  return `<select id="${id}" ${extra}>${opts}</select>`;
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function optionControl(rs, opt) {
  const value = (state.options[rs.id] ?? {})[opt.name] ?? opt.default;
  const id = `option-${opt.name}`;
  const name = `option-${opt.name}`;
  const label = t(`option.${opt.name}`);
  if (opt.kind === "bool") {
    return `<div class="field field-check"><input type="checkbox" id="${id}" name="${name}"${value ? " checked" : ""}>
      <label for="${id}">${label}</label></div>`;
  }
  if (opt.kind === "choice") {
    const values = opt.choices.map((c) => [c, t(`option.${opt.name}.${c}`)]);
    return field(id, `option.${opt.name}`, select(id, values, value, "", `name="${name}"`));
  }
  const range = t("settings.range", {
    min: formatNumber(opt.minimum),
    max: formatNumber(opt.maximum),
    step: formatNumber(opt.step),
  });
  return `<div class="field"><label for="${id}">${label}</label>
    <input type="number" id="${id}" name="${name}" min="${opt.minimum}" max="${opt.maximum}" step="${opt.step}"
      value="${value}" inputmode="numeric" aria-describedby="${id}-hint">
    <p class="field-hint" id="${id}-hint">${escapeHtml(range)}</p></div>`;
}

/**
 * Render the Settings tab. ruleSets: the answer of GET /api/rules.
 * actions: {newGame(), newPrivateGame(), setLanguage(lang)}.
 */
export function renderSettings(panel, ruleSets, actions) {
  const rs = ruleSets.find((r) => r.id === state.rules) ?? ruleSets[0];
  const rulesValues = ruleSets.map((r) => [r.id, t(`ruleset.${r.id}`)]);
  const langValues = LANGUAGES.map((l) => [l, t(`language.${l}`)]);
  panel.innerHTML = `
    <div class="settings">
      <h2>${t("settings.title")}</h2>
      <form id="settings-form" class="settings-form" novalidate>
        <fieldset>
          <legend>${t("settings.player")}</legend>
          <div class="field"><label for="player-name">${t("settings.name")}</label>
            <input id="player-name" type="text" maxlength="40" autocomplete="nickname"
              value="${escapeHtml(state.name)}" placeholder="${escapeHtml(t("settings.default_name"))}"></div>
          ${field("settings-language", "settings.language", select("settings-language", langValues, currentLanguage()))}
        </fieldset>
        <fieldset>
          <legend>${t("settings.game")}</legend>
          ${field("settings-rules", "settings.rules", select("settings-rules", rulesValues, rs.id))}
          <div class="options" id="rule-options">${rs.options.map((o) => optionControl(rs, o)).join("")}</div>
          ${field("settings-level", "settings.level", select("settings-level", LEVELS, state.level, "level."))}
        </fieldset>
        <fieldset>
          <legend>${t("settings.table")}</legend>
          ${field("settings-speed", "settings.speed", select("settings-speed", Object.keys(SPEEDS), state.speed, "speed."))}
          ${field("settings-card-size", "settings.card_size", select("settings-card-size", CARD_SIZES, state.cardSize, "card_size."))}
          ${field("settings-deck-style", "settings.deck_style", select("settings-deck-style", DECK_STYLES, state.deckStyle, "deck_style."))}
          <div class="field field-check"><input type="checkbox" id="settings-hints"${state.hints ? " checked" : ""}>
            <label for="settings-hints">${t("settings.hints")}</label></div>
        </fieldset>
        <div class="settings-actions">
          <button type="button" id="settings-new-game" class="primary">${t("settings.new_game")}</button>
          <button type="button" id="settings-new-private-game">${t("settings.new_private_game")}</button>
        </div>
      </form>
    </div>`;

  const form = panel.querySelector("#settings-form");
  const rerender = () => renderSettings(panel, ruleSets, actions);
  form.addEventListener("submit", (e) => e.preventDefault());
  form.addEventListener("change", (e) => {
    const el = e.target;
    if (el.id === "player-name") updateSettings({ name: el.value.trim().slice(0, 40) });
    else if (el.id === "settings-rules") {
      updateSettings({ rules: el.value });
      rerender();
      panel.querySelector("#settings-rules").focus();
    } else if (el.id === "settings-level") updateSettings({ level: el.value });
    else if (el.id === "settings-speed") updateSettings({ speed: el.value });
    else if (el.id === "settings-card-size") updateSettings({ cardSize: el.value });
    else if (el.id === "settings-deck-style") updateSettings({ deckStyle: el.value });
    else if (el.id === "settings-hints") updateSettings({ hints: el.checked });
    else if (el.id === "settings-language") actions.setLanguage(el.value);
    else if (el.name?.startsWith("option-")) {
      const opt = rs.options.find((o) => `option-${o.name}` === el.name);
      if (!opt) return;
      let value;
      if (opt.kind === "bool") value = el.checked;
      else if (opt.kind === "choice") value = el.value;
      else {
        value = Number(el.value);
        const ok =
          Number.isInteger(value) &&
          value >= opt.minimum &&
          value <= opt.maximum &&
          (value - opt.minimum) % opt.step === 0;
        el.setAttribute("aria-invalid", ok ? "false" : "true");
        if (!ok) return;
      }
      const options = { ...state.options, [rs.id]: { ...(state.options[rs.id] ?? {}), [opt.name]: value } };
      updateSettings({ options });
    }
  });
  form.querySelector("#player-name").addEventListener("input", (e) => {
    updateSettings({ name: e.target.value.slice(0, 40) });
  });
  form.querySelector("#settings-new-game").addEventListener("click", () => actions.newGame());
  form.querySelector("#settings-new-private-game").addEventListener("click", () => actions.newPrivateGame());
}
