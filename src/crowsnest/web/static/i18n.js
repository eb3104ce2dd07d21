// @ts-check
// Translation catalogs: every text on the page goes through t().
// Catalogs are flat objects served by GET /i18n/{lang}.json; a value is a string
// with {name} placeholders or a plural object {one, few, many, other} chosen with
// Intl.PluralRules on args.count. The languages themselves are the server's
// (GET /i18n/languages.json): loadLanguages() asks for them once at start.

import { api } from "./api.js";

/** @typedef {string | Partial<Record<Intl.LDMLPluralRule, string>>} Entry */
/**
 * A card as an argument of t(): named when the text is made, in the grammatical case
 * its placeholder asks for ("{card:acc}"), so each language declines it as it must.
 * @typedef {{card: string, bird?: "crow" | "rook"}} CardArg
 */
/**
 * A word of the catalog as an argument of t() (the bird's name in the rules): its key,
 * looked up in the case its placeholder asks for ("<key>.<case>") when there is one.
 * @typedef {{key: string}} WordArg
 */
/** @typedef {Record<string, string | number | CardArg | WordArg>} Args */

const STORAGE_KEY = "crowsnest.language";

/** @type {string[]} */
let LANGUAGES = ["en"];
/** @type {Set<string>} */
let RTL = new Set();
let lang = "en";
/** @type {Record<string, Entry>} */
let catalog = {};
let plurals = new Intl.PluralRules("en");
let numbers = new Intl.NumberFormat("en");
/** @type {Set<(lang: string) => void>} */
const listeners = new Set();

/** Keys asked for and missing from the catalog (the browser tests read them). */
const missingKeys = /** @type {{__i18nMissing?: Set<string>}} */ (globalThis);
if (!missingKeys.__i18nMissing) missingKeys.__i18nMissing = new Set();

/** The languages the server has catalogs for, English first. */
export function languages() {
  return [...LANGUAGES];
}

/**
 * Take the server's list of languages (and which are written right to left).
 * @param {{languages: string[], rtl: string[]}} known
 */
export function useLanguages(known) {
  LANGUAGES = [...known.languages];
  RTL = new Set(known.rtl);
}

/** Ask the server which languages it has. */
export async function loadLanguages() {
  useLanguages(await api.languages());
}

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

/**
 * Load a catalog, set <html lang/dir>, remember the choice, notify listeners.
 * @param {string} next
 */
export async function setLanguage(next) {
  if (!LANGUAGES.includes(next)) next = "en";
  let loaded;
  try {
    loaded = await api.catalog(next);
  } catch (err) {
    throw new Error(`catalog ${next}: ${String(err)}`, { cause: err });
  }
  useCatalog(next, /** @type {Record<string, Entry>} */ (loaded));
  document.documentElement.lang = lang;
  document.documentElement.dir = isRtl(lang) ? "rtl" : "ltr";
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

/**
 * Use this catalog for t() from now on (no page change: setLanguage does that).
 * @param {string} code
 * @param {Record<string, Entry>} entries
 */
export function useCatalog(code, entries) {
  catalog = entries;
  lang = code;
  plurals = new Intl.PluralRules(lang);
  numbers = new Intl.NumberFormat(lang);
}

/** A letter of a script written left to right (Latin, Greek): a name such as "Ann". */
const LEFT_TO_RIGHT = /[A-Za-z\u00C0-\u024F\u0370-\u03FF]/;

/**
 * A text that goes into a sentence of the page's language, as it must be written
 * there: in a right-to-left language, one holding left-to-right letters (a player's
 * Latin name, "CrowsNest") is isolated (FSI … PDI), so the sentence's own order and
 * punctuation are kept around it ("Ann, Bo, מחשב" reads as three names).
 * @param {string} text
 */
export function isolate(text) {
  return RTL.has(lang) && LEFT_TO_RIGHT.test(text) ? `\u2068${text}\u2069` : text;
}

/**
 * Is the language written right to left?
 * @param {string} code
 */
export function isRtl(code) {
  return RTL.has(code);
}

/** The language on the page. */
export function currentLanguage() {
  return lang;
}

/**
 * Call fn(lang) after every language change; returns a function that unsubscribes.
 * @param {(lang: string) => void} fn
 */
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * Does the current catalog hold this key?
 * @param {string} key
 */
export function hasKey(key) {
  return Object.prototype.hasOwnProperty.call(catalog, key);
}

/**
 * Translate key; {name} placeholders take args[name] (numbers are formatted, cards
 * named). A placeholder may name a grammatical case, {name:case} (gen, dat, acc, ins,
 * loc): a card argument is then named with the catalog's forms for that case
 * (rank.Q.acc, cardname.red.gen, card.CROW.ins...), the only words our messages decline.
 * @param {string} key
 * @param {Args} [args]
 * @returns {string}
 */
export function t(key, args = {}) {
  const entry = catalog[key];
  if (entry === undefined) {
    missingKeys.__i18nMissing?.add(key);
    return key;
  }
  let value = entry;
  if (typeof entry === "object" && entry !== null) {
    const form = plurals.select(Number(args.count ?? 0));
    value = entry[form] ?? entry.other ?? Object.values(entry)[0] ?? key;
  }
  return String(value).replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name, grammaticalCase) => {
    if (!(name in args)) return whole;
    const arg = args[name];
    if (typeof arg === "number") return formatNumber(arg);
    if (typeof arg !== "object") return isolate(String(arg));
    if ("card" in arg) return cardName(arg.card, { bird: arg.bird, case: grammaticalCase });
    return t(inCase(arg.key, grammaticalCase));
  });
}

