// @ts-check
// dom.js: text is text, whatever it holds; attributes are values, never markup.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { h, s, mount, find, findAll } from "../../src/crowsnest/web/static/dom.js";

const EVIL = '<img src=x onerror="window.__pwned=1">';

test("a string child is a text node, never markup", () => {
  const p = h("p", {}, EVIL);
  assert.equal(p.childNodes.length, 1);
  assert.equal(p.firstChild?.nodeType, Node.TEXT_NODE);
  assert.equal(p.textContent, EVIL);
  assert.equal(p.querySelector("img"), null);
});

test("an attribute value stays one value, quotes and all", () => {
  const input = h("input", { value: `"><script>x</script>`, title: EVIL });
  assert.equal(input.getAttribute("value"), `"><script>x</script>`);
  assert.equal(input.getAttribute("title"), EVIL);
  assert.equal(input.attributes.length, 2);
});

test("true sets an attribute empty; false, null and undefined leave it out", () => {
  const b = h("button", { disabled: true, hidden: false, title: null, "aria-pressed": undefined, tabindex: 0 });
  assert.equal(b.getAttribute("disabled"), "");
  assert.equal(b.hasAttribute("hidden"), false);
  assert.equal(b.hasAttribute("title"), false);
  assert.equal(b.hasAttribute("aria-pressed"), false);
  assert.equal(b.getAttribute("tabindex"), "0");
});

test("children: numbers as text, lists flattened in order, nothing skipped", () => {
  const ul = h("ul", {}, [h("li", {}, 1), [h("li", {}, "two"), null, false]], undefined, h("li", {}, 3));
  assert.deepEqual(
    findAll(ul, "li").map((li) => li.textContent),
    ["1", "two", "3"],
  );
});

test("a child that is no node, text or list is refused", () => {
  assert.throws(() => h("p", {}, [{ toString: () => "<b>" }]), TypeError);
});

test("on<event> adds a listener; any other function attribute is refused", () => {
  let clicks = 0;
  const b = h("button", { onclick: () => (clicks += 1) });
  b.dispatchEvent(new window.Event("click"));
  assert.equal(clicks, 1);
  assert.equal(b.hasAttribute("onclick"), false);
  assert.throws(() => h("button", { title: () => {} }), TypeError);
});

test("s() makes SVG elements in the SVG namespace", () => {
  const svg = s("svg", { viewBox: "0 0 10 10" }, s("text", {}, EVIL));
  assert.equal(svg.namespaceURI, "http://www.w3.org/2000/svg");
  assert.equal(svg.firstElementChild?.namespaceURI, "http://www.w3.org/2000/svg");
  assert.equal(svg.getAttribute("viewBox"), "0 0 10 10");
  assert.equal(svg.textContent, EVIL);
  assert.equal(svg.querySelector("img"), null);
});

test("mount replaces what an element holds; find throws for a missing part", () => {
  const box = h("div", {}, h("span", {}, "old"));
  mount(box, "new ", h("b", { id: "x" }, "text"));
  assert.equal(box.textContent, "new text");
  assert.equal(find(box, "#x").tagName, "B");
  assert.throws(() => find(box, "#nothing"), /no #nothing/);
});
