// @ts-check
// table.js's score bar: your own contract in the first person (Hebrew "הכרזתי 120",
// not "אני הכריז 120"); another seat's by its name; the sealed deal a button.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogOf } from "./env.js";
import { rookView, modelOf } from "./fixtures.js";
import { useCatalog } from "../../src/crowsnest/web/static/i18n.js";
import { scorebar } from "../../src/crowsnest/web/static/table.js";

/** @param {import("../../src/crowsnest/web/static/model.js").TableModel} m */
const contractOf = (m) => scorebar(m).find((el) => el.classList.contains("sb-contract"))?.textContent;

test("your contract is said in the first person, another's by name", () => {
  useCatalog("he", catalogOf("he"));
  const mine = modelOf(rookView({ phase: "play", declarer: 0, bid: 120, trump: "red" }), []);
  assert.equal(contractOf(mine), "הכרזתי 120");
  const theirs = modelOf(rookView({ phase: "play", declarer: 1, bid: 120, trump: "red" }), []);
  assert.match(String(contractOf(theirs)), /הכריז 120$/);
  assert.doesNotMatch(String(contractOf(theirs)), /^אני/);
  useCatalog("en", catalogOf("en"));
  assert.equal(contractOf(mine), "You bid 120");
});
