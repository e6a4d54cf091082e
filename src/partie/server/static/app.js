// The browser shell of `partie serve`: lobby, new table, join with a code, seats,
// owner controls, the live table over one websocket (with automatic reconnection),
// the replay page and the rules panel. Each game's screen is a module loaded from
// /static/games/<game-id>.js (see docs/protocol.md); the shell holds no game rules.

import { h, replaceChildren, markdown } from "./dom.js";
import { SHELL, getLang, setLang, translator, pick } from "./i18n.js";

const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_RE = new RegExp(`^[${CODE_ALPHABET}]{6}$`);
const RETRY_MS = [500, 1000, 2000, 3000, 5000];
const PING_MS = 20000;

let lang = getLang();
let t = translator(lang, SHELL);
let onLangChange = () => {};

// --- small utilities ------------------------------------------------------------------

/** "abc def" / "abcdef" / "ABC-DEF" → "ABCDEF", or null when it is not a code. */
export function normalizeCode(text) {
  const code = String(text || "").toUpperCase().replace(/[\s-]/g, "");
  return CODE_RE.test(code) ? code : null;
}

export function showCode(code) {
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}

function store(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (_) {
    /* private mode: the seat will not survive a reload, play still works */
  }
}

function load(key) {
  try {
    return localStorage.getItem(key);
  } catch (_) {
    return null;
  }
}

const tokenKey = (code) => `partie.token.${code}`;
const ownerKey = (code) => `partie.owner.${code}`;
const autoSitKey = (code) => `partie.autosit.${code}`;

