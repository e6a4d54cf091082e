// The Game's deal of the day (/defi): play the day's deal for 1 to 5 players, the
// day's board and yesterday's with the oracle's verdict, replays, and private boards
// (a secret key in the link). Its API is under /api/games/the-game/defi.

import { h, replaceChildren } from "./dom.js";
import { settingsFields } from "./forms.js";
import { SHELL, translator } from "./i18n.js";
import { ApiError, alertLine, api, autoSitKey, copyText, lang, load, main, onLanguage, ownerKey, store } from "./shell.js";

const API = "/api/games/the-game/defi";

const STRINGS = {
  fr: {
    defi_title: "Donne du jour",
    defi_intro:
      "Chaque jour, une donne de The Game par nombre de joueurs, la même pour tout le monde. Jouez-la entre amis ou avec des bots : votre résultat entre au tableau du jour, classé par cartes restantes, puis par temps. Seule la première partie d'une table compte.",
    defi_day: "Donne du {day} (UTC)",
    defi_players: "{n} joueur(s)",
    defi_play: "Jouer",
    defi_replay: "Rejouer",
    defi_replay_label: "Rejouer la donne d'hier à {n} joueur(s)",
    defi_name: "Votre nom",
    defi_fill: "Places des autres joueurs",
    defi_fill_friends: "des amis (lien de la table)",
    defi_fill_bot: "bot {bot}",
    defi_today: "Tableau du jour",
    defi_yesterday: "Hier : {day}",
    defi_empty: "Personne encore.",
    defi_rank: "Rang",
    defi_names: "Joueurs",
    defi_left: "Cartes restantes",
    defi_time: "Temps",
    defi_watch: "Revoir",
    defi_oracle_win: "Donne en solo gagnable : l'oracle (qui voit toutes les cartes) l'a prouvé en {plies} coups, après {nodes} positions examinées.",
    defi_oracle_loss: "Donne en solo perdue d'avance : l'oracle (qui voit toutes les cartes) l'a prouvé en examinant {nodes} positions.",
    defi_oracle_unknown: "L'oracle n'a pas tranché la donne en solo dans son budget ({nodes} positions).",
    defi_oracle_pending: "L'oracle étudie la donne d'hier…",
    defi_bots: "Cartes restantes des bots seuls à toutes les places :",
    defi_players_head: "joueurs",
    defi_public: "Tableau public",
    defi_private: "Tableau privé de votre groupe",
    defi_private_new: "Créer un tableau privé",
    defi_private_help: "Les parties lancées depuis ce lien entrent dans ce tableau seulement. Gardez le lien : il est la seule clé.",
    defi_private_link: "Lien du tableau privé",
    defi_copy: "Copier",
    defi_back_public: "Voir le tableau public",
    defi_lobby_link: "Donne du jour de The Game",
  },
  en: {
    defi_title: "Deal of the day",
    defi_intro:
      "Each day, one deal of The Game per player count, the same for everyone. Play it with friends or bots: your result enters the day's board, ranked by cards left, then time. Only a table's first game counts.",
    defi_day: "Deal of {day} (UTC)",
    defi_players: "{n} player(s)",
    defi_play: "Play",
    defi_replay: "Play again",
    defi_replay_label: "Play yesterday's {n}-player deal again",
    defi_name: "Your name",
    defi_fill: "The other players' seats",
    defi_fill_friends: "friends (the table's link)",
    defi_fill_bot: "bot {bot}",
    defi_today: "Today's board",
    defi_yesterday: "Yesterday: {day}",
    defi_empty: "Nobody yet.",
    defi_rank: "Rank",
    defi_names: "Players",
    defi_left: "Cards left",
    defi_time: "Time",
    defi_watch: "Watch",
    defi_oracle_win: "Solo deal winnable: the oracle (which sees every card) proved it with a line of {plies} moves, after examining {nodes} positions.",
    defi_oracle_loss: "Solo deal lost from the start: the oracle (which sees every card) proved it by examining {nodes} positions.",
    defi_oracle_unknown: "The oracle did not settle the solo deal within its budget ({nodes} positions).",
    defi_oracle_pending: "The oracle is studying yesterday's deal…",
    defi_bots: "Cards left by bots alone at every seat:",
    defi_players_head: "players",
    defi_public: "Public board",
    defi_private: "Your group's private board",
    defi_private_new: "Make a private board",
    defi_private_help: "Games started from this link enter this board only. Keep the link: it is the only key.",
    defi_private_link: "Private board link",
    defi_copy: "Copy",
    defi_back_public: "See the public board",
    defi_lobby_link: "The Game's deal of the day",
  },
};

