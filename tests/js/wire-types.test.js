// @ts-check
// The client's wire types are generated: the committed wire.d.ts is exactly what
// `make types` makes of the committed JSON Schemas (docs/schemas).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { wireTypes, OUTPUT } from "../../tools/wire-types.js";

test("wire.d.ts is what the schemas make (else: make types)", async () => {
  assert.equal(readFileSync(OUTPUT, "utf-8"), await wireTypes(), "run: make types");
});