class ApiError extends Error {
  constructor(status, body) {
    super(body && (body.en || body.code) ? body.en || body.code : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
  text() {
    return this.body.fr || this.body.en ? pick(this.body, lang) : this.message;
  }
}

async function api(path, options = {}) {
  const init = { headers: { Accept: "application/json" }, ...options };
  if (options.json !== undefined) {
    init.method = init.method || "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.json);
    delete init.json;
  }
  const response = await fetch(path, init);
  let body = null;
  try {
    body = await response.json();
  } catch (_) {
    body = null;
  }
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

async function copyText(text, button) {
  let done = false;
  try {
    await navigator.clipboard.writeText(text);
    done = true;
  } catch (_) {
    const field = h("textarea", { class: "offscreen", "aria-hidden": "true" });
    field.value = text;
    document.body.appendChild(field);
    field.select();
    try {
      done = document.execCommand("copy");
    } catch (_e) {
      done = false;
    }
    field.remove();
  }
  if (done && button) {
    const before = button.textContent;
    button.textContent = t("copied");
    setTimeout(() => {
      button.textContent = before;
    }, 1500);
  }
}

function gameName(games, id) {
  const game = games && games.find((g) => g.id === id);
  return game ? game.name : id;
}

function statusText(status) {
  return t(`status_${status}`);
}

// --- page frame -----------------------------------------------------------------------

const main = document.getElementById("main");
const banner = document.getElementById("banner");
const alerts = document.getElementById("alerts");

function frame() {
  document.documentElement.lang = lang;
  const langButton = document.getElementById("lang");
  langButton.textContent = t("lang_switch");
  langButton.setAttribute("aria-label", t("lang_switch_label"));
  langButton.setAttribute("lang", lang === "fr" ? "en" : "fr");
  document.getElementById("tagline").textContent = t("tagline");
  document.getElementById("home").setAttribute("aria-label", t("lobby"));
}

document.getElementById("lang").addEventListener("click", () => {
  lang = lang === "fr" ? "en" : "fr";
  setLang(lang);
  t = translator(lang, SHELL);
  frame();
  onLangChange();
});

/** One line the player must read (a refusal, an error); it stays until replaced. */
function alertLine(text, kind = "error") {
  replaceChildren(alerts, text ? h("p", { class: `alert ${kind}`, role: "alert" }, text) : null);
}

function setBanner(text) {
  banner.hidden = !text;
  banner.textContent = text || "";
}

// --- rules panel ------------------------------------------------------------------------

async function openRules(gameId) {
  const dialog = document.getElementById("rules");
  const body = h("div", { class: "rules-body" }, t("loading"));
  replaceChildren(
    dialog,
    h(
      "div",
      { class: "rules-head" },
      h("h2", { id: "rules-title" }, t("rules")),
      h("button", { type: "button", class: "close", onclick: () => dialog.close() }, t("close")),
    ),
    body,
  );
  dialog.showModal();
  try {
    const rules = await api(`/api/rules/${encodeURIComponent(gameId)}?lang=${lang}`);
    const nodes = [askBox(gameId)];
    if (rules.intro) nodes.push(h("div", { class: "rules-intro" }, markdown(rules.intro)));
    if (rules.title) dialog.querySelector("#rules-title").textContent = rules.title;
    for (const section of rules.sections || []) {
      nodes.push(h("section", { id: section.id ? `rules-${section.id}` : undefined }, h("h3", null, section.title || ""), markdown(section.text || "")));
    }
    replaceChildren(body, nodes);
  } catch (_) {
    const page = `docs/${gameId}.md`;
    replaceChildren(
      body,
      h("p", null, t("rules_missing")),
      h("p", null, h("code", null, page), " — ", h("code", null, `partie rules ${gameId}`)),
    );
  }
}

/** "A question about the rules?": the answerer's passages, or the closest ones when it
 * is not sure (it says so). */
function askBox(gameId) {
  const input = h("input", { id: "rules-q", type: "search", maxlength: "200", autocomplete: "off" });
  const out = h("div", { class: "rules-answer", id: "rules-answer", "aria-live": "polite" });
  const form = h(
    "form",
    {
      class: "rules-ask",
      onsubmit: async (event) => {
        event.preventDefault();
        const q = input.value.trim();
        if (!q) return;
        replaceChildren(out, h("p", { class: "muted" }, t("loading")));
        try {
          const answer = await api(`/api/rules/${encodeURIComponent(gameId)}/ask?q=${encodeURIComponent(q)}&lang=${lang}`);
          const hits = answer.answers && answer.answers.length ? answer.answers : answer.closest || [];
          replaceChildren(
            out,
            answer.answers && answer.answers.length ? null : h("p", { class: "muted" }, answer.message || t("rules_unsure")),
            hits.slice(0, 3).map((hit) => h("blockquote", null, h("p", { class: "label" }, hit.section || ""), markdown(hit.text || ""))),
          );
        } catch (err) {
          replaceChildren(out, h("p", { class: "alert error" }, err instanceof ApiError ? err.text() : t("offline_now")));
        }
      },
    },
    h("label", { for: "rules-q" }, t("rules_ask")),
    h("div", { class: "row" }, input, h("button", { type: "submit", class: "small" }, t("rules_ask_go"))),
  );
  return h("div", null, form, out);
}

// --- lobby -------------------------------------------------------------------------------

async function lobbyPage() {
  let games = [];
  let lobby = { open: [], playing: [], finished: [] };
  let error = null;
  const draft = { game: null, options: {}, seats: [], settings: {}, name: load("partie.name") || "", code: "" };
  const root = h("div", { class: "lobby" });
  replaceChildren(main, root);

  const render = () => {
    replaceChildren(root, joinBox(), newTableForm(), tableLists());
    if (error) alertLine(error);
  };
  onLangChange = render;

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
    form.appendChild(
      optionFields(game.options, draft.options, "new", () => render(), (name) => name === "players"),
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

  function tableLists() {
    const section = (title, rows, action) =>
      h(
        "section",
        { class: "card tables" },
        h("h2", null, title),
        rows.length
          ? h(
              "ul",
              { class: "table-list" },
              rows.map((row) =>
                h(
                  "li",
                  null,
                  h("a", { href: action.href(row.code), class: "table-link" }, h("span", { class: "code" }, showCode(row.code))),
                  " ",
                  h("span", { class: "game-name" }, gameName(games, row.game)),
                  " · ",
                  h("span", null, row.seats.map((s) => s.name || t("empty_seat")).join(", ")),
                  row.result && row.result.details && row.result.details.score !== undefined
                    ? h("span", { class: "muted" }, ` · ${row.result.details.score}`)
                    : null,
                  " ",
                  h("a", { href: action.href(row.code), class: "button small" }, action.label),
                ),
              ),
            )
          : h("p", { class: "muted" }, t("none")),
      );
    return h(
      "div",
      { class: "lists" },
      section(t("open_tables"), lobby.open || [], { href: (c) => `/t/${c}`, label: t("open") }),
      section(t("playing_tables"), lobby.playing || [], { href: (c) => `/t/${c}`, label: t("watch") }),
      section(t("finished_tables"), lobby.finished || [], { href: (c) => `/replay/${c}`, label: t("replay") }),
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
    // Re-render only the lists when the form is already up, so typing is not disturbed.
    const lists = root.querySelector(".lists");
    if (lists && root.querySelector("select#new-game")) lists.replaceWith(tableLists());
    else render();
  };
  await refresh();
  setInterval(refresh, 5000);
}

/** The server's table settings: turn timer and how long a player may be away before a
 * bot stands in (both off by default). */
function settingsFields(values, prefix, game) {
  const box = h("fieldset", { class: "options settings" }, h("legend", null, t("timers")));
  for (const name of ["turn_seconds", "away_seconds"]) {
    const id = `${prefix}-set-${name}`;
    box.appendChild(
      h(
        "div",
        { class: "field" },
        h("label", { for: id }, t(name)),
        h("input", {
          type: "number",
          id,
          "data-fkey": id,
          min: "0",
          max: "3600",
          step: "1",
          value: values[name] ?? 0,
          onchange: (e) => {
            const n = parseInt(e.target.value, 10);
            values[name] = Number.isFinite(n) && n >= 0 ? n : 0;
          },
        }),
      ),
    );
  }
  const bots = (game && game.bots) || [];
  if (bots.length) {
    const id = `${prefix}-set-zombie_bot`;
    const current = values.zombie_bot || "";
    box.appendChild(
      h(
        "div",
        { class: "field" },
        h("label", { for: id }, t("zombie_bot")),
        h(
          "select",
          {
            id,
            "data-fkey": id,
            onchange: (e) => {
              values.zombie_bot = e.target.value || null;
            },
          },
          h("option", { value: "", selected: !current }, t("zombie_default", { bot: game.default_bot })),
          bots.map((b) => h("option", { value: b, selected: b === current }, b)),
        ),
      ),
    );
  }
  return box;
}

function specDefault(specs, name) {
  const spec = (specs || []).find((s) => s.name === name);
  return spec ? spec.default : undefined;
}

/** Form fields generated from the game's OptionSpecs. `values` is updated in place.
 * `rerender(name)` is called after a change to options that shape the form (players). */
function optionFields(specs, values, prefix, rerender, shapes = () => false, disabled = false) {
  const box = h("fieldset", { class: "options" }, h("legend", null, t("options")));
  for (const spec of specs || []) {
    const id = `${prefix}-opt-${spec.name}`;
    const current = spec.name in values ? values[spec.name] : spec.default;
    const label = pick(spec.label, lang) || spec.name;
    const help = spec.help ? pick(spec.help, lang) : "";
    const helpId = help ? `${id}-help` : undefined;
    const set = (value) => {
      values[spec.name] = value;
      if (shapes(spec.name)) rerender(spec.name);
    };
    let input;
    if (spec.type === "bool") {
      input = h("input", {
        type: "checkbox",
        id,
        "data-fkey": id,
        checked: Boolean(current),
        disabled,
        "aria-describedby": helpId,
        onchange: (e) => set(e.target.checked),
      });
      box.appendChild(
        h("div", { class: "field check" }, input, h("label", { for: id }, label), help ? h("p", { id: helpId, class: "help" }, help) : null),
      );
      continue;
    }
    if (spec.type === "choice") {
      input = h(
        "select",
        { id, "data-fkey": id, disabled, "aria-describedby": helpId, onchange: (e) => set(e.target.value) },
        (spec.choices || []).map((c) => {
          const value = typeof c === "object" && c !== null ? c.value : c;
          const text = typeof c === "object" && c !== null ? pick(c.label, lang) || String(value) : String(c);
          return h("option", { value, selected: value === current }, text);
        }),
      );
    } else if (spec.type === "int" || spec.type === "float") {
      input = h("input", {
        type: "number",
        id,
        "data-fkey": id,
        disabled,
        min: spec.min ?? undefined,
        max: spec.max ?? undefined,
        step: spec.type === "int" ? "1" : "any",
        value: current ?? "",
        "aria-describedby": helpId,
        onchange: (e) => {
          const raw = e.target.value;
          if (raw === "") {
            delete values[spec.name];
            if (shapes(spec.name)) rerender(spec.name);
            return;
          }
          const n = spec.type === "int" ? parseInt(raw, 10) : parseFloat(raw);
          if (Number.isFinite(n)) set(n);
        },
      });
    } else {
      input = h("input", {
        type: "text",
        id,
        "data-fkey": id,
        disabled,
        value: current ?? "",
        "aria-describedby": helpId,
        onchange: (e) => set(e.target.value === "" && current === null ? null : e.target.value),
      });
    }
    box.appendChild(
      h("div", { class: "field" }, h("label", { for: id }, label), input, help ? h("p", { id: helpId, class: "help" }, help) : null),
    );
  }
  return box;
}

// --- the live table ---------------------------------------------------------------------

class TableClient {
  constructor(code) {
    this.code = code;
    this.ws = null;
    this.you = { seat: null, owner: false };
    this.msg = null;
    this.games = [];
    this.retry = 0;
    this.pingTimer = null;
    this.retryTimer = null;
    this.wasOffline = false;
    this.gameModule = null;
    this.gameMountedFor = null;
    this.optionDraft = null;
    this.botChoice = {};
    this.stopped = false;
    this.autoSit = null;
    try {
      this.autoSit = JSON.parse(sessionStorage.getItem(autoSitKey(code)) || "null");
    } catch (_) {
      this.autoSit = null;
    }
    this.top = h("div", { class: "table-top" });
    this.gameRoot = h("div", { class: "game-root", id: "game" });
    this.bottom = h("div", { class: "table-bottom" });
    replaceChildren(main, this.top, this.gameRoot, this.bottom);
    onLangChange = () => {
      this.gameMountedFor = null;
      this.render();
    };
  }

  async start() {
    replaceChildren(this.top, h("p", null, t("loading")));
    try {
      this.games = await api("/api/games");
    } catch (_) {
      this.games = [];
    }
    this.connect();
  }

  get token() {
    return load(tokenKey(this.code));
  }

  get ownerToken() {
    return load(ownerKey(this.code));
  }

  connect() {
    if (this.stopped) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    let ws;
    try {
      ws = new WebSocket(`${scheme}://${location.host}/ws`);
    } catch (_) {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retry = 0;
      if (!this.games.length) {
        // The first load found no server: the games' forms and bots come now.
        api("/api/games")
          .then((games) => {
            this.games = games;
            this.render();
          })
          .catch(() => {});
      }
      if (this.wasOffline) {
        setBanner(null);
        this.wasOffline = false;
      }
      this.hello();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_MS);
    });
    ws.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch (_) {
        return;
      }
      this.receive(msg);
    });
    ws.addEventListener("close", () => {
      clearInterval(this.pingTimer);
      if (this.ws === ws) this.scheduleRetry();
    });
  }

  hello() {
    const msg = { type: "hello", table: this.code, lang };
    // One token: the seat's, else the owner's (the server gives the owner's token to
    // the seat the owner takes, so one token is both).
    const token = this.token || this.ownerToken;
    if (token) msg.token = token;
    this.sentToken = token || null;
    this.send(msg);
  }

  scheduleRetry() {
    if (this.stopped) return;
    this.wasOffline = true;
    const wait = RETRY_MS[Math.min(this.retry, RETRY_MS.length - 1)];
    this.retry += 1;
    let left = Math.ceil(wait / 1000);
    setBanner(t("offline", { s: left }));
    clearInterval(this.retryTimer);
    this.retryTimer = setInterval(() => {
      left -= 1;
      if (left > 0) setBanner(t("offline", { s: left }));
      else setBanner(t("offline_now"));
    }, 1000);
    setTimeout(() => {
      clearInterval(this.retryTimer);
      this.connect();
    }, wait);
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  act(action) {
    const version = this.msg ? this.msg.version : 0;
    return this.send({ type: "act", version, action });
  }

  receive(msg) {
    switch (msg.type) {
      case "welcome":
        this.you = msg.you || { seat: null, owner: false };
        this.chat = Array.isArray(msg.chat) ? msg.chat.slice() : [];
        if (this.gameModule && this.gameModule.update) this.gameModule.update({ type: "chat_log", chat: this.chat });
        break;
      case "chat":
        this.chat = [...(this.chat || []), msg].slice(-100);
        if (this.gameModule && this.gameModule.update) this.gameModule.update(msg);
        break;
      case "seated":
        store(tokenKey(this.code), msg.token);
        this.you = { ...this.you, seat: msg.seat };
        break;
      case "table":
        this.msg = msg;
        alertLine(null);
        this.render();
        this.afterTable();
        break;
      case "refused":
        this.refused(msg);
        break;
      case "pong":
        break;
      default:
        if (this.gameModule && this.gameModule.update) this.gameModule.update(msg);
    }
  }

  refused(msg) {
    if (msg.ref === "hello" && msg.code === "bad_token") {
      // The stored token no longer opens a seat (seat given up, another server): forget
      // it; the server has let us in as a spectator.
      if (this.token === this.sentToken) store(tokenKey(this.code), null);
      if (this.ownerToken === this.sentToken) store(ownerKey(this.code), null);
      alertLine(pick(msg, lang), "info");
      return;
    }
    if (msg.code === "unknown_table") {
      this.stopped = true;
      if (this.ws) this.ws.close();
      replaceChildren(this.top, h("p", { class: "alert error", role: "alert" }, t("unknown_table", { code: showCode(this.code) })), h("p", null, h("a", { href: "/" }, t("back_lobby"))));
      return;
    }
    let shown = false;
    if (this.gameModule && this.gameModule.update) shown = this.gameModule.update(msg) === true;
    if (!shown) alertLine(t("refused", { msg: pick(msg, lang) }));
  }

  afterTable() {
    const table = this.msg.table;
    if (!this.autoSit || table.status !== "open") return;
    const plan = this.autoSit;
    this.autoSit = null;
    sessionStorage.removeItem(autoSitKey(this.code));
    if (plan.seat >= 0 && this.you.seat === null) this.send({ type: "sit", seat: plan.seat, name: plan.name });
  }

  gameInfo() {
    const id = this.msg && this.msg.table.game;
    return this.games.find((g) => g.id === id) || null;
  }

  render() {
    if (!this.msg) return;
    const table = this.msg.table;
    const controls = this.controls(table);
    replaceChildren(this.top, this.header(table), table.status === "open" ? this.seatsPanel(table) : null, table.status === "over" ? controls : null);
    this.renderGame(table);
    replaceChildren(this.bottom, table.status === "over" ? null : controls);
  }

  header(table) {
    const link = `${location.origin}/t/${table.code}`;
    const codeButton = h("button", { type: "button", class: "small", id: "copy-code", onclick: (e) => copyText(showCode(table.code), e.currentTarget) }, t("copy_code"));
    const linkButton = h("button", { type: "button", class: "small", id: "copy-link", onclick: (e) => copyText(link, e.currentTarget) }, t("copy_link"));
    const seated = this.you.seat !== null && this.you.seat !== undefined;
    const rules = h("button", { type: "button", class: "small", id: "rules-open", onclick: () => openRules(table.game) }, t("rules"));
    const leave =
      seated && table.status !== "over"
        ? h(
            "button",
            {
              type: "button",
              class: "small",
              id: "leave",
              onclick: () => {
                if (confirm(t("leave_confirm"))) {
                  this.send({ type: "leave" });
                  store(tokenKey(this.code), null);
                  this.you = { ...this.you, seat: null };
                  this.gameMountedFor = null;
                  this.render();
                }
              },
            },
            t("leave"),
          )
        : null;
    const replay = table.status === "over" ? h("a", { href: `/replay/${table.code}`, class: "button small", id: "to-replay" }, t("replay")) : null;
    const you = h("p", { class: "you", id: "you" }, seated ? t("seated_as", { n: this.you.seat + 1 }) : t("spectator"));
    const codeText = h("span", { class: "big-code", id: "table-code", "aria-label": `${t("code")} ${table.code.split("").join(" ")}` }, showCode(table.code));
    if (table.status !== "open") {
      // During play the head is one line: the code stays visible for latecomers and
      // spectators, the board gets the room.
      return h(
        "section",
        { class: "card table-head compact", "aria-label": t("table") },
        h("div", { class: "row" }, h("span", { class: "label" }, t("code")), codeText, h("button", { type: "button", class: "small", id: "copy-code", "aria-label": t("copy_code"), onclick: (e) => copyText(showCode(table.code), e.currentTarget) }, t("copy")), rules, leave, replay),
        h("p", { class: "meta-line muted" }, gameName(this.games, table.game), " · ", h("span", { class: `status status-${table.status}` }, statusText(table.status)), " · ", you),
        this.timerLine(),
      );
    }
    return h(
      "section",
      { class: "card table-head", "aria-label": t("table") },
      h(
        "div",
        { class: "share" },
        h("p", { class: "label" }, t("code")),
        codeText,
        h("div", { class: "row" }, codeButton, linkButton),
        h("p", { class: "link" }, h("span", { class: "label" }, `${t("link")} : `), h("a", { href: link, id: "table-link" }, link)),
        h("p", { class: "help" }, t("share_hint")),
      ),
      h(
        "div",
        { class: "meta" },
        h("p", { class: "game-title" }, gameName(this.games, table.game), " · ", h("span", { class: `status status-${table.status}` }, statusText(table.status))),
        you,
        h("div", { class: "row" }, rules, leave),
      ),
    );
  }

  /** The turn timer, when the table has one: whose time runs and how much is left. */
  timerLine() {
    clearInterval(this.timerTick);
    const timer = this.msg && this.msg.timer;
    if (!timer || timer.deadline_ms === undefined) return null;
    const deadline = timer.deadline_ms > 1e12 ? timer.deadline_ms : Date.now() + timer.deadline_ms;
    const line = h("p", { class: "timer", id: "timer", role: "timer" });
    const seat = (this.msg.table.seats || []).find((s) => s.seat === timer.seat);
    const who = seat && seat.name ? seat.name : t("seat_label", { n: timer.seat + 1 });
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      line.textContent = t("timer", { name: who, s: left });
      if (left <= 0) clearInterval(this.timerTick);
    };
    tick();
    this.timerTick = setInterval(tick, 1000);
    return line;
  }

  seatLabel(seat) {
    const bits = [];
    if (seat.kind === "empty") bits.push(t("empty_seat"));
    else if (seat.kind === "bot") bits.push(`${t("bot")} ${seat.bot || seat.name}`);
    else bits.push(seat.name || t("seat_label", { n: seat.seat + 1 }));
    if (seat.zombie) bits.push(`(${t("bot")})`);
    if (seat.seat === this.you.seat) bits.push(`— ${t("you")}`);
    if (seat.kind === "person" && !seat.connected) bits.push(`(${t("away")})`);
    return bits.join(" ");
  }

  seatsPanel(table) {
    const game = this.gameInfo();
    const mine = this.you.seat !== null && this.you.seat !== undefined;
    const nameInput = h("input", {
      id: "sit-name",
      "data-fkey": "sit-name",
      maxlength: "24",
      autocomplete: "nickname",
      value: load("partie.name") || "",
      oninput: (e) => store("partie.name", e.target.value),
    });
    const rows = table.seats.map((seat) => {
      const items = [h("span", { class: `seat-name kind-${seat.kind}` }, `${t("seat_n", { n: seat.seat + 1 })} : ${this.seatLabel(seat)}`)];
      if (seat.kind === "empty" && !mine) {
        items.push(
          h(
            "button",
            {
              type: "button",
              class: "primary small sit",
              "data-seat": seat.seat,
              onclick: () => {
                const name = (nameInput.value || "").trim() || t("seat_label", { n: seat.seat + 1 });
                store("partie.name", name);
                this.send({ type: "sit", seat: seat.seat, name });
              },
            },
            t("sit"),
          ),
        );
      }
      if (this.you.owner && seat.kind !== "person") {
        if (seat.kind === "empty") {
          const id = `bot-${seat.seat}`;
          const bots = (game && game.bots) || [];
          const chosen = this.botChoice[seat.seat] || (game && game.default_bot) || bots[0];
          items.push(
            h("label", { for: id, class: "offscreen" }, t("put_bot")),
            h(
              "select",
              { id, "data-fkey": id, class: "small", onchange: (e) => (this.botChoice[seat.seat] = e.target.value) },
              bots.map((b) => h("option", { value: b, selected: b === chosen }, b)),
            ),
            h("button", { type: "button", class: "small", id: `${id}-go`, "data-fkey": `${id}-go`, onclick: () => this.send({ type: "seat_bot", seat: seat.seat, bot: this.botChoice[seat.seat] || chosen }) }, t("put_bot")),
          );
        } else {
          items.push(h("button", { type: "button", class: "small", "data-fkey": `unbot-${seat.seat}`, onclick: () => this.send({ type: "seat_bot", seat: seat.seat, bot: null }) }, t("remove_bot")));
        }
      }
      return h("li", { class: "seat" }, items);
    });
    return h(
      "section",
      { class: "card seats-panel", "aria-label": t("seats") },
      h("h2", null, t("seats")),
      mine ? null : h("div", { class: "field" }, h("label", { for: "sit-name" }, t("your_name")), nameInput),
      h("ul", { class: "seat-list", id: "seats" }, rows),
      h("p", { class: "muted" }, t("waiting_start")),
    );
  }

  controls(table) {
    if (!this.you.owner) return table.status === "over" ? h("p", { class: "muted" }, t("again_wait")) : null;
    const game = this.gameInfo();
    if (table.status === "open") {
      if (!this.optionDraft) this.optionDraft = { ...table.options };
      if (!this.settingsDraft) {
        const current = table.settings || {};
        this.settingsDraft = { turn_seconds: current.turn_seconds || 0, away_seconds: current.away_seconds || 0, zombie_bot: current.zombie_bot || null };
      }
      const ready = table.seats.every((s) => s.kind !== "empty");
      return h(
        "section",
        { class: "card owner", "aria-label": t("owner_controls") },
        h("h2", null, t("owner_controls")),
        optionFields(game ? game.options : [], this.optionDraft, "tbl", () => {}),
        settingsFields(this.settingsDraft, "tbl", game),
        h("div", { class: "row" },
          h("button", { type: "button", id: "apply-options", onclick: () => {
            // Only the options the form shows: the others (hidden ones such as a fixed
            // deal) are the server's to keep.
            const shown = new Set(((game && game.options) || []).map((o) => o.name));
            const options = Object.fromEntries(Object.entries(this.optionDraft).filter(([k]) => shown.has(k)));
            this.send({ type: "options", options, settings: { ...(this.msg.table.settings || {}), ...this.settingsDraft } });
            this.optionDraft = null;
            this.settingsDraft = null;
          } }, t("apply_options")),
          h("button", { type: "button", class: "primary", id: "start", disabled: !ready, "aria-describedby": ready ? undefined : "start-help", onclick: () => this.send({ type: "start" }) }, t("start")),
        ),
        ready ? null : h("p", { id: "start-help", class: "help" }, t("start_wait")),
      );
    }
    if (table.status === "over") {
      return h(
        "section",
        { class: "card owner again" },
        h("div", { class: "row" },
          h("button", { type: "button", class: "primary", id: "again-same", onclick: () => this.send({ type: "again", same_deal: true }) }, t("again_same")),
          h("button", { type: "button", id: "again-new", onclick: () => this.send({ type: "again", same_deal: false }) }, t("again_new")),
        ),
      );
    }
    return null;
  }

  async renderGame(table) {
    if (table.status === "open" && !this.msg.view) {
      if (this.gameMountedFor) {
        this.gameRoot.replaceChildren();
        this.gameMountedFor = null;
        this.gameModule = null;
      }
      return;
    }
    const key = `${table.game}:${lang}:${this.you.seat}`;
    if (this.gameMountedFor !== key) {
      this.gameMountedFor = key;
      this.gameModule = null;
      let module;
      try {
        module = await import(`/static/games/${table.game}.js`);
      } catch (_) {
        replaceChildren(this.gameRoot, h("p", { class: "alert error" }, t("game_screen_missing")));
        return;
      }
      if (this.gameMountedFor !== key) return;
      const gt = translator(lang, module.strings || {}, SHELL);
      this.gameRoot.replaceChildren();
      module.mount(this.gameRoot, {
        send: (action) => this.act(action),
        preview: (action) => this.request("preview", { version: this.msg.version, action }),
        ask: (what, args) => this.request("ask", { what, args }),
        chat: (text) => this.send({ type: "chat", text }),
        t: gt,
        lang,
        seat: this.you.seat,
        readOnly: false,
      });
      this.gameModule = module;
      if (module.update) module.update({ type: "chat_log", chat: this.chat || [] });
    }
    if (this.gameModule) this.gameModule.update(this.msg);
  }

  /** preview / ask: send and wait for the next answer of that kind. */
  request(type, fields) {
    return new Promise((resolve) => {
      if (!this.ws) return resolve(null);
      const ws = this.ws;
      const answerType = type === "ask" ? "answer" : "preview";
      const listener = (event) => {
        let msg;
        try {
          msg = JSON.parse(event.data);
        } catch (_) {
          return;
        }
        if (msg.type === answerType || (msg.type === "refused" && msg.ref === type)) {
          ws.removeEventListener("message", listener);
          resolve(msg);
        }
      };
      ws.addEventListener("message", listener);
      if (!this.send({ type, ...fields })) {
        ws.removeEventListener("message", listener);
        resolve(null);
      }
    });
  }
}

// --- replay -------------------------------------------------------------------------------

async function replayPage(code) {
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
      h("p", null, h("a", { href: "/" }, t("back_lobby"))),
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
    if (seat) who = `${seat.kind === "bot" ? `${t("bot")} ${seat.bot || seat.name}` : seat.name || t("seat_label", { n: seat.seat + 1 })} (${t("seat_n", { n: seat.seat + 1 })}) : `;
    return `${who}${step.text ? pick(step.text, lang) : JSON.stringify(step.action)}`;
  }

