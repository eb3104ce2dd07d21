// @ts-check
// The table around you: the score bar, and each seat's plate (name, role, whose turn,
// chips, card backs). Functions of the TableModel (model.js).

import { t, formatNumber } from "./i18n.js";
import { colourSymbol } from "./cards.js";
import { h, s, mount } from "./dom.js";
import { isOfflineTable } from "./offline/transport.js";
import { POSITIONS, seatAt, seatName, plateName, teamName, teamOf, ourTeam, rulesId, viewpoint } from "./model.js";

/** @typedef {import("./model.js").TableModel} TableModel */

function botIcon() {
  return s(
    "svg",
    { viewBox: "0 0 24 24", width: 20, height: 20, focusable: "false" },
    s("rect", { x: 4, y: 7, width: 16, height: 12, rx: 3, fill: "#2c3a52" }),
    s("circle", { cx: 9, cy: 13, r: 2, fill: "#ffd23f" }),
    s("circle", { cx: 15, cy: 13, r: 2, fill: "#ffd23f" }),
    s("path", { d: "M12 3v4M10 3h4", stroke: "#2c3a52", "stroke-width": 2 }),
  );
}

/** The sealed deal's explanation is open (it stays so while the bar is drawn again). */
let dealHelpOpen = false;

/**
 * The score bar: rule set, hand, scores, contract, trump (Rook) or pass and hearts (Hearts).
 * @param {TableModel} m
 * @returns {HTMLElement[]}
 */
export function scorebar(m) {
  const view = m.msg?.view;
  if (!view) return [];
  const parts = [h("span", { class: "sb-rules" }, t(`ruleset.${rulesId(m)}`))];
  if (m.watching && !m.replay) parts.push(h("span", { class: "sb-watching chip" }, t("watch.watching")));
  parts.push(h("span", { class: "sb-hand" }, t("table.hand_number", { n: formatNumber(view.hand_number + 1) })));
  parts.push(h("span", { class: "sb-target" }, t("table.target", { target: formatNumber(view.target) })));
  if (m.table && isOfflineTable(m.table.id)) {
    // Played in this browser: practice, never rated, with no fair-deal seal.
    parts.push(h("span", { class: "sb-offline chip", title: t("offline.chip_help") }, t("offline.chip")));
  } else if (m.table?.seed_chosen) {
    parts.push(h("span", { class: "sb-deal chip", title: t("table.seed_chosen_help") }, t("table.seed_chosen")));
  } else if (m.table?.commitment) {
    // The commitment made before the first card: the finished game reveals the secret.
    // A button, so that a touch screen shows the explanation too (not a hover title).
    const short = m.table.commitment.slice(0, 8);
    const help = h("span", { class: "sb-deal-help", id: "deal-help", hidden: !dealHelpOpen }, t("table.commitment_help", { commitment: m.table.commitment }));
    const button = h("button", { type: "button", class: "sb-deal", id: "deal-sealed", "aria-expanded": String(dealHelpOpen), "aria-controls": "deal-help" }, t("table.commitment", { commitment: short }));
    button.addEventListener("click", () => {
      dealHelpOpen = !dealHelpOpen;
      help.hidden = !dealHelpOpen;
      button.setAttribute("aria-expanded", String(dealHelpOpen));
    });
    parts.push(button, help);
  }
  if (view.game === "rook") {
    const us = ourTeam(m);
    parts.push(
      h(
        "span",
        { class: "sb-score" },
        h("b", {}, teamName(m, us)),
        ` ${formatNumber(view.totals[us])} · `,
        h("b", {}, teamName(m, 1 - us)),
        ` ${formatNumber(view.totals[1 - us])}`,
      ),
    );
    if (view.declarer != null && view.bid != null) {
      // Your own contract in the first person ("הכרזתי 120", not "אני הכריז 120").
      const mine = !m.watching && view.declarer === m.me;
      const contract = mine ? t("table.contract_you", { bid: view.bid }) : t("table.contract", { name: seatName(m, view.declarer), bid: view.bid });
      parts.push(h("span", { class: "sb-contract" }, contract));
    }
    if (view.trump) {
      parts.push(
        h(
          "span",
          { class: "sb-trump" },
          colourSymbol(view.trump, 18, m.settings.deckStyle),
          ` ${t("table.trump_is", { colour: t(`colour.${view.trump}`) })}`,
        ),
      );
    }
    if (view.phase === "play") {
      parts.push(
        h(
          "span",
          { class: "sb-captured" },
          t("table.captured", {
            first: teamName(m, us),
            a: formatNumber(view.captured[us]),
            second: teamName(m, 1 - us),
            b: formatNumber(view.captured[1 - us]),
          }),
        ),
      );
    }
  } else {
    parts.push(h("span", { class: "sb-pass" }, t(`pass_direction.${view.pass_direction}`)));
    if (view.hearts_broken) parts.push(h("span", { class: "sb-broken" }, t("table.hearts_broken")));
  }
  return parts;
}

