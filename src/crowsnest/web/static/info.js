// The Info tab: the complete rules of the chosen rule set. The server builds them from
// the rule set's own data (GET /api/rules/{id}/info, options applied) as catalog keys
// and arguments; this module only translates and lays them out.

import { t, cardName, formatNumber, onLanguageChange } from "./i18n.js";
import { settings } from "./settings.js";

let shown = null; // {container, rulesId, sections}: re-rendered on a language change

onLanguageChange(() => {
  if (shown && shown.container.isConnected) draw(shown.container, shown.rulesId, shown.sections);
});

/** Arguments as the catalog wants them: cards named, nested keys translated, numbers
 * and lists of numbers formatted for the language. */
export function translateArgs(args, bird) {
  const out = {};
  for (const [name, value] of Object.entries(args ?? {})) {
    if (Array.isArray(value)) out[name] = value.map((v) => formatNumber(v)).join(", ");
    else if (value && typeof value === "object" && "card" in value)
      out[name] = cardName(value.card, { bird });
    else if (value && typeof value === "object" && "key" in value) out[name] = t(value.key);
    else out[name] = value;
  }
  return out;
}

function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text != null) node.textContent = text;
  return node;
}

function optionsQuery(rulesId) {
  const chosen = settings().options?.[rulesId] ?? {};
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(chosen)) query.set(name, String(value));
  return query.toString();
}

/** Fetch and show the rules of rulesId (with the options chosen in Settings). */
export async function renderInfo(container, rulesId) {
  container.replaceChildren(el("p", { class: "rules-loading", role: "status" }, t("rules.loading")));
  const query = optionsQuery(rulesId);
  const path = `/api/rules/${rulesId.split("/").map(encodeURIComponent).join("/")}/info`;
  let response = await fetch(query ? `${path}?${query}` : path);
  if (!response.ok && query) response = await fetch(path); // stale options: show the defaults
  if (!response.ok) {
    let error = String(response.status);
    try {
      error = (await response.json()).error.code;
    } catch {
      /* not JSON */
    }
    container.replaceChildren(el("p", { class: "rules-error", role: "alert" }, t("rules.load_failed", { error })));
    return;
  }
  const sections = await response.json();
  shown = { container, rulesId, sections };
  draw(container, rulesId, sections);
}

function draw(container, rulesId, sections) {
  const bird = rulesId === "rook/crowsnest" ? "crow" : "rook";
  const article = el("article", { class: "paper rules-info", "aria-labelledby": "rules-info-title" });
  article.dataset.rules = rulesId;
  article.append(el("h2", { id: "rules-info-title" }, t("rules.heading", { name: t(`rules.name.${rulesId}`) })));
  let house = false;
  for (const section of sections) {
    const block = el("section", { class: "rules-section" });
    block.append(el("h3", {}, t(section.title)));
    for (const p of section.paragraphs) {
      const para = el("p", { "data-key": p.key }, t(p.key, translateArgs(p.args, bird)));
      if (p.house) {
        house = true;
        para.classList.add("house");
        para.append(" ", el("span", { class: "house-tag" }, `(${t("rules.house")})`));
      }
      block.append(para);
    }
    article.append(block);
  }
  if (house) article.append(el("p", { class: "house-note" }, t("rules.house_note")));
  ensureStyle();
  container.replaceChildren(article);
}

function ensureStyle() {
  if (document.getElementById("rules-info-style")) return;
  const style = el("style", { id: "rules-info-style" });
  style.textContent = `
.rules-info { max-inline-size: 760px; margin-inline: auto; line-height: 1.5; }
.rules-info h2 { margin-block-start: 0; }
.rules-info h3 { margin-block: 1.1em 0.3em; font-size: 1.05em; }
.rules-info p { margin-block: 0.35em; }
.rules-info .house-tag { font-style: italic; font-size: 0.9em; opacity: 0.85; }
.rules-info .house { border-inline-start: 3px solid #d9b55b; padding-inline-start: 0.5em; }
.rules-info .house-note { margin-block-start: 1.2em; font-size: 0.9em; font-style: italic; }`;
  document.head.append(style);
}
