// ESLint (flat config) for the browser client and its node tests.
import js from "@eslint/js";
import globals from "globals";

/** Writing markup from strings: the client builds DOM with dom.js's h() only. */
const NO_MARKUP = [
  { selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]", message: "build DOM with h() (dom.js), never markup" },
  { selector: "CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment)$/]", message: "build DOM with h() (dom.js), never markup" },
  { selector: "CallExpression[callee.object.name='document'][callee.property.name=/^(write|writeln)$/]", message: "build DOM with h() (dom.js), never markup" },
];

export default [
  // offline/build: the Pyodide runtime copied from its npm package (make offline)
  { ignores: ["node_modules/", ".venv/", "test-artifacts/", "test-results/", "data/", "src/crowsnest/web/static/offline/build/"] },
  js.configs.recommended,
  {
    files: ["src/crowsnest/web/static/**/*.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: globals.browser },
    rules: {
      "no-restricted-syntax": ["error", ...NO_MARKUP],
      "no-restricted-properties": [
        "error",
        { property: "innerHTML", message: "build DOM with h() (dom.js), never markup" },
        { property: "outerHTML", message: "build DOM with h() (dom.js), never markup" },
      ],
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "prefer-const": "error",
      "no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/crowsnest/web/static/offline/worker.js"],
    languageOptions: { globals: globals.worker },
  },
  {
    files: ["tests/js/**/*.js", "tests/offline/**/*.mjs", "tools/**/*.js", "eslint.config.js"],
    // the tests run in node with a jsdom document as globals (tests/js/env.js); the
    // tools in node
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node, ...globals.browser } },
  },
];
