// Translation catalogs: every text on the page goes through t().
// Catalogs are flat objects served by GET /i18n/{lang}.json; a value is a string
// with {name} placeholders or a plural object {one, few, many, other} chosen with
// Intl.PluralRules on args.count.

export const LANGUAGES = ["en", "el", "he", "pl"];
const RTL = new Set(["he"]);
const STORAGE_KEY = "crowsnest.language";

let lang = "en";
let catalog = {};
let plurals = new Intl.PluralRules("en");
let numbers = new Intl.NumberFormat("en");
const listeners = new Set();

if (!window.__i18nMissing) window.__i18nMissing = new Set();

/** The language remembered from an earlier visit, else the browser's, else en. */
export function preferredLanguage() {
  let saved = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    /* storage blocked */
  }
  if (saved && LANGUAGES.includes(saved)) return saved;
  for (const l of navigator.languages || []) {
    const base = l.slice(0, 2).toLowerCase();
    if (base === "iw" && LANGUAGES.includes("he")) return "he";
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** Load a catalog, set <html lang/dir>, remember the choice, notify listeners. */
export async function setLanguage(next) {
  if (!LANGUAGES.includes(next)) next = "en";
  const response = await fetch(`/i18n/${next}.json`, { cache: "no-cache" });
  if (!response.ok) throw new Error(`catalog ${next}: HTTP ${response.status}`);
  catalog = await response.json();
  lang = next;
  plurals = new Intl.PluralRules(lang);
  numbers = new Intl.NumberFormat(lang);
  document.documentElement.lang = lang;
  document.documentElement.dir = RTL.has(lang) ? "rtl" : "ltr";
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* storage blocked */
  }
  for (const fn of [...listeners]) {
    try {
      fn(lang);
    } catch (err) {
      console.error(err);
    }
  }
}

export function currentLanguage() {
  return lang;
}

/** Call fn(lang) after every language change; returns a function that unsubscribes. */
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Does the current catalog hold this key? */
export function hasKey(key) {
  return Object.prototype.hasOwnProperty.call(catalog, key);
}

/** Translate key; {name} placeholders take args[name] (numbers are formatted). */
export function t(key, args = {}) {
  let value = catalog[key];
  if (value === undefined) {
    window.__i18nMissing.add(key);
    return key;
  }
  if (typeof value === "object" && value !== null) {
    const form = plurals.select(Number(args.count ?? 0));
    value = value[form] ?? value.other ?? Object.values(value)[0] ?? key;
  }
  return String(value).replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in args)) return whole;
    const arg = args[name];
    return typeof arg === "number" ? numbers.format(arg) : String(arg);
  });
}

export function formatNumber(n) {
  return numbers.format(n);
}

/**
 * Fill elements under root: data-i18n="key" sets the text;
 * data-i18n-attr="aria-label:key;title:key2" sets attributes.
 */
export function translateDom(root = document) {
  const scope = root.querySelectorAll ? root : document;
  const all = [...scope.querySelectorAll("[data-i18n], [data-i18n-attr]")];
  if (root.matches && root.matches("[data-i18n], [data-i18n-attr]")) all.push(root);
  for (const el of all) {
    const key = el.getAttribute("data-i18n");
    if (key) el.textContent = t(key);
    const attrs = el.getAttribute("data-i18n-attr");
    if (attrs) {
      for (const pair of attrs.split(";")) {
        const [attr, k] = pair.split(":").map((s) => s.trim());
        if (attr && k) el.setAttribute(attr, t(k));
      }
    }
  }
}

const SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const COLOURS = { R: "red", Y: "yellow", G: "green", B: "black" };
const RANK_LETTERS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };

/** Parts of a card code: {family, suit|colour, rank} (no rules, only notation). */
export function cardParts(code) {
  const c = String(code).toUpperCase();
  if (c === "CROW") return { family: "rook", bird: true };
  const rook = /^([RYGB])(\d{1,2})$/.exec(c);
  if (rook) return { family: "rook", colour: COLOURS[rook[1]], number: Number(rook[2]) };
  const fr = /^([2-9TJQKA])([CDHS])$/.exec(c);
  if (fr) return { family: "hearts", suit: SUITS[fr[2]], rank: RANK_LETTERS[fr[1]] ?? fr[1] };
  return null;
}

/**
 * A card's name for people: "QS" -> "Queen of spades", "R14" -> "Red 14",
 * "CROW" -> "the Crow" (or "the Rook" when opts.bird === "rook").
 * Keys: cardname.<suit> ("{rank} of spades"), rank.<2..10|J|Q|K|A>,
 * cardname.<colour> ("Red {number}"), card.CROW / card.ROOK.
 */
export function cardName(code, opts = {}) {
  const p = cardParts(code);
  if (!p) return String(code);
  if (p.bird) return t(opts.bird === "rook" ? "card.ROOK" : "card.CROW");
  if (p.family === "rook") return t(`cardname.${p.colour}`, { number: p.number });
  return t(`cardname.${p.suit}`, { rank: t(`rank.${p.rank}`) });
}
