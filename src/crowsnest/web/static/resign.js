// @ts-check
// Resign in Rook (docs/protocol.md, "Resign"): the words of the confirmation, of a
// partner's proposal and of its news, and who resigned once the game is over. The
// server decides who must agree; the client only says what it was told.

import { t } from "./i18n.js";
import { seatName, plateName, teamSeats, teamOf } from "./model.js";

/** @typedef {import("./model.js").TableModel} TableModel */
/** @typedef {import("./types.js").ResignNews} ResignNews */

/**
 * The other seat of `seat`'s team, or null (a team of one, or no view yet).
 * @param {TableModel} m
 * @param {number} seat
 */
export function partnerOf(m, seat) {
  const view = m.msg?.view ?? null;
  const partner = teamSeats(view, teamOf(view, seat)).find((s) => s !== seat);
  return partner ?? null;
}

/**
 * The question before you resign: your partner is asked where a human plays their
 * seat now (the seat info's `bot` says whether a bot does).
 * @param {TableModel} m
 */
export function confirmText(m) {
  const partner = m.me == null ? null : partnerOf(m, m.me);
  const info = partner == null ? null : m.seats?.[partner];
  if (partner != null && info && info.kind === "human" && !info.bot) {
    return t("resign.confirm_partner", { name: plateName(m, partner) });
  }
  return t("resign.confirm");
}

/**
 * A team by its players' names: "Ann and Bruno" (you among them where you are).
 * @param {TableModel} m
 * @param {number} team
 */
export function teamPlayers(m, team) {
  const [first = 0, second = 0] = teamSeats(m.msg?.view ?? null, team);
  return t("team.pair", { first: seatName(m, first), second: seatName(m, second) });
}

/**
 * Who resigned the finished game, or "" when nobody did.
 * @param {TableModel} m
 * @param {{resigned?: number | null}} view
 */
export function resignedText(m, view) {
  return view.resigned == null ? "" : t("resign.done", { team: teamPlayers(m, view.resigned) });
}

/**
 * What a `resign` news says to you, as words: `proposed` to the partner is the
 * question itself (the offer dialog), to the proposer the wait.
 * @param {TableModel} m
 * @param {ResignNews} news
 * @returns {import("./model.js").Words}
 */
export function newsWords(m, news) {
  const partner = partnerOf(m, news.seat);
  const partnerName = partner == null ? "" : plateName(m, partner);
  switch (news.status) {
    case "proposed":
      return news.seat === m.me
        ? { key: "resign.waiting", args: { name: partnerName } }
        : { key: "resign.offer", args: { name: plateName(m, news.seat) } };
    case "declined":
      return { key: "resign.declined", args: { name: partnerName } };
    case "withdrawn":
      return { key: "resign.withdrawn", args: { name: plateName(m, news.seat) } };
    default:
      return { key: "resign.lapsed", args: {} };
  }
}

/**
 * What a `resign` news says to you (newsWords, translated).
 * @param {TableModel} m
 * @param {ResignNews} news
 */
export function newsText(m, news) {
  const said = newsWords(m, news);
  return t(said.key, said.args);
}
