// Runs tests/offline/pyodide_probe.py under Pyodide in node, on the offline build
// the browser gets (make offline): the runtime in offline/build/pyodide and the
// engine's and bots' source from offline/build/crowsnest.zip, nothing else of src/.
// The tests folder is mounted read-only for the probe and the test modules it reuses.
// Prints the probe's JSON on stdout. Usage: node tests/offline/pyodide_run.mjs
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const build = path.join(root, "src", "crowsnest", "web", "static", "offline", "build");
const { loadPyodide } = await import(path.join(build, "pyodide", "pyodide.mjs"));

// As the page's worker (web/static/offline/worker.js) starts it: the first time afresh,
// the source unpacked and the driver imported, then kept as a memory snapshot; every
// later start loads that snapshot. The probe runs in a runtime loaded from it, so what
// the browser runs from its second start on is what is compared with CPython.
const indexURL = path.join(build, "pyodide") + path.sep;
const stdout = (/** @type {string} */ t) => process.stderr.write(t + "\n");
const started = performance.now();
const fresh = await loadPyodide({ indexURL, stdout, _makeSnapshot: true });
const loaded = performance.now() - started;
fresh.unpackArchive(new Uint8Array(readFileSync(path.join(build, "crowsnest.zip"))), "zip", { extractDir: "/crowsnest-src" });
fresh.runPython("import os, sys\nos.environ['CROWSNEST_PURE_PYTHON'] = '1'\nsys.path.insert(0, '/crowsnest-src')\nimport crowsnest.offline.driver");
const snapshot = fresh.makeMemorySnapshot();
const restarted = performance.now();
const pyodide = await loadPyodide({ indexURL, stdout, _loadSnapshot: snapshot });
const kept = performance.now() - restarted;
pyodide.FS.mkdirTree("/tests");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.join(root, "tests") }, "/tests");
/** @type {string} */
let out;
try {
  out = pyodide.runPython(`
import json, os, sys
os.environ["CROWSNEST_PURE_PYTHON"] = "1"
sys.path[:0] = ["/crowsnest-src", "/tests", "/tests/offline"]
import crowsnest
assert crowsnest.__file__.startswith("/crowsnest-src/"), crowsnest.__file__
assert "crowsnest.offline.driver" in sys.modules, "the runtime is the kept one"
import pyodide_probe
result = pyodide_probe.probe()
result["python"] = sys.version.split()[0]
result["platform"] = sys.platform
json.dumps(result)
`);
} catch (err) {
  // the Python traceback alone (node would print a line of the minified runtime)
  process.stderr.write(String(/** @type {Error} */ (err).message) + "\n");
  process.exit(1);
}
const result = JSON.parse(out);
result.load_ms = Math.round(loaded);
result.kept_load_ms = Math.round(kept);
result.snapshot_bytes = snapshot.length;
result.total_ms = Math.round(performance.now() - started);
process.stdout.write(JSON.stringify(result) + "\n");
