// @ts-check
// The one way this client makes DOM: h() for HTML elements, s() for SVG. Children that
// are strings or numbers become text nodes, so text can never become markup; there is
// no innerHTML anywhere (eslint refuses it).

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * A child: a node, text (a string or a number), nothing (null, undefined, false), or a
 * list of children (JSDoc cannot name a recursive type: the items of a nested list are
 * checked when the DOM is built, and anything else is refused).
 * @typedef {Node | string | number | null | undefined | false | readonly unknown[]} Child
 */

/**
 * Attributes: a value `null`, `undefined` or `false` leaves the attribute out, `true`
 * sets it empty (`disabled`, `hidden`); `on<event>` with a function adds a listener.
 * @typedef {Record<string, string | number | boolean | null | undefined | EventListener>} Attrs
 */

/**
 * @param {Element} node
 * @param {Attrs} attrs
 */
function setAttrs(node, attrs) {
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === "function") {
      if (!name.startsWith("on")) throw new TypeError(`h(): a function as attribute ${name}`);
      node.addEventListener(name.slice(2), value);
    } else if (value === true) node.setAttribute(name, "");
    else if (value != null && value !== false) node.setAttribute(name, String(value));
  }
}

/**
 * The children as nodes, in order, lists flattened.
 * @param {readonly unknown[]} children
 * @returns {Node[]}
 */
export function nodes(children) {
  /** @type {Node[]} */
  const out = [];
  for (const child of children) {
    if (child == null || child === false) continue;
    if (Array.isArray(child)) out.push(...nodes(child));
    else if (typeof child === "string" || typeof child === "number") out.push(document.createTextNode(String(child)));
    else if (child instanceof Node) out.push(child);
    else throw new TypeError(`h(): a child that is no node, text or list: ${String(child)}`);
  }
  return out;
}

/**
 * An HTML element: `h("button", {type: "button", class: "primary"}, t("dialog.close"))`.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  node.append(...nodes(children));
  return node;
}

/**
 * An SVG element: `s("path", {d: "M0 0h10", fill: "#000"})`.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...Child} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  node.append(...nodes(children));
  return node;
}

/**
 * Replace what `parent` holds with these children.
 * @param {Element} parent
 * @param {...Child} children
 */
export function mount(parent, ...children) {
  parent.replaceChildren(...nodes(children));
}

/**
 * Mount the same form drawn again (its words in another language): what the user was
 * doing in it survives. A text or number field typed into since it was drawn keeps
 * the typed text in its redrawn twin (the same id), and the focus stays on the twin
 * of the focused control, caret included. For a redraw of the same fields only: a
 * form of other fields would get values that are not theirs.
 * @param {Element} parent
 * @param {...Child} children
 */
export function remount(parent, ...children) {
  /** @type {Map<string, string>} */
  const typed = new Map();
  for (const el of parent.querySelectorAll("input, textarea")) {
    const field = /** @type {HTMLInputElement | HTMLTextAreaElement} */ (el);
    const text = field instanceof HTMLTextAreaElement || ["text", "number", "search"].includes(field.type);
    if (field.id && text && field.value !== field.defaultValue) typed.set(field.id, field.value);
  }
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && active.id && parent.contains(active) ? active : null;
  const caret = focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement ? caretOf(focused) : null;
  mount(parent, ...children);
  for (const [id, value] of typed) {
    const twin = parent.querySelector(`#${CSS.escape(id)}`);
    if (twin instanceof HTMLInputElement || twin instanceof HTMLTextAreaElement) twin.value = value;
  }
  if (!focused) return;
  const twin = parent.querySelector(`#${CSS.escape(focused.id)}`);
  if (!(twin instanceof HTMLElement)) return;
  twin.focus({ preventScroll: true });
  if (caret && (twin instanceof HTMLInputElement || twin instanceof HTMLTextAreaElement)) {
    try {
      twin.setSelectionRange(caret[0], caret[1]);
    } catch {
      /* a number field has no caret to set */
    }
  }
}

/**
 * Where the caret (or the selection) of a field is; null where the field has none.
 * @param {HTMLInputElement | HTMLTextAreaElement} field
 * @returns {[number, number] | null}
 */
function caretOf(field) {
  try {
    const { selectionStart, selectionEnd } = field;
    return selectionStart === null || selectionEnd === null ? null : [selectionStart, selectionEnd];
  } catch {
    return null; // a number field throws on selectionStart in some browsers
  }
}

/**
 * The element under `root` that matches `selector`; throws if there is none (the
 * page's own skeleton is missing a part: a bug, not a state to handle).
 * @template {Element} [E=HTMLElement]
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {E}
 */
export function find(root, selector) {
  const found = root.querySelector(selector);
  if (!found) throw new Error(`no ${selector} on the page`);
  return /** @type {E} */ (/** @type {unknown} */ (found));
}

/**
 * Every element under `root` that matches `selector`.
 * @template {Element} [E=HTMLElement]
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {E[]}
 */
export function findAll(root, selector) {
  return /** @type {E[]} */ (/** @type {unknown} */ ([...root.querySelectorAll(selector)]));
}

/**
 * Focus the element under `root` that matches `selector`, if there is one.
 * @param {ParentNode} root
 * @param {string} selector
 * @param {FocusOptions} [options]
 */
export function focusOn(root, selector, options) {
  const el = root.querySelector(selector);
  if (el instanceof HTMLElement || el instanceof SVGElement) el.focus(options);
}
