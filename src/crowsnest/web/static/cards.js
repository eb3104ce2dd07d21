// @ts-check
// Cards drawn as SVG elements (crisp at every size). No rules here: only the notation.
// Rook colours also carry a shape, so colour-blind players can tell them apart:
// red = circle, yellow = triangle, green = square, black = star.

import { cardParts } from "./i18n.js";
import { s } from "./dom.js";

/** @typedef {import("./types.js").Colour} Colour */
/** @typedef {import("./i18n.js").Suit} Suit */
/** @typedef {import("./i18n.js").CardParts} CardParts */

/** @type {Record<Suit, string>} */
const SUIT_PATHS = {
  hearts:
    "M50 90C20 66 4 49 4 30 4 15 16 5 30 5c10 0 17 6 20 13 3-7 10-13 20-13 14 0 26 10 26 25 0 19-16 36-46 60z",
  diamonds: "M50 3 89 50 50 97 11 50z",
  spades:
    "M50 4C35 25 7 40 7 61c0 13 11 22 23 22 8 0 14-4 17-9-1 10-5 17-12 22h30c-7-5-11-12-12-22 3 5 9 9 17 9 12 0 23-9 23-22C93 40 65 25 50 4z",
  clubs:
    "M50 8a19 19 0 0 0-17 28A19 19 0 1 0 45 68c-1 10-5 19-12 27h34c-7-8-11-17-12-27a19 19 0 1 0 12-32A19 19 0 0 0 50 8z",
};