  onLangChange = () => {
    mountedFor = null;
    render();
  };
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
      h("p", null, h("a", { href: "/" }, t("back_lobby"))),
      h("p", { class: "alert error", role: "alert" }, notOver ? t("replay_not_over") : err instanceof ApiError ? err.text() : String(err)),
      notOver ? h("p", null, h("a", { href: `/t/${code}` }, t("watch"))) : null,
    );
    return;
  }
  render();
}

// --- routing ------------------------------------------------------------------------------

function route() {
  frame();
  const path = location.pathname;
  let m = /^\/t\/([^/]+)\/?$/.exec(path);
  if (m) {
    const code = normalizeCode(decodeURIComponent(m[1]));
    if (!code) {
      replaceChildren(main, h("p", { class: "alert error" }, t("bad_code")), h("a", { href: "/" }, t("back_lobby")));
      return;
    }
    document.title = `${showCode(code)} · partie`;
    new TableClient(code).start();
    return;
  }
  m = /^\/replay\/([^/]+)\/?$/.exec(path);
  if (m) {
    const code = normalizeCode(decodeURIComponent(m[1]));
    if (code) {
      document.title = `${t("replay")} ${showCode(code)} · partie`;
      replayPage(code);
      return;
    }
  }
  lobbyPage();
}

route();
