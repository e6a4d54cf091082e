// The replay page: a finished game step by step, from one seat's point of view or all
// cards open, through the game's own screen module (read-only); the record to download.

import { h, replaceChildren } from "./dom.js";
import { SHELL, botLabel, translator } from "./i18n.js";
import { ApiError, alertLine, api, gameName, lang, main, onLanguage, pick, showCode, t } from "./shell.js";

// --- replay -------------------------------------------------------------------------------

export async function replayPage(code) {
  const root = h("div", { class: "replay" });
  replaceChildren(main, root);
  let games = [];
  let summary = null;
  let data = null;
  let seat = "";
  let index = 0;
  let module = null;
  let mountedFor = null;
  const gameRoot = h("div", { class: "game-root", id: "game" });

  const loadSteps = async () => {
    const query = seat === "" ? "" : `?seat=${seat}`;
    data = await api(`/api/tables/${code}/replay${query}`);
    index = Math.min(index, Math.max(0, data.steps.length - 1));
  };

  const render = async () => {
    if (!summary) return;
    const steps = data ? data.steps : [];
    const n = steps.length;
    const step = steps[index];
    const go = (i) => {
      index = Math.max(0, Math.min(n - 1, i));
      render();
    };
    const seatSelect = h(
      "select",
      {
        id: "replay-seat",
        "data-fkey": "replay-seat",
        onchange: async (e) => {
          seat = e.target.value;
          try {
            await loadSteps();
          } catch (err) {
            alertLine(err instanceof ApiError ? err.text() : String(err));
          }
          render();
        },
      },
      h("option", { value: "", selected: seat === "" }, t("replay_all")),
      summary.seats.map((s) => h("option", { value: String(s.seat), selected: seat === String(s.seat) }, `${s.seat + 1}. ${s.name || t("seat_label", { n: s.seat + 1 })}`)),
    );
    const button = (id, label, symbol, target, off) =>
      h("button", { type: "button", id, "aria-label": label, title: label, disabled: off, "data-fkey": id, onclick: () => go(target) }, symbol);
    const actionText = step && step.action ? describeAction(step) : "";
    replaceChildren(
      root,
      h("p", null, h("a", { href: "/", class: "button small", id: "back-lobby" }, t("back_lobby"))),
      h("h2", null, t("replay_title", { code: showCode(code) }), " · ", gameName(games, summary.game)),
      h(
        "div",
        { class: "card replay-bar", role: "group", "aria-label": t("replay") },
        h("div", { class: "row" },
          button("replay-first", t("replay_first"), "|◀", 0, index === 0),
          button("replay-prev", t("replay_prev"), "◀", index - 1, index === 0),
          h("span", { class: "step", id: "replay-step", "aria-live": "polite" }, t("replay_step", { i: n ? index + 1 : 0, n })),
          button("replay-next", t("replay_next"), "▶", index + 1, index >= n - 1),
          button("replay-last", t("replay_last"), "▶|", n - 1, index >= n - 1),
        ),
        h("div", { class: "row" },
          h("label", { for: "replay-seat" }, t("replay_seat")),
          seatSelect,
          h("a", { href: `/api/tables/${code}/record`, download: `partie-${code}.json`, class: "button small", id: "download" }, t("replay_download")),
        ),
        h("p", { class: "muted", id: "replay-action" }, actionText),
        h("p", { class: "help" }, t("replay_keys")),
      ),
      gameRoot,
    );
    if (!step) return;
    const key = `${summary.game}:${lang}:${seat}`;
    if (mountedFor !== key) {
      mountedFor = key;
      try {
        module = await import(`/static/games/${summary.game}.js`);
      } catch (_) {
        replaceChildren(gameRoot, h("p", { class: "alert error" }, t("game_screen_missing")));
        return;
      }
      gameRoot.replaceChildren();
      module.mount(gameRoot, {
        send: () => false,
        preview: async () => null,
        ask: async () => null,
        t: translator(lang, module.strings || {}, SHELL),
        lang,
        seat: seat === "" ? null : Number(seat),
        readOnly: true,
      });
    }
    module.update({
      type: "table",
      table: { ...summary, status: index === n - 1 ? summary.status : "playing" },
      version: index,
      view: step.view,
      legal: [],
      last: step.action ? { seat: step.seat, action: step.action, text: step.text || null } : null,
      replay: true,
    });
  };

  function describeAction(step) {
    const seat = step.seat === null || step.seat === undefined ? null : summary.seats.find((s) => s.seat === step.seat);
    let who = "";
    if (seat) who = `${seat.kind === "bot" ? botLabel(seat, lang) : seat.name || t("seat_label", { n: seat.seat + 1 })} (${t("seat_small", { n: seat.seat + 1 })})${t("colon")}`;
    return `${who}${step.text ? pick(step.text, lang) : JSON.stringify(step.action)}`;
  }

  onLanguage(() => {
    mountedFor = null;
    render();
  });
  document.addEventListener("keydown", (event) => {
    if (!data || event.target.closest("input, select, textarea")) return;
    const n = data.steps.length;
    const moves = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: n - 1 };
    if (event.key in moves) {
      event.preventDefault();
      index = Math.max(0, Math.min(n - 1, moves[event.key]));
      render();
    }
  });

  replaceChildren(root, h("p", null, t("loading")));
  try {
    [games, summary] = await Promise.all([api("/api/games").catch(() => []), api(`/api/tables/${code}`)]);
    await loadSteps();
    index = data.steps.length - 1;
  } catch (err) {
    const notOver = err instanceof ApiError && err.body.code === "game_not_over";
    replaceChildren(
      root,
      h("p", null, h("a", { href: "/", class: "button small" }, t("back_lobby"))),
      h("p", { class: "alert error", role: "alert" }, notOver ? t("replay_not_over") : err instanceof ApiError ? err.text() : String(err)),
      notOver ? h("p", null, h("a", { href: `/t/${code}` }, t("watch"))) : null,
    );
    return;
  }
  render();
}

