// @ts-check
// The client's wire types, generated: `src/crowsnest/web/static/wire.d.ts` is what
// json-schema-to-typescript makes of the committed JSON Schemas of the server's
// websocket messages (docs/schemas/server-message.json and client-message.json,
// written from the Python declarations by `crowsnest schema --out docs/schemas`).
//
//   node tools/wire-types.js          write wire.d.ts (`make types` runs both steps)
//   node tools/wire-types.js --check  exit 1 when the committed wire.d.ts is stale
//
// The schemas' `title` of each property is dropped before compiling, so a field's type
// is written where it is used (`level: "easy" | "normal" | "hard"`) rather than as
// one alias per title (`Level1`, `Seq2`); the descriptions stay, as doc comments.

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { compile } from "json-schema-to-typescript";

const ROOT = new URL("../", import.meta.url);
/** Each published schema the client reads, by the name of its root type. */
const SCHEMAS = {
  "server-message": "ServerMessage",
  "client-message": "ClientMessage",
  replay: "ReplayAnswer",
  review: "Reviews",
  practice: "PracticeGame",
  "practice-stored": "PracticeStored",
};
export const OUTPUT = fileURLToPath(new URL("src/crowsnest/web/static/wire.d.ts", ROOT));

const HEADER = `// Generated from docs/schemas/{server,client}-message.json, replay.json, review.json and practice{,-stored}.json by \`make types\`
// (node tools/wire-types.js, json-schema-to-typescript): do not edit by hand.
// A test (tests/js/wire-types.test.js) fails when this file is not what it makes.
`;

/**
 * A schema without the titles of its fields (each named type keeps its own).
 * @param {unknown} node
 * @param {boolean} named a type of `$defs` (or the root): its title names it
 * @returns {unknown}
 */
function untitled(node, named) {
  if (Array.isArray(node)) return node.map((n) => untitled(n, false));
  if (!node || typeof node !== "object") return node;
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "title" && !named) continue;
    if (key === "$defs" || key === "properties") {
      const entries = Object.entries(/** @type {Record<string, unknown>} */ (value));
      out[key] = Object.fromEntries(entries.map(([name, d]) => [name, untitled(d, key === "$defs")]));
    } else out[key] = untitled(value, false);
  }
  return out;
}

/**
 * The text of wire.d.ts, from the schemas as committed.
 * @returns {Promise<string>}
 */
export async function wireTypes() {
  /** @type {Record<string, unknown>} */
  const defs = {};
  /** @type {Record<string, unknown>} */
  const roots = {};
  for (const [name, root] of Object.entries(SCHEMAS)) {
    const schema = JSON.parse(readFileSync(new URL(`docs/schemas/${name}.json`, ROOT), "utf-8"));
    const { $defs = {}, title, ...rest } = schema;
    const body = Object.fromEntries(Object.entries(rest).filter(([key]) => !key.startsWith("$")));
    for (const [def, declared] of Object.entries($defs)) {
      // A part two formats share (a trick, a view) is one type; two different parts
      // of one name would be a mistake of the declarations.
      if (def in defs && JSON.stringify(defs[def]) !== JSON.stringify(declared)) {
        throw new Error(`${def} is declared twice, differently`);
      }
      defs[def] = declared;
    }
    roots[root] = { ...body, title: root, description: title };
  }
  const schema = untitled(
    {
      title: "WireMessage",
      description: "Any published format the client reads or sends.",
      $defs: { ...roots, ...defs },
      anyOf: Object.keys(roots).map((name) => ({ $ref: `#/$defs/${name}` })),
    },
    true,
  );
  const body = await compile(/** @type {import("json-schema-to-typescript").JSONSchema} */ (schema), "WireMessage", {
    bannerComment: "",
    unreachableDefinitions: true,
    additionalProperties: false,
    maxItems: -1, // plain arrays: a view's `trick` is a string[], not five tuple types
  });
  return `${HEADER}\n${body}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await wireTypes();
  if (process.argv.includes("--check")) {
    const committed = readFileSync(OUTPUT, "utf-8");
    if (committed !== text) {
      console.error(`${OUTPUT} is not what the schemas make: run \`make types\``);
      process.exit(1);
    }
  } else {
    writeFileSync(OUTPUT, text);
    console.log(`wrote ${OUTPUT}`);
  }
}