let t = translator(lang, STRINGS, SHELL);

/** The lobby's link to this page, in the lobby's language. */
export function defiLink() {
  const words = translator(lang, STRINGS, SHELL);
  return h("a", { href: "/defi", id: "lobby-defi", class: "button small" }, words("defi_lobby_link"));
}

function minutes(seconds) {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

function longDay(iso) {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(lang === "fr" ? "fr-FR" : "en-GB", {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
}

export async function defiPage() {
  t = translator(lang, STRINGS, SHELL);
  const key = new URLSearchParams(location.search).get("board") || "";
  const draft = { name: load("partie.name") || "", fill: "", settings: {} };
  let data = null;
  let game = null;
  const root = h("div", { class: "defi", id: "defi" });
  replaceChildren(main, root);
  document.title = `${t("defi_title")} · partie`;

  const render = () => {
    t = translator(lang, STRINGS, SHELL);
    if (!data) {
      replaceChildren(root, h("h1", null, t("defi_title")), h("p", null, t("loading")));
      return;
    }
    const [today, yesterday] = data.days;
    replaceChildren(
      root,
      h("h1", null, t("defi_title")),
      h("p", { class: "help" }, t("defi_intro")),
      privateBox(),
      playBox(today),
      boardBox(today, "today", t("defi_today") + " — " + longDay(today.day)),
      boardBox(yesterday, "yesterday", t("defi_yesterday", { day: longDay(yesterday.day) })),
    );
  };
  onLanguage(render);

  function privateBox() {
    if (!data.private) {
      return h(
        "p",
        { class: "row" },
        h("span", null, t("defi_public")),
        h("button", { type: "button", class: "small", id: "defi-private-new", onclick: newBoard }, t("defi_private_new")),
      );
    }
    const link = `${location.origin}/defi?board=${encodeURIComponent(key)}`;
    const field = h("input", { id: "defi-private-link", readonly: "", value: link });
    const copy = h("button", { type: "button", class: "small", onclick: () => copyText(link, copy) }, t("defi_copy"));
    return h(
      "div",
      { class: "card defi-private" },
      h("h2", null, t("defi_private")),
      h("div", { class: "field" }, h("label", { for: "defi-private-link" }, t("defi_private_link")), h("div", { class: "row" }, field, copy)),
      h("p", { class: "help" }, t("defi_private_help")),
      h("a", { href: "/defi", class: "button small" }, t("defi_back_public")),
    );
  }

  async function newBoard() {
    try {
      const made = await api(`${API}/boards`, { json: {} });
      location.assign(`/defi?board=${encodeURIComponent(made.key)}`);
    } catch (err) {
      alertLine(err instanceof ApiError ? err.text() : String(err));
    }
  }

  function playBox(today) {
    const nameInput = h("input", {
      id: "defi-name",
      maxlength: "24",
      autocomplete: "nickname",
      value: draft.name,
      oninput: (e) => {
        draft.name = e.target.value;
      },
    });
    const fill = h(
      "select",
      {
        id: "defi-fill",
        onchange: (e) => {
          draft.fill = e.target.value;
        },
      },
      h("option", { value: "", selected: !draft.fill }, t("defi_fill_friends")),
      ((game && game.bots) || []).map((bot) => h("option", { value: bot, selected: draft.fill === bot }, t("defi_fill_bot", { bot }))),
    );
    const buttons = today.counts.map((c) =>
      h("button", { type: "button", class: "primary", id: `defi-play-${c.players}`, onclick: () => start(c.players, "today") }, `${t("defi_play")} · ${t("defi_players", { n: c.players })}`),
    );
    return h(
      "div",
      { class: "card defi-play" },
      h("h2", null, t("defi_day", { day: longDay(today.day) })),
      h("div", { class: "field" }, h("label", { for: "defi-name" }, t("defi_name")), nameInput),
      h("div", { class: "field" }, h("label", { for: "defi-fill" }, t("defi_fill")), fill),
      settingsFields(draft.settings, "defi", game),
      h("p", { class: "row defi-buttons" }, buttons),
    );
  }

  async function start(players, day) {
    try {
      const seats = [{}];
      for (let i = 1; i < players; i++) seats.push(draft.fill ? { bot: draft.fill } : {});
      const body = { players, day, seats, settings: { ...draft.settings } };
      if (key) body.board = key;
      const created = await api(`${API}/play`, { json: body });
      store(ownerKey(created.code), created.owner_token);
      const name = draft.name.trim();
      if (name) {
        store("partie.name", name);
        sessionStorage.setItem(autoSitKey(created.code), JSON.stringify({ seat: 0, name }));
      }
      location.assign(`/t/${created.code}`);
    } catch (err) {
      alertLine(err instanceof ApiError ? err.text() : String(err));
    }
  }

  function boardBox(day, which, title) {
    const box = h("section", { class: "card defi-board", id: `defi-board-${which}` }, h("h2", null, title));
    if (day.over) box.appendChild(verdictBox(day.verdict));
    for (const count of day.counts) {
      const head = h("h3", null, t("defi_players", { n: count.players }));
      if (day.over) {
        head.append(" ", h("button", { type: "button", class: "small", id: `defi-replay-${count.players}`, "aria-label": t("defi_replay_label", { n: count.players }), onclick: () => start(count.players, "yesterday") }, t("defi_replay")));
      }
      box.appendChild(head);
      if (!count.entries.length) {
        box.appendChild(h("p", { class: "help" }, t("defi_empty")));
        continue;
      }
      const rows = count.entries.map((e) =>
        h(
          "tr",
          { class: "defi-entry" },
          h("td", null, String(e.rank)),
          h("td", { class: "defi-names" }, e.names.join(", ")),
          h("td", { class: "defi-left" }, String(e.cards_left)),
          h("td", { class: "defi-time" }, minutes(e.seconds)),
          day.over ? h("td", null, h("a", { href: `/replay/${e.code}` }, t("defi_watch"))) : null,
        ),
      );
      box.appendChild(
        h(
          "div",
          { class: "defi-scroll" },
          h(
          "table",
          { class: "defi-table", "data-players": String(count.players) },
          h("thead", null, h("tr", null, h("th", null, t("defi_rank")), h("th", null, t("defi_names")), h("th", null, t("defi_left")), h("th", null, t("defi_time")), day.over ? h("th", null, "") : null)),
          h("tbody", null, rows),
          ),
        ),
      );
    }
    return box;
  }

  function verdictBox(verdict) {
    if (!verdict) return h("p", { class: "help", id: "defi-verdict" }, t("defi_oracle_pending"));
    const o = verdict.oracle;
    const nodes = o.nodes.toLocaleString(lang === "fr" ? "fr-FR" : "en-GB");
    const line = t(`defi_oracle_${o.verdict}`, { plies: o.plies ?? "", nodes });
    const counts = verdict.bots.heuristic.map((_, i) => i + 1);
    const table = h(
      "table",
      { class: "defi-table defi-bots" },
      h("caption", null, t("defi_bots")),
      h("thead", null, h("tr", null, h("th", null, t("defi_players_head")), counts.map((n) => h("th", null, String(n))))),
      h(
        "tbody",
        null,
        Object.entries(verdict.bots).map(([bot, left]) => h("tr", null, h("th", null, `${t("bot")} ${bot}`), left.map((n) => h("td", null, String(n))))),
      ),
    );
    return h("div", { id: "defi-verdict" }, h("p", null, line), h("div", { class: "defi-scroll" }, table));
  }

  async function refresh(first) {
    try {
      const query = key ? `?board=${encodeURIComponent(key)}` : "";
      data = await api(API + query);
      if (first) {
        render();
      } else {
        // Only yesterday's board (the verdict arrived): the form keeps what is typed.
        const old = document.getElementById("defi-board-yesterday");
        if (old) old.replaceWith(boardBox(data.days[1], "yesterday", t("defi_yesterday", { day: longDay(data.days[1].day) })));
      }
      if (!data.days[1].verdict) setTimeout(() => refresh(false), 3000);
    } catch (err) {
      replaceChildren(root, h("h1", null, t("defi_title")), h("p", { class: "alert error" }, err instanceof ApiError ? err.text() : String(err)), h("a", { href: "/defi", class: "button small" }, t("defi_back_public")));
    }
  }

  render();
  try {
    const games = await api("/api/games");
    game = games.find((g) => g.id === "the-game") || null;
  } catch (_) {
    game = null;
  }
  await refresh(true);
}
