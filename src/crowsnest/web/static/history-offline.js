// @ts-check
// The History tab's block of the games played offline (offline/records.js): this
// browser's own statistics of them, shown with no connection too; "Send to History",
// which posts the games not sent yet (POST /api/practice) when the browser is online;
// and the note that ratings and fair-deal seals are online only.

import { t, formatNumber } from "./i18n.js";
import { api, errorCode } from "./api.js";
import { h } from "./dom.js";
import { allRecords, localStats, openRecords, sendKept } from "./offline/records.js";

/** @typedef {import("./offline/records.js").OfflineRecord} OfflineRecord */
/** @typedef {import("./offline/records.js").SendOutcome} SendOutcome */

/** What the last sending did, told once on the page drawn after it. */
let told = /** @type {SendOutcome | null} */ (null);

/**
 * The block, filled once the kept games are read; `sent` is called after a sending
 * that stored something (the page then loads the History again).
 * @param {() => void} sent
 * @returns {HTMLElement}
 */
export function offlineBlock(sent) {
  const box = h("section", { id: "history-offline", class: "paper history-offline", "aria-labelledby": "history-offline-title" });
  box.append(
    h("h3", { id: "history-offline-title" }, t("practice.title")),
    h("p", { class: "practice-note" }, t("practice.note")),
  );
  const body = h("div", { class: "practice-body" }, h("p", { role: "status" }, t("history.loading")));
  box.append(body);
  fill(body, sent);
  return box;
}

/**
 * @param {HTMLElement} body
 * @param {() => void} sent
 */
async function fill(body, sent) {
  /** @type {OfflineRecord[]} */
  let records;
  try {
    const db = await openRecords();
    try {
      records = await allRecords(db);
    } finally {
      db.close();
    }
  } catch {
    body.replaceChildren(h("p", {}, t("practice.unavailable")));
    return;
  }
  const parts = [];
  const stats = localStats(records);
  if (!stats.length) parts.push(h("p", {}, t("practice.none")));
  for (const s of stats) {
    const dl = h(
      "dl",
      { class: "rules-stats practice-stats", "data-rules": s.rules },
      h("dt", {}, t("practice.games")), h("dd", {}, formatNumber(s.games)),
      h("dt", {}, t("practice.wins")), h("dd", {}, formatNumber(s.wins)),
      h("dt", {}, t("practice.points")), h("dd", {}, formatNumber(s.points)),
    );
    parts.push(h("h4", {}, t(`rules.name.${s.rules}`)), dl);
  }
  const waiting = records.filter((r) => r.status === "kept").length;
  const refused = records.filter((r) => r.status === "refused");
  if (waiting) {
    parts.push(h("p", { id: "practice-waiting" }, t("practice.waiting", { count: formatNumber(waiting) })));
    const online = navigator.onLine;
    const button = h("button", { type: "button", id: "practice-send" }, t("practice.send"));
    /** @type {HTMLButtonElement} */ (button).disabled = !online;
    button.addEventListener("click", () => send(body, button, sent));
    parts.push(button);
    if (!online) parts.push(h("p", { id: "practice-offline" }, t("practice.when_online")));
  }
  for (const r of refused) {
    parts.push(h("p", { class: "practice-refused", "data-id": r.id }, t("practice.refused", { rules: t(`rules.name.${r.rules}`), problem: r.problem ?? "" })));
  }
  parts.push(h("p", { id: "practice-status", role: "status" }, told ? outcomeText(told) : ""));
  told = null;
  body.replaceChildren(...parts);
}

/** @param {SendOutcome} o */
function outcomeText(o) {
  const said = [];
  if (o.sent) said.push(t("practice.sent", { count: formatNumber(o.sent) }));
  if (o.refused) said.push(t("practice.refused_count", { count: formatNumber(o.refused) }));
  if (o.error) said.push(t("practice.send_failed", { error: o.error }));
  return said.join(" ");
}

/**
 * @param {HTMLElement} body
 * @param {HTMLElement} button
 * @param {() => void} sent
 */
async function send(body, button, sent) {
  /** @type {HTMLButtonElement} */ (button).disabled = true;
  const status = body.querySelector("#practice-status");
  if (status) status.textContent = t("practice.sending");
  /** @type {SendOutcome} */
  let outcome;
  try {
    const db = await openRecords();
    try {
      outcome = await sendKept(db, (game) => api.practice(game));
    } finally {
      db.close();
    }
  } catch (err) {
    outcome = { sent: 0, refused: 0, error: errorCode(err) };
  }
  told = outcome;
  if (outcome.sent) sent();
  else fill(body, sent);
}

// The button follows the connection.
for (const event of ["online", "offline"]) {
  globalThis.addEventListener?.(event, () => {
    const button = /** @type {HTMLButtonElement | null} */ (document.getElementById("practice-send"));
    if (button) button.disabled = !navigator.onLine;
    const note = document.getElementById("practice-offline");
    if (note) note.hidden = navigator.onLine;
  });
}