/**
 * The chips under a seat's plate: dealer, declarer, last bid (Rook); points (Hearts).
 * @param {TableModel} m
 * @param {number} seat
 */
function chips(m, seat) {
  const view = m.msg?.view;
  const info = m.seats?.[seat];
  const out = [];
  if (view?.game === "rook") {
    if (view.dealer === seat) out.push(h("span", { class: "chip" }, t("seat.dealer")));
    if (view.declarer === seat) out.push(h("span", { class: "chip chip-gold" }, t("seat.declarer")));
    if (view.phase === "auction") {
      const bids = view.auction.filter(([who]) => who === seat);
      if (bids.length) {
        const last = bids[bids.length - 1][1];
        out.push(h("span", { class: "chip chip-bid" }, last == null ? t("auction.pass") : formatNumber(last)));
      }
    }
  } else if (view?.game === "hearts") {
    out.push(
      h("span", { class: "chip" }, t("seat.points", { count: view.totals[seat], points: formatNumber(view.totals[seat]) })),
    );
    if (view.points_taken[seat]) {
      out.push(h("span", { class: "chip chip-bid" }, `+${formatNumber(view.points_taken[seat])}`));
    }
  }
  if (info?.left) out.push(h("span", { class: "chip chip-warn seat-left" }, t("people.left_chip")));
  else if (info?.away) out.push(h("span", { class: "chip chip-warn seat-away" }, t("people.away_chip")));
  if (info && info.kind === "human" && info.bot) out.push(h("span", { class: "chip chip-warn" }, t("seat.bot_playing")));
  if (info && info.kind === "human" && !info.claimed) out.push(h("span", { class: "chip" }, t("seat.open")));
  return out;
}

/**
 * Draw one seat's plate into its element (`.seat[data-pos]`, fixed by the shell).
 * @param {HTMLElement} el
 * @param {TableModel} m
 */
export function drawSeat(el, m) {
  const view = m.msg?.view;
  const seat = seatAt(viewpoint(m), POSITIONS.indexOf(/** @type {typeof POSITIONS[number]} */ (el.dataset.pos)));
  el.dataset.seat = String(seat);
  const info = m.seats?.[seat];
  const acting = view ? view.actors.includes(seat) && m.msg?.status === "playing" : false;
  if (acting) {
    el.setAttribute("aria-current", "true");
    el.dataset.turn = "true";
  } else {
    el.removeAttribute("aria-current");
    delete el.dataset.turn;
  }
  const mine = seat === m.me;
  const gone = Boolean(info && info.kind === "human" && info.bot);
  const count = view?.hand_sizes?.[seat] ?? 0;
  const backs = mine || m.replay
    ? null
    : h(
        "div",
        { class: "backs", "aria-hidden": "true" },
        Array.from({ length: Math.min(count, 8) }, () => h("span", { class: "back" })),
      );
  // Words relative to you stand beside the seat's one name, never instead of it.
  const relation =
    view?.game === "rook" && !mine && !m.watching
      ? teamOf(view, seat) === ourTeam(m)
        ? t("seat.partner")
        : t("seat.opponent")
      : "";
  // Each language words "computer, <level>" itself (a capitalised Settings label
  // would not agree with it mid-sentence: "komputer, poziom średni").
  const level = info?.kind === "bot" && info.level ? t(`people.bot_level.${info.level}`) : "";
  const role = [mine && !m.watching ? t("people.you") : "", relation, level].filter(Boolean).join(", ");
  const name = plateName(m, seat);
  const deadline = acting ? (m.deadlines?.[seat] ?? null) : null;
  const bubble = m.bubbles?.[seat] ?? null;
  const label = [name, role, acting ? t("seat.to_act") : "", !mine && view ? t("seat.cards", { count }) : ""]
    .filter(Boolean)
    .join(", ");
  el.setAttribute("aria-label", label);
  el.setAttribute("role", "group");
  const initial = ((info?.name || name)[0] ?? "?").toUpperCase();
  mount(
    el,
    backs,
    h(
      "div",
      { class: "plate" },
      h("span", { class: "avatar", "aria-hidden": "true" }, info?.kind === "bot" || gone ? botIcon() : initial),
      h("span", { class: "seat-name", title: name }, name),
      role ? h("span", { class: "seat-role" }, role) : null,
      acting ? h("span", { class: "turn-mark" }, t("seat.turn")) : null,
      deadline != null
        ? h("span", { class: "countdown", "data-deadline": String(deadline) }, countdownText(deadline))
        : null,
    ),
    h("div", { class: "chips" }, chips(m, seat)),
    bubble ? h("div", { class: "bubble" }, bubble) : null,
  );
}

/**
 * The seconds left until a turn deadline (performance.now() ms), as the seat shows them.
 * @param {number} deadline
 */
export function countdownText(deadline) {
  const seconds = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
  return t("people.seconds_left", { seconds: formatNumber(seconds) });
}