/**
 * A number written for the current language.
 * @param {number} n
 */
export function formatNumber(n) {
  const text = numbers.format(n);
  // A negative number in a right-to-left sentence keeps its minus on the left ("-80",
  // not "80-"): it is set left to right (LRI … PDI).
  return n < 0 && RTL.has(lang) ? `\u2066${text}\u2069` : text;
}

/**
 * A moment (ISO 8601) as a date and time for the current language; the text as it
 * came if it is no date.
 * @param {string} iso
 */
export function formatDate(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/**
 * Fill elements under root: data-i18n="key" sets the text;
 * data-i18n-attr="aria-label:key;title:key2" sets attributes.
 */
/** @param {Document | Element} [root] */
export function translateDom(root = document) {
  const all = [...root.querySelectorAll("[data-i18n], [data-i18n-attr]")];
  if (root instanceof Element && root.matches("[data-i18n], [data-i18n-attr]")) all.push(root);
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

/** @typedef {"clubs" | "diamonds" | "hearts" | "spades"} Suit */
/** @typedef {import("./types.js").Colour} Colour */

/** @type {Record<string, Suit>} */
const SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
/** @type {Record<string, Colour>} */
const COLOURS = { R: "red", Y: "yellow", G: "green", B: "black" };
/** @type {Record<string, string>} */
const RANK_LETTERS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };

/**
 * The parts of a card's text (no rules, only notation).
 * @typedef {{family: "rook", bird: true}
 *   | {family: "rook", bird?: undefined, colour: Colour, number: number}
 *   | {family: "hearts", bird?: undefined, suit: Suit, rank: string}} CardParts
 */

/**
 * Parts of a card code: {family, suit|colour, rank}, or null for no card.
 * @param {string} code
 * @returns {CardParts | null}
 */
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
/**
 * opts.case asks for a grammatical case: each key is looked up as "<key>.<case>" first
 * (Polish declines "Dama pik" to "Damy pik", "Damę pik", "Damą pik"), else as it is.
 * @param {string} code
 * @param {{bird?: "crow" | "rook" | undefined, case?: string | undefined}} [opts]
 */
export function cardName(code, opts = {}) {
  const p = cardParts(code);
  if (!p) return String(code);
  const c = opts.case;
  if (p.bird) return t(inCase(opts.bird === "rook" ? "card.ROOK" : "card.CROW", c));
  if (p.family === "rook") return t(inCase(`cardname.${p.colour}`, c), { number: p.number });
  return t(inCase(`cardname.${p.suit}`, c), { rank: t(inCase(`rank.${p.rank}`, c)) });
}

/**
 * The key of a word's form in a grammatical case, when the catalog has one, else the key.
 * @param {string} key
 * @param {string | undefined} grammaticalCase
 */
function inCase(key, grammaticalCase) {
  const declined = `${key}.${grammaticalCase}`;
  return grammaticalCase && hasKey(declined) ? declined : key;
}

/**
 * A card for t()'s arguments, named in the case its placeholder asks for.
 * @param {string} code
 * @param {{bird?: "crow" | "rook"}} [opts]
 * @returns {CardArg}
 */
export function cardArg(code, opts = {}) {
  return opts.bird ? { card: code, bird: opts.bird } : { card: code };
}
