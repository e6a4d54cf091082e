// The lobby: join with a code, create a table from the game's option specs, and the
// lists of open tables, games in progress and finished games.

import { defiLink } from "./defi.js";
import { h, replaceChildren } from "./dom.js";
import { optionFields, settingsFields, specDefault } from "./forms.js";
import { openRules } from "./rules.js";
import {
  ApiError,
  alertLine,
  api,
  autoSitKey,
  gameName,
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
        h("p", { class: "help classroom-note" }, t("classroom_lobby"), " ", h("a", { href: "/static/games/tennis-quizz-host.html", id: "lobby-classroom", class: "button small" }, t("classroom_open"))),
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
          h("label", { for: id }, t("seat_n", { n: i + 1 })),
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
            (game.bots || []).map((bot) =>
              h("option", { value: bot, selected: draft.seats[i] === bot }, t("seat_bot", { bot })),
            ),
          ),
        ),
      );
    }
    form.appendChild(h("fieldset", { class: "seats" }, h("legend", null, t("seats")), seatRows));
    form.appendChild(settingsFields(draft.settings, "new", game));
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

  /** A seat as the tables' screens name it: a bot says it is one ("bot greedy", not a
   * player called "greedy"), and at a table not yet over a person whose page is
   * closed is marked absent, so a table everyone left reads as such. */
  function seatText(s, live) {
    if (s.kind === "empty" || !s.name) return t("empty_seat");
    if (s.kind === "bot") return `${t("bot")} ${s.bot || s.name}`;
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
    return h(
      "div",
      { class: "lists" },
      section(t("open_tables"), lobby.open || [], { href: (c) => `/t/${c}`, label: t("open") }, "open"),
      section(t("playing_tables"), lobby.playing || [], { href: (c) => `/t/${c}`, label: t("watch") }, "playing"),
      section(t("finished_tables"), lobby.finished || [], { href: (c) => `/replay/${c}`, label: t("replay") }, "finished"),
    );
  }

  render();
  const refresh = async () => {
    try {
      [games, lobby] = await Promise.all([games.length ? games : api("/api/games"), api("/api/tables")]);
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
  await refresh();
  setInterval(refresh, 5000);
}

