// The lobby: join with a code, create a table from the game's option specs, and the
// lists of open tables, games in progress and finished games.

import { defiLink } from "./defi.js";
import { h, replaceChildren } from "./dom.js";
import { optionFields, settingsFields, specDefault } from "./forms.js";
import { botLabel, levelList, levelOption } from "./i18n.js";
import { openRules } from "./rules.js";
import {
  ApiError,
  alertLine,
  api,
  autoSitKey,
  gameName,
  lang,
  load,
  main,
  normalizeCode,
  onLanguage,
  ownerKey,
  setBanner,
  showCode,
  store,
  t,
} from "./shell.js";

// --- lobby -------------------------------------------------------------------------------

export async function lobbyPage() {
  let games = [];
  let lobby = { open: [], playing: [], finished: [] };
  let lobbyPage = 0; // pages of at most 50 tables per list, newest first
  let error = null;
  const draft = { game: null, options: {}, seats: [], settings: {}, name: load("partie.name") || "", code: "" };
  const root = h("div", { class: "lobby" });
  replaceChildren(main, root);

  const render = () => {
    replaceChildren(root, joinBox(), newTableForm(), h("p", { class: "row lobby-defi" }, defiLink()), tableLists());
    if (error) alertLine(error);
  };
  onLanguage(render);

  function joinBox() {
    const input = h("input", {
      id: "join-code",
      "data-fkey": "join-code",
      autocomplete: "off",
      autocapitalize: "characters",
      spellcheck: "false",
      placeholder: t("code_placeholder"),
      maxlength: "9",
      class: "code-input",
      "aria-describedby": "join-help",
      value: draft.code, // typing survives the lobby's re-render when the games arrive
      oninput: (e) => {
        draft.code = e.target.value;
      },
    });
    const help = h("p", { id: "join-help", class: "help" });
    const form = h(
      "form",
      {
        class: "card join",
        onsubmit: (event) => {
          event.preventDefault();
          const code = normalizeCode(input.value);
          if (!code) {
            help.textContent = t("bad_code");
            input.setAttribute("aria-invalid", "true");
            input.focus();
            return;
          }
          location.assign(`/t/${code}`);
        },
      },
      h("h2", null, h("label", { for: "join-code" }, t("join_code"))),
      h("div", { class: "row" }, input, h("button", { type: "submit", class: "primary" }, t("join"))),
      help,
    );
    return form;
  }

  function newTableForm() {
    const form = h("form", { class: "card new-table", id: "new-table" });
    form.appendChild(h("h2", null, t("new_table")));
    if (!games.length) {
      form.appendChild(h("p", null, t("loading")));
      return form;
    }
    const game = games.find((g) => g.id === draft.game) || games.find((g) => g.id === "the-game") || games[0];
    draft.game = game.id;
    const gameSelect = h(
      "select",
      {
        id: "new-game",
        "data-fkey": "new-game",
        onchange: (event) => {
          draft.game = event.target.value;
          draft.options = {};
          draft.seats = [];
          render();
        },
      },
      games.map((g) => h("option", { value: g.id, selected: g.id === game.id }, g.name)),
    );
    form.appendChild(h("div", { class: "field" }, h("label", { for: "new-game" }, t("game")), gameSelect));
    // The rules (and their question box) before anyone sits down, not only at a table.
    form.appendChild(
      h("p", { class: "row" }, h("button", { type: "button", class: "small", id: "lobby-rules", "data-fkey": "lobby-rules", onclick: () => openRules(game.id) }, t("rules_of", { game: game.name }))),
    );
    if (game.id === "tennis-quizz") {
      // The classroom page sets up what this form cannot (teacher alone, paper cards,
      // an uploaded deck) and is the projector's screen.
      form.appendChild(
        h(
          "p",
          { class: "help classroom-note row" },
          t("classroom_lobby"),
          " ",
          h("a", { href: "/static/games/tennis-quizz-host.html", id: "lobby-classroom", class: "button small" }, t("classroom_open")),
          h("a", { href: "/static/games/tennis-quizz-host.html?mode=teacher", id: "lobby-teacher", class: "button small" }, t("classroom_teacher")),
          h("a", { href: "/static/games/tennis-quizz-host.html?mode=referee", id: "lobby-referee", class: "button small" }, t("classroom_referee")),
        ),
      );
    }
    form.appendChild(
      // The seats follow the number of players. A change event comes as Tab leaves the
      // field, before the focus lands on the next one: redrawing at once would leave
      // the browser's next field out of the page (the focus fell back to the top), so
      // the form is redrawn once the focus has moved, and keeps it there.
      optionFields(game.options, draft.options, "new", () => setTimeout(render), (name) => name === "players"),
    );
    const players = Number(draft.options.players ?? specDefault(game.options, "players") ?? 1);
    while (draft.seats.length < players) draft.seats.push(draft.seats.length === 0 ? "" : "");
    draft.seats.length = players;
    const seatRows = [];
    for (let i = 0; i < players; i++) {
      const id = `new-seat-${i}`;
      seatRows.push(
        h(
          "div",
          { class: "field" },
          // Tennis Quizz in teams: odd places against even places, said on each place.
          h("label", { for: id }, game.id === "tennis-quizz" && players > 2 ? t("seat_team", { seat: t("seat_n", { n: i + 1 }), team: "AB"[i % 2] }) : t("seat_n", { n: i + 1 })),
          h(
            "select",
            {
              id,
              "data-fkey": id,
              onchange: (event) => {
                draft.seats[i] = event.target.value;
              },
            },
            h("option", { value: "", selected: !draft.seats[i] }, t("seat_person")),
            (game.bot_levels || []).map((level) => levelOption(h, level, lang, draft.seats[i] === level.bot)),
          ),
        ),
      );
    }
    form.appendChild(h("fieldset", { class: "seats" }, h("legend", null, t("seats")), seatRows, levelList(h, game.bot_levels, lang)));
    form.appendChild(settingsFields(draft.settings, "new", game));
    // Private by default: only a table its creator chooses to show is in the lists.
    form.appendChild(
      h(
        "div",
        { class: "field check" },
        h("input", {
          type: "checkbox",
          id: "new-listed",
          "data-fkey": "new-listed",
          checked: Boolean(draft.settings.listed),
          "aria-describedby": "new-listed-help",
          onchange: (event) => {
            draft.settings.listed = event.target.checked;
          },
        }),
        h("label", { for: "new-listed" }, t("listed")),
        h("p", { class: "help", id: "new-listed-help" }, t("listed_help")),
      ),
    );
    const nameInput = h("input", {
      id: "new-name",
      "data-fkey": "new-name",
      maxlength: "24",
      autocomplete: "nickname",
      value: draft.name,
      oninput: (event) => {
        draft.name = event.target.value;
      },
    });
    form.appendChild(
      h("div", { class: "field" }, h("label", { for: "new-name" }, t("your_name")), nameInput, h("p", { class: "help", id: "new-name-help" }, t("creator_name_help"))),
    );
    nameInput.setAttribute("aria-describedby", "new-name-help");
    const submit = h("button", { type: "submit", class: "primary", id: "create" }, t("create"));
    form.appendChild(submit);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      submit.disabled = true;
      submit.textContent = t("creating");
      try {
        const options = { ...draft.options };
        // A box the form shows ticked is sent ticked, even untouched (The Game's
        // take-back is on in the browser and off in the engine).
        for (const spec of game.options || []) {
          if (spec.type === "bool" && !(spec.name in options) && typeof spec.default === "boolean") options[spec.name] = spec.default;
        }
        const seats = draft.seats.map((bot) => (bot ? { bot } : {}));
        const settings = { ...draft.settings };
        const created = await api("/api/tables", { json: { game: game.id, options, seats, settings } });
        const code = created.code;
        store(ownerKey(code), created.owner_token);
        const name = draft.name.trim();
        if (name) store("partie.name", name);
        // With a name, the creator sits at the first seat left to a person; without
        // one they only watch (a teacher setting up a table for others).
        const firstPerson = draft.seats.findIndex((s) => !s);
        if (name && firstPerson >= 0) sessionStorage.setItem(autoSitKey(code), JSON.stringify({ seat: firstPerson, name }));
        location.assign(`/t/${code}`);
      } catch (err) {
        submit.disabled = false;
        submit.textContent = t("create");
        alertLine(err instanceof ApiError ? err.text() : String(err));
      }
    });
    return form;
  }

  /** A seat as the tables' screens name it: a bot says it is one ("Robot fort", not a
   * player called "greedy"), and at a table not yet over a person whose page is
   * closed is marked absent, so a table everyone left reads as such. */
  function seatText(s, live) {
    if (s.kind === "empty" || !s.name) return t("empty_seat");
    if (s.kind === "bot") return botLabel(s, lang);
    return live && s.connected === false ? `${s.name} (${t("away")})` : s.name;
  }

  function tableLists() {
    const section = (title, rows, action, kind) =>
      h(
        "section",
        { class: `card tables tables-${kind}`, id: `tables-${kind}` },
        h("h2", null, title),
        rows.length
          ? h(
              "ul",
              { class: "table-list" },
              rows.map((row) =>
                h(
                  "li",
                  null,
                  // One tab stop a table (the button says what it does); the code
                  // stays a link for the mouse.
                  h("a", { href: action.href(row.code), class: "table-link", tabindex: "-1" }, h("span", { class: "code" }, showCode(row.code))),
                  " ",
                  h("span", { class: "game-name" }, gameName(games, row.game)),
                  " · ",
                  h("span", { class: "seat-names" }, row.seats.map((seat) => seatText(seat, kind !== "finished")).join(", ")),
                  row.result && row.result.details && row.result.details.score !== undefined
                    ? h("span", { class: "muted" }, ` · ${row.result.details.score}`)
                    : null,
                  " ",
                  h("a", { href: action.href(row.code), class: "button small", "data-fkey": `${kind}-${row.code}` }, action.label),
                ),
              ),
            )
          : h("p", { class: "muted" }, t("none")),
      );
    const more = lobby.more || {};
    const pager =
      lobbyPage > 0 || Object.values(more).some(Boolean)
        ? h(
            "p",
            { class: "row pager" },
            lobbyPage > 0 ? h("button", { type: "button", class: "small", id: "lobby-newer", onclick: () => turnPage(-1) }, t("lobby_newer")) : null,
            Object.values(more).some(Boolean) ? h("button", { type: "button", class: "small", id: "lobby-older", onclick: () => turnPage(1) }, t("lobby_older")) : null,
          )
        : null;
    return h(
      "div",
      { class: "lists" },
      h("p", { class: "help", id: "lists-note" }, t("lists_note")),
      pager,
      section(t("open_tables"), lobby.open || [], { href: (c) => `/t/${c}`, label: t("open") }, "open"),
      section(t("playing_tables"), lobby.playing || [], { href: (c) => `/t/${c}`, label: t("watch") }, "playing"),
      section(t("finished_tables"), lobby.finished || [], { href: (c) => `/replay/${c}`, label: t("replay") }, "finished"),
    );
  }

  render();
  const refresh = async () => {
    try {
      [games, lobby] = await Promise.all([games.length ? games : api("/api/games"), api(`/api/tables?page=${lobbyPage}`)]);
      error = null;
      setBanner(null);
    } catch (err) {
      if (err instanceof ApiError) error = err.text();
      else setBanner(t("offline_now"));
    }
    // Re-render only the lists when the form is already up, so typing is not disturbed;
    // their content is swapped in place, so a keyboard on a table's button stays there.
    const lists = root.querySelector(".lists");
    if (lists && root.querySelector("select#new-game")) replaceChildren(lists, ...tableLists().children);
    else render();
  };
  const turnPage = (step) => {
    lobbyPage = Math.max(0, lobbyPage + step);
    refresh();
  };
  await refresh();
  setInterval(refresh, 5000);
}

