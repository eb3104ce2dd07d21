// The dialogs over the table: the last trick, the score sheet, the summary at the
// end of each hand, and the game over screen. Methods of Game (game.js).

import { t, formatNumber } from "./i18n.js";
import { cardSvg, colourSymbol } from "./cards.js";
import { settings } from "./settings.js";
import { esc } from "./markup.js";

export class DialogParts {
  showLastTrick() {
    const trick = this.lastTrick;
    const d = this.root.querySelector("#last-trick-view");
    if (!trick) return;
    const style = settings().deckStyle;
    d.innerHTML = `<h2 id="last-trick-title">${esc(t("table.last_trick"))}</h2>
      <p>${esc(t("say.trick", { name: this.name(trick.winner), count: trick.points, points: trick.points }))}</p>
      <ol class="trick-list">${trick.cards
        .map((card, i) => {
          const seat = (trick.leader + i) % 4;
          return `<li class="${seat === trick.winner ? "winner" : ""}"><div class="card small-card" data-card="${card}" aria-hidden="true">${cardSvg(card, style)}</div>
            <span>${esc(this.name(seat))}: ${esc(this.card(card))}</span></li>`;
        })
        .join("")}</ol>
      <form method="dialog"><button class="primary" autofocus>${esc(t("dialog.close"))}</button></form>`;
    d.showModal();
  }