function starPath() {
  const pts = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 === 0 ? 47 : 20;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${(50 + r * Math.cos(a)).toFixed(1)} ${(54 + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${pts.join("L")}z`;
}

/** @type {Record<Colour, string>} */
const COLOUR_PATHS = {
  red: "M50 8a42 42 0 1 0 0.01 0z",
  yellow: "M50 6 95 90H5z",
  green: "M10 10h80v80H10z",
  black: starPath(),
};

/**
 * Each Rook colour's ink (the numbers), mark (its symbol) and tint (the face's panel).
 * @typedef {{ink: string, mark: string, tint: string}} ColourInks
 */

/** @type {Record<Colour, ColourInks>} */
export const ROOK_COLOURS = {
  red: { ink: "#c0262d", mark: "#c0262d", tint: "#fde8e8" },
  yellow: { ink: "#8f6500", mark: "#b58300", tint: "#fff4c2" },
  green: { ink: "#1f7a36", mark: "#1f7a36", tint: "#e3f4e6" },
  black: { ink: "#1d1d1f", mark: "#1d1d1f", tint: "#ececef" },
};

/**
 * The colour-blind palette: Paul Tol's high-contrast scheme (yellow, red, blue, black),
 * which stays apart under deuteranopia, protanopia and tritanopia and keeps distinct
 * lightness in grey; green is drawn blue, as colour-blind modes of card games do. The
 * yellow's numbers are a dark gold, readable on the face; its symbol is the scheme's.
 * @type {Record<Colour, ColourInks>}
 */
export const COLOUR_BLIND_COLOURS = {
  red: { ink: "#bb5566", mark: "#bb5566", tint: "#f7e3e7" },
  yellow: { ink: "#7a5a00", mark: "#ddaa33", tint: "#fbf0d4" },
  green: { ink: "#004488", mark: "#004488", tint: "#dfe8f2" },
  black: { ink: "#000000", mark: "#000000", tint: "#ececef" },
};

/**
 * The Rook colours' inks in a deck style.
 * @param {string} style
 */
const rookInks = (style) => (style === "colour-blind" ? COLOUR_BLIND_COLOURS : ROOK_COLOURS);

/** @type {Record<string, Record<Suit, string>>} */
const SUIT_INK = {
  classic: { hearts: "#c8102e", diamonds: "#c8102e", clubs: "#141414", spades: "#141414" },
  "four-colour": { hearts: "#c8102e", diamonds: "#1553b6", clubs: "#16803a", spades: "#141414" },
  // Four colours that colour-blind players tell apart (the same scheme as the Rook's).
  "colour-blind": { hearts: "#bb5566", diamonds: "#9a6e00", clubs: "#004488", spades: "#000000" },
};

const INDEX_FONT = "system-ui, 'Segoe UI', Roboto, Arial, sans-serif";

/**
 * The crow's silhouette (100 x 100 box), used on the bird card.
 * @returns {SVGElement[]}
 */
function crowShapes() {
  return [
    s("path", {
      d: "M8 72 26 60c4-14 18-24 36-24 6 0 11 1 15 4l4-4c7-6 17-4 20 2l7 4-8 3c-1 4-3 7-6 9 0 13-12 25-30 27l-12 1-23 7z",
    }),
    s("path", {
      d: "M46 80 43 94M58 79l2 15",
      "stroke-width": "3.5",
      "stroke-linecap": "round",
      fill: "none",
    }),
  ];
}

/**
 * A shape of a 100 x 100 box, drawn `size` wide centred on (x, y).
 * @param {string} d
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {string} fill
 * @param {number | null} [opacity]
 */
function shape(d, x, y, size, fill, opacity = null) {
  return s("path", {
    d,
    fill,
    opacity,
    transform: `translate(${x - size / 2} ${y - size / 2}) scale(${size / 100})`,
  });
}

/** How wide a two-digit corner index is drawn (of the card's 100). */
const INDEX_WIDTH = 20;

/** Where a corner index is centred across the card: clear of the rounded edge. */
const indexX = (/** @type {boolean} */ big) => (big ? 15 : 13);

/**
 * A corner index: the rank and its suit symbol. A two-digit rank is drawn condensed to
 * the index's width, so "14" is never cut at the card's edge; 6 and 9 are underlined,
 * so they are told apart in the corner that is drawn upside down.
 * @param {string} label
 * @param {SVGElement} symbol
 * @param {string} ink
 * @param {boolean} big
 */
function corner(label, symbol, ink, big) {
  const size = big ? 28 : 24;
  const baseline = big ? 32 : 28;
  /** @type {Record<string, string | number>} */
  const fit = label.length > 1 ? { textLength: INDEX_WIDTH, lengthAdjust: "spacingAndGlyphs" } : {};
  const parts = [
    s(
      "text",
      {
        x: indexX(big),
        y: baseline,
        "text-anchor": "middle",
        "font-size": size,
        "font-weight": 700,
        fill: ink,
        "font-family": INDEX_FONT,
        ...fit,
      },
      label,
    ),
    symbol,
  ];
  if (label === "6" || label === "9") {
    const [x, y] = [indexX(big), baseline + 3];
    parts.push(s("line", { class: "turn-mark", x1: x - 6, x2: x + 6, y1: y, y2: y, stroke: ink, "stroke-width": 2 }));
  }
  return parts;
}

/**
 * The card's outline around what it shows.
 * @param {import("./dom.js").Child[]} inner
 * @param {string} [fill]
 * @param {string} [stroke]
 */
function frame(inner, fill = "#fffdf8", stroke = "#9a968c") {
  return s(
    "svg",
    { viewBox: "0 0 100 140", "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 9, fill, stroke, "stroke-width": 2 }),
    inner,
  );
}

/**
 * Both corner indices: the top one, and the same turned round.
 * @param {() => import("./dom.js").Child[]} make
 */
function corners(make) {
  return [make(), s("g", { transform: "rotate(180 50 70)" }, make())];
}

/**
 * @param {{suit: Suit, rank: string}} p
 * @param {string} style
 */
function frenchSvg(p, style) {
  const inks = SUIT_INK[style] ?? SUIT_INK.classic;
  const ink = inks[p.suit];
  const d = SUIT_PATHS[p.suit];
  const big = style === "large-index";
  const index = () => corner(p.rank, shape(d, indexX(big), big ? 46 : 41, big ? 16 : 15, ink), ink, big);
  let centre;
  if (["J", "Q", "K"].includes(p.rank)) {
    centre = [
      s("rect", { x: 25, y: 33, width: 50, height: 74, rx: 5, fill: "none", stroke: ink, "stroke-width": 2 }),
      s(
        "text",
        {
          x: 50,
          y: 84,
          "text-anchor": "middle",
          "font-size": 44,
          "font-weight": 700,
          fill: ink,
          "font-family": "Georgia, 'Times New Roman', serif",
        },
        p.rank,
      ),
      shape(d, 50, 48, 16, ink),
    ];
  } else {
    centre = [shape(d, 52, 72, p.rank === "A" ? 50 : 40, ink)];
  }
  return frame([corners(index), centre]);
}

/**
 * @param {{colour: Colour, number: number}} p
 * @param {string} style
 */
function rookSvg(p, style) {
  const { ink, mark, tint } = rookInks(style)[p.colour];
  const d = COLOUR_PATHS[p.colour];
  const big = style === "large-index";
  const index = () => corner(String(p.number), shape(d, indexX(big), big ? 47 : 42, 15, mark), ink, big);
  // The colour's symbol large and solid above the number: the colour is told by its
  // shape as well as its hue, for colour-blind players and in grey.
  const centre = [
    s("rect", { x: 22, y: 32, width: 56, height: 76, rx: 8, fill: tint }),
    shape(d, 50, 52, 30, mark),
    s(
      "text",
      {
        x: 50,
        y: 100,
        "text-anchor": "middle",
        "font-size": p.number >= 10 ? 32 : 38,
        "font-weight": 800,
        fill: ink,
        "font-family": INDEX_FONT,
      },
      p.number,
    ),
  ];
  return frame([corners(index), centre]);
}

function birdSvg() {
  const gold = "#d9b55b";
  return frame(
    [
      s("rect", { x: 9, y: 9, width: 82, height: 122, rx: 6, fill: "none", stroke: gold, "stroke-width": 2 }),
      s("circle", { cx: 50, cy: 70, r: 34, fill: "#2c3a52" }),
      s("g", { transform: "translate(17 36) scale(0.66)", fill: "#f3ead2", stroke: "#f3ead2" }, crowShapes()),
      s("g", { transform: "translate(8 8) scale(0.16)", fill: gold, stroke: gold }, crowShapes()),
      s("g", { transform: "rotate(180 50 70) translate(8 8) scale(0.16)", fill: gold, stroke: gold }, crowShapes()),
    ],
    "#182133",
    gold,
  );
}

/**
 * A card's face as an SVG element. style: classic | four-colour | large-index | colour-blind.
 * @param {string} code
 * @param {string} [style]
 * @returns {SVGSVGElement}
 */
export function cardFace(code, style = "classic") {
  const p = cardParts(code);
  if (!p) return frame([]);
  if (p.bird) return birdSvg();
  return p.family === "rook" ? rookSvg(p, style) : frenchSvg(p, style);
}

/**
 * A small colour symbol (for trump and the score bar), or null for no colour.
 * @param {string} colour
 * @param {number} [size]
 * @param {string} [style] the deck style, whose palette it is drawn in
 * @returns {SVGSVGElement | null}
 */
export function colourSymbol(colour, size = 18, style = "classic") {
  if (!(colour in ROOK_COLOURS)) return null;
  const c = rookInks(style)[/** @type {Colour} */ (colour)];
  return s(
    "svg",
    { class: "symbol", viewBox: "0 0 100 100", width: size, height: size, "aria-hidden": "true", focusable: "false" },
    s("path", { d: COLOUR_PATHS[/** @type {Colour} */ (colour)], fill: c.mark, stroke: "#fff", "stroke-width": 5 }),
  );
}

/**
 * A suit symbol for Hearts texts.
 * @param {Suit} suit
 * @param {number} [size]
 */
export function suitSymbol(suit, size = 18) {
  return s(
    "svg",
    { class: "symbol", viewBox: "0 0 100 100", width: size, height: size, "aria-hidden": "true", focusable: "false" },
    s("path", { d: SUIT_PATHS[suit], fill: SUIT_INK.classic[suit] }),
  );
}