  scoreTable(view) {
    if (!view.results.length) return `<p>${esc(t("score.none"))}</p>`;
    if (view.game === "rook") {
      const us = (this.mySeat ?? 0) % 2;
      const rows = view.results
        .map(
          (r, i) => `<tr><th scope="row">${formatNumber(i + 1)}</th>
          <td>${esc(this.name(r.declarer))} ${formatNumber(r.bid)} ${r.trump ? colourSymbol(r.trump, 14) : ""}</td>
          <td>${esc(r.made ? t("summary.made") : t("summary.set"))}</td>
          <td>${formatNumber(r.score[us])}</td><td>${formatNumber(r.score[1 - us])}</td>
          <td><b>${formatNumber(r.totals[us])}</b></td><td><b>${formatNumber(r.totals[1 - us])}</b></td></tr>`,
        )
        .join("");
      return `<div class="table-scroll"><table class="scores"><thead><tr><th scope="col">${esc(t("score.hand"))}</th><th scope="col">${esc(t("score.contract"))}</th>
        <th scope="col">${esc(t("score.result"))}</th><th scope="col">${esc(this.teamName(us))}</th><th scope="col">${esc(this.teamName(1 - us))}</th>
        <th scope="col">${esc(this.watching ? t("score.total_of", { team: this.teamName(us) }) : t("score.total_us"))}</th>
        <th scope="col">${esc(this.watching ? t("score.total_of", { team: this.teamName(1 - us) }) : t("score.total_them"))}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
    }
    const head = [0, 1, 2, 3].map((s) => `<th scope="col">${esc(this.name(s))}</th>`).join("");
    const rows = view.results
      .map(
        (r, i) => `<tr><th scope="row">${formatNumber(i + 1)}</th>${r.points
          .map((p, s) => `<td>${formatNumber(p)} <small>(${formatNumber(r.totals[s])})</small>${r.moon === s ? " 🌙" : ""}</td>`)
          .join("")}</tr>`,
      )
      .join("");
    return `<div class="table-scroll"><table class="scores"><thead><tr><th scope="col">${esc(t("score.hand"))}</th>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
  }

  showScoreSheet() {
    const d = this.root.querySelector("#score-sheet");
    const view = this.current?.view;
    if (!view) return;
    d.innerHTML = `<h2 id="score-sheet-title">${esc(t("table.score_sheet"))}</h2>${this.scoreTable(view)}
      <form method="dialog"><button class="primary" autofocus>${esc(t("dialog.close"))}</button></form>`;
    d.showModal();
  }

  summaryBody(ev) {
    if (this.isRook()) {
      const us = (this.mySeat ?? 0) % 2;
      const declTeam = ev.declarer % 2;
      const outcome = ev.made ? "made" : "set";
      const verdict = this.watching
        ? t(`summary.team_${outcome}`, { team: this.teamName(declTeam), bid: ev.bid })
        : t(`summary.${declTeam === us ? "we" : "they"}_${outcome}`, { bid: ev.bid });
      return `<p class="verdict ${ev.made ? "made" : "set"}">${esc(verdict)}</p>
        <p>${esc(t("summary.contract", { name: this.name(ev.declarer), bid: ev.bid }))}
          ${ev.trump ? `${colourSymbol(ev.trump, 16)} ${esc(t("table.trump_is", { colour: t(`colour.${ev.trump}`) }))}` : ""}</p>
        <p>${esc(this.watching
          ? t("summary.nest_team", { team: this.teamName(ev.last_trick_team), count: ev.nest_points, points: ev.nest_points })
          : t(ev.last_trick_team === us ? "summary.nest_us" : "summary.nest_them", { count: ev.nest_points, points: ev.nest_points }))}</p>
        ${this.nestLines(ev)}
        <table class="scores"><thead><tr><th scope="col"></th><th scope="col">${esc(this.teamName(us))}</th><th scope="col">${esc(this.teamName(1 - us))}</th></tr></thead>
        <tbody>
          <tr><th scope="row">${esc(t("summary.tricks"))}</th><td>${formatNumber(ev.tricks_won[us])}</td><td>${formatNumber(ev.tricks_won[1 - us])}</td></tr>
          <tr><th scope="row">${esc(t("summary.counted"))}</th><td>${formatNumber(ev.counted[us])}</td><td>${formatNumber(ev.counted[1 - us])}</td></tr>
          <tr><th scope="row">${esc(t("summary.score"))}</th><td>${formatNumber(ev.score[us])}</td><td>${formatNumber(ev.score[1 - us])}</td></tr>
          <tr><th scope="row">${esc(t("summary.totals"))}</th><td><b>${formatNumber(ev.totals[us])}</b></td><td><b>${formatNumber(ev.totals[1 - us])}</b></td></tr>
        </tbody></table>`;
    }
    const moon = ev.moon != null ? `<p class="verdict made">${esc(t("summary.moon", { name: this.name(ev.moon) }))}</p>` : "";
    return `${moon}<table class="scores"><thead><tr><th scope="col"></th><th scope="col">${esc(t("summary.points"))}</th><th scope="col">${esc(t("summary.totals"))}</th></tr></thead>
      <tbody>${[0, 1, 2, 3]
        .map((s) => `<tr><th scope="row">${esc(this.name(s))}</th><td>${formatNumber(ev.points[s])}</td><td><b>${formatNumber(ev.totals[s])}</b></td></tr>`)
        .join("")}</tbody></table>`;
  }

  /** For the declarer: the cards taken from the nest and those laid back in it. */
  nestLines(ev) {
    const mine = this.nestCards?.hand === ev.hand_number ? this.nestCards : null;
    const names = (cards) => cards.map((c) => this.card(c)).join(", ");
    const lines = [];
    if (mine?.nest?.length) lines.push(`<p id="summary-nest">${esc(t("summary.nest_taken", { cards: names(mine.nest) }))}</p>`);
    if (mine?.discards?.length) lines.push(`<p id="summary-discards">${esc(t("summary.laid_back", { cards: names(mine.discards) }))}</p>`);
    return lines.join("");
  }

  showSummary(ev, msg, wait) {
    const d = this.root.querySelector("#hand-summary");
    d.innerHTML = `<h2 id="hand-summary-title">${esc(t("summary.title", { n: formatNumber(ev.hand_number + 1) }))}</h2>
      ${this.summaryBody(ev)}
      <div class="dialog-actions"><button type="button" id="summary-close" class="primary">${esc(t(wait ? "summary.continue" : "dialog.close"))}</button></div>`;
    const done = new Promise((resolve) => {
      d.addEventListener("close", resolve, { once: true });
    });
    d.querySelector("#summary-close").addEventListener("click", () => d.close());
    if (!d.open) d.showModal();
    return wait ? done : Promise.resolve();
  }

  showGameOver(msg) {
    const view = msg.view;
    const d = this.root.querySelector("#game-over");
    let headline;
    if (view.game === "rook") {
      if (this.watching) headline = t("over.team_wins", { team: this.teamName(view.winner) });
      else headline = view.winner === (this.mySeat ?? 0) % 2 ? t("over.we_win") : t("over.they_win");
    } else {
      headline = view.winner === this.mySeat ? t("over.you_win") : t("over.winner", { name: this.name(view.winner) });
    }
    d.innerHTML = `<h2 id="game-over-title">${esc(t("over.title"))}</h2>
      <p class="verdict made">${esc(headline)}</p>
      ${this.scoreTable(view)}
      <div class="dialog-actions">${
        this.watching
          ? `<button type="button" id="game-over-leave" class="primary">${esc(t("watch.leave"))}</button>`
          : `<button type="button" id="rematch" class="primary">${esc(t("over.rematch"))}</button>
        <button type="button" id="game-over-settings">${esc(t("over.settings"))}</button>`
      }</div>`;
    d.querySelector("#game-over-leave")?.addEventListener("click", () => {
      d.close();
      this.hooks.leave();
    });
    d.querySelector("#rematch")?.addEventListener("click", () => {
      d.close();
      this.hooks.rematch(this.table);
    });
    d.querySelector("#game-over-settings")?.addEventListener("click", () => {
      d.close();
      this.hooks.toSettings();
    });
    const open = () => {
      if (!d.open) d.showModal();
    };
    const summary = this.root.querySelector("#hand-summary");
    if (summary.open) summary.addEventListener("close", open, { once: true });
    else open();
  }
}
