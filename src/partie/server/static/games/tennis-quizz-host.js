// Tennis Quizz's classroom page: the teacher sets a match up (mode, variants, the
// built-in deck or their own file), puts this page on the projector, and the class
// joins with the short code; or the teacher scores alone (teacher and referee modes).
// The page is one more client of the same service: it creates a table through the API
// and follows it on the websocket; the board itself is the game's screen module.

import { h, replaceChildren } from "../dom.js";
import { botLabel, getLang, pick, setLang, translator } from "../i18n.js";
import * as screen from "./tennis-quizz.js";

const HOST = {
  fr: {
    title: "Tennis Quizz en classe",
    intro: "Préparez le match, mettez cette page au projecteur : les équipes rejoignent avec le code.",
    mode: "Comment jouez-vous ?",
    mode_match: "Deux équipes sur leurs téléphones (l'appli pose et juge)",
    mode_teacher: "L'enseignant seul : l'appli affiche la question, vous cliquez bonne ou mauvaise réponse",
    mode_referee: "Cartes papier : l'appli compte les points et dit la carte à lire",
    players: "Joueurs",
    players_2: "2 places : une par équipe (un téléphone chacune)",
    players_4: "4 places : deux par équipe",
    players_6: "6 places : trois par équipe",
    opponent: "Équipe B",
    opponent_phone: "sur un téléphone",
    opponent_bot: "l'ordinateur ({bot})",
    deck: "Paquet de questions",
    deck_builtin: "{title} ({cards} cartes, intégré)",
    deck_mine: "Votre paquet : {title} ({cards} cartes)",
    upload: "Ou envoyez votre paquet (TOML, GIFT, Aiken .txt, CSV, Open Trivia DB .json ; 1 Mio au plus)",
    csv_columns: "CSV (tableur « Enregistrer sous › CSV ») : une ligne d'en-tête question ; réponse ; mauvaise1 ; mauvaise2, et si vous voulez difficulté (1, 2, 3 ou facile, moyen, difficile), catégorie, variantes (séparées par |), source, carte. Séparateur « ; » ou « , », lu tout seul. Un fichier Word ou Excel s'enregistre d'abord en texte ou en CSV.",
    choose_file: "Choisir un fichier…",
    no_file: "Aucun fichier choisi",
    uploading: "Vérification du paquet…",
    upload_ok: "✓ Paquet accepté : {title}, {cards} cartes, {questions} questions.",
    upload_bad: "✗ Paquet refusé :",
    line: "ligne {n} : ",
    more_errors: "… et {n} autre(s) erreur(s).",
    warnings: "Remarques :",
    variants: "Variantes",
    tactique: "Tactique (le serveur choisit la question)",
    jeu_decisif: "Jeu décisif à 6-6",
    pros: "Places des pros (sans les choix), ex. « 2 »",
    overrule: "Le serveur peut corriger le jugement d'une réponse libre",
    choose_answerer: "L'équipe choisit qui répond à chaque point",
    sets: "Longueur du match",
    sets_1: "un set",
    sets_2: "au meilleur des trois sets",
    sets_3: "au meilleur des cinq sets",
    first: "Qui sert en premier ?",
    first_toss: "tirage au sort",
    first_a: "équipe A",
    first_b: "équipe B",
    create: "Créer le match",
    creating: "Création…",
    code: "Code",
    join: "Sur les téléphones : ouvrez {url} et tapez le code {code}.",
    join_link: "Lien direct : {url}",
    seats: "Places",
    seat_line: "Place {n} — équipe {team} : {who}",
    empty: "libre",
    connected: "✓ connecté",
    away: "(absent)",
    bot: "{bot}",
    start: "Lancer le match",
    start_wait: "Le match se lance quand chaque place est prise.",
    start_ready: "Toutes les équipes sont là : lancez le match quand la classe est prête.",
    scorer: "Enseignant",
    referee: "Arbitre",
    not_owner: "Ce navigateur n'a pas créé ce match : vous le regardez.",
    team_name: "Nom de l'équipe {x} (facultatif)",
    team_default: "Équipe {x}",
    again_same: "Rejouer avec les mêmes cartes",
    new_match: "Nouveau match",
    new_match_confirm: "Lancer un nouveau match ? Le score de celui-ci reste dans la liste ci-dessous et dans la rediffusion.",
    new_match_same: "Oui, mêmes réglages",
    new_match_change: "Changer les réglages…",
    cancel: "Annuler",
    offline: "Connexion perdue, nouvelle tentative…",
    lang_other: "English",
    local_only: "Attention : « localhost » ne marche que sur cet ordinateur, pas sur les téléphones. Lancez « partie serve --host 0.0.0.0 » et ouvrez cette page avec l'adresse de l'ordinateur sur le réseau.",
  },
  en: {
    title: "Tennis Quizz in class",
    intro: "Set the match up, put this page on the projector: teams join with the code.",
    mode: "How do you play?",
    mode_match: "Two teams on their phones (the app asks and judges)",
    mode_teacher: "The teacher alone: the app shows the question, you click right or wrong",
    mode_referee: "Paper cards: the app keeps score and says which card to read",
    players: "Players",
    players_2: "2 seats: one per team (a phone each)",
    players_4: "4 seats: two per team",
    players_6: "6 seats: three per team",
    opponent: "Team B",
    opponent_phone: "on a phone",
    opponent_bot: "the computer ({bot})",
    deck: "Question deck",
    deck_builtin: "{title} ({cards} cards, built in)",
    deck_mine: "Your deck: {title} ({cards} cards)",
    upload: "Or send your own deck (TOML, GIFT, Aiken .txt, CSV, Open Trivia DB .json; 1 MiB at most)",
    csv_columns: "CSV (spreadsheet “Save as › CSV”): a header line text, answer, wrong1, wrong2, and if you wish difficulty (1, 2, 3 or easy, medium, hard), category, alternatives (separated by |), source, card (French headers question, réponse, mauvaise1, mauvaise2 work too). Separator “;” or “,”, found by itself. A Word or Excel file is first saved as text or CSV.",
    choose_file: "Choose a file…",
    no_file: "No file chosen",
    uploading: "Checking the deck…",
    upload_ok: "✓ Deck accepted: {title}, {cards} cards, {questions} questions.",
    upload_bad: "✗ Deck refused:",
    line: "line {n}: ",
    more_errors: "… and {n} more error(s).",
    warnings: "Notes:",
    variants: "Variants",
    tactique: "Tactique (the server picks the question)",
    jeu_decisif: "Jeu décisif at 6-6",
    pros: "Seats of the pros (no choices), e.g. “2”",
    overrule: "The server may overrule the judgement of an open answer",
    choose_answerer: "The team picks who answers each point",
    sets: "Match length",
    sets_1: "one set",
    sets_2: "best of three sets",
    sets_3: "best of five sets",
    first: "Who serves first?",
    first_toss: "a toss",
    first_a: "team A",
    first_b: "team B",
    create: "Create the match",
    creating: "Creating…",
    code: "Code",
    join: "On the phones: open {url} and type the code {code}.",
    join_link: "Direct link: {url}",
    seats: "Seats",
    seat_line: "Seat {n} — team {team}: {who}",
    empty: "free",
    connected: "✓ connected",
    away: "(away)",
    bot: "{bot}",
    start: "Start the match",
    start_wait: "The match starts once every seat is taken.",
    start_ready: "Every team is in: start the match when the class is ready.",
    scorer: "Teacher",
    referee: "Referee",
    not_owner: "This browser did not create this match: you are watching it.",
    team_name: "Team {x}'s name (optional)",
    team_default: "Team {x}",
    again_same: "Again with the same cards",
    new_match: "New match",
    new_match_confirm: "Start a new match? This one's score stays in the list below and in the replay.",
    new_match_same: "Yes, same settings",
    new_match_change: "Change the settings…",
    cancel: "Cancel",
    offline: "Connection lost, trying again…",
    lang_other: "Français",
    local_only: "Note: “localhost” only works on this computer, not on the phones. Start “partie serve --host 0.0.0.0” and open this page with the computer's network address.",
  },
};

const API = "/api/games/tennis-quizz";
const LETTERS = ["A", "B", "C"];
let lang = getLang();
let t = translator(lang, HOST, screen.strings);
const main = document.getElementById("main");
const alerts = document.getElementById("alerts");

function load(key) {
  try {
    return localStorage.getItem(key);
  } catch (_) {
    return null;
  }
}

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (_) {
    /* private mode: the page still works until it is closed */
  }
}

function alertLine(text) {
  replaceChildren(alerts, text ? h("p", { class: "alert error", role: "alert" }, text) : null);
}

function showCode(code) {
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}

// --- setting a match up ---------------------------------------------------------------------

const draft = {
  mode: "match",
  players: 2,
  opponent: "",
  deck: "fr-starter",
  tactique: false,
  jeu_decisif: false,
  pros: "",
  overrule: false,
  choose_answerer: false,
  sets_to_win: 2,
  first_server: -1,
  team_a: "",
  team_b: "",
};
let decks = [];
let levels = []; // the bot levels a table may use, named by the server
let uploaded = null;
let uploadReport = null;
let fileName = null;

const MODES = ["match", "teacher", "referee"];

async function setupPage() {
  try {
    decks = await (await fetch(`${API}/decks`)).json();
  } catch (_) {
    decks = [];
  }
  // The lobby's links open a mode directly (`?mode=referee`); "Changer les réglages"
  // after a match comes back with that match's settings (`?from=CODE`).
  const params = new URLSearchParams(location.search);
  if (MODES.includes(params.get("mode"))) draft.mode = params.get("mode");
  const from = (params.get("from") || "").toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (from) {
    try {
      const summary = await (await fetch(`/api/tables/${from}`)).json();
      copyOptions((summary && summary.options) || {});
    } catch (_) {
      /* the form keeps its defaults */
    }
  }
  try {
    const games = await (await fetch("/api/games")).json();
    levels = (games.find((g) => g.id === "tennis-quizz") || {}).bot_levels || [];
  } catch (_) {
    levels = [];
  }
  renderSetup();
}

function copyOptions(options) {
  for (const key of ["mode", "tactique", "jeu_decisif", "overrule", "choose_answerer", "sets_to_win", "first_server"]) {
    if (options[key] !== undefined) draft[key] = options[key];
  }
  // A scorer's table has one seat: a match made from its settings keeps the form's 2.
  if ([2, 4, 6].includes(options.players)) draft.players = options.players;
  if (typeof options.pros === "string") draft.pros = options.pros;
  // A built-in deck is chosen again; an uploaded one is sent again if wanted.
  if (typeof options.deck === "string" && decks.some((d) => d.id === options.deck)) draft.deck = options.deck;
  const names = options.team_names || [];
  [draft.team_a, draft.team_b] = [names[0] || "", names[1] || ""];
}

function radio(name, value, label, checked, onchange) {
  const id = `tqh-${name}-${value}`;
  return h(
    "div",
    { class: "check" },
    h("input", { type: "radio", name, id, value, checked, onchange }),
    h("label", { for: id }, label),
  );
}

function checkbox(name, label) {
  const id = `tqh-${name}`;
  return h(
    "div",
    { class: "check" },
    h("input", { type: "checkbox", id, checked: draft[name], onchange: (e) => (draft[name] = e.target.checked) }),
    h("label", { for: id }, label),
  );
}

function select(name, label, choices, onchange) {
  const id = `tqh-${name}`;
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    h(
      "select",
      { id, onchange: (e) => onchange(e.target.value) },
      choices.map(([value, text]) => h("option", { value, selected: String(draft[name]) === String(value) }, text)),
    ),
  );
}

function renderSetup() {
  const mode = draft.mode;
  const modes = h(
    "fieldset",
    null,
    h("legend", null, t("mode")),
    ["match", "teacher", "referee"].map((m) =>
      radio("mode", m, t(`mode_${m}`), mode === m, () => {
        draft.mode = m;
        renderSetup();
      }),
    ),
  );
  const parts = [h("h1", null, t("title")), h("p", null, t("intro")), modes];
  if (mode !== "match") {
    // Referee and teacher: the sides as the class calls them, on the board and buttons.
    for (const [key, x] of [["team_a", "A"], ["team_b", "B"]]) {
      parts.push(
        h(
          "div",
          { class: "field" },
          h("label", { for: `tqh-${key}` }, t("team_name", { x })),
          h("input", { id: `tqh-${key}`, value: draft[key], maxlength: "30", placeholder: t("team_default", { x }), oninput: (e) => (draft[key] = e.target.value) }),
        ),
      );
    }
  }
  if (mode === "match") {
    parts.push(
      select("players", t("players"), [2, 4, 6].map((n) => [n, t(`players_${n}`)]), (v) => {
        draft.players = Number(v);
        renderSetup();
      }),
      select("opponent", t("opponent"), [["", t("opponent_phone")], ...levels.map((l) => [l.bot, t("opponent_bot", { bot: `${pick(l.name, lang)} — ${pick(l.about, lang)}` })])], (v) => (draft.opponent = v)),
    );
  }
  if (mode !== "referee") parts.push(deckBox());
  const variants = [mode !== "teacher" ? checkbox("tactique", t("tactique")) : null, checkbox("jeu_decisif", t("jeu_decisif"))];
  if (mode === "match") {
    const pros = h("input", { id: "tqh-pros", value: draft.pros, oninput: (e) => (draft.pros = e.target.value), inputmode: "numeric" });
    variants.push(
      h("div", { class: "field" }, h("label", { for: "tqh-pros" }, t("pros")), pros),
      checkbox("overrule", t("overrule")),
      draft.players > 2 ? checkbox("choose_answerer", t("choose_answerer")) : null,
    );
  }
  parts.push(h("fieldset", null, h("legend", null, t("variants")), variants));
  parts.push(select("sets_to_win", t("sets"), [1, 2, 3].map((n) => [n, t(`sets_${n}`)]), (v) => (draft.sets_to_win = Number(v))));
  if (mode !== "match") {
    parts.push(
      select("first_server", t("first"), [[-1, t("first_toss")], [0, t("first_a")], [1, t("first_b")]], (v) => (draft.first_server = Number(v))),
    );
  }
  const button = h("button", { type: "submit", class: "primary", id: "tqh-create" }, t("create"));
  parts.push(button);
  const form = h("form", { class: "card", id: "tqh-setup", onsubmit: (e) => create(e, button) }, parts);
  replaceChildren(main, form);
}

function deckBox() {
  const choices = decks.map((d) => [d.id, t("deck_builtin", { title: d.title, cards: d.cards })]);
  if (uploaded) choices.push([uploaded.id, t("deck_mine", { title: uploaded.title, cards: uploaded.cards })]);
  const file = h("input", {
    type: "file",
    id: "tqh-file",
    accept: ".toml,.gift,.txt,.aiken,.csv,.json",
    onchange: (e) => upload(e.target.files && e.target.files[0]),
  });
  // The browser's own file button speaks the browser's language ("Choose File" on a
  // French page): the input lies, invisible, over a button in the page's language.
  const pick = h("label", { class: "button small file-pick", id: "tqh-file-button" }, t("choose_file"), file);
  const chosen = h("span", { class: "muted", id: "tqh-file-name" }, fileName || t("no_file"));
  return h(
    "fieldset",
    null,
    h("legend", null, t("deck")),
    select("deck", t("deck"), choices, (v) => (draft.deck = v)),
    h("div", { class: "field" }, h("label", { for: "tqh-file" }, t("upload")), h("div", { class: "row" }, pick, chosen), h("p", { class: "help", id: "tqh-csv-columns" }, t("csv_columns"))),
    h("div", { id: "tqh-upload", "aria-live": "polite" }, uploadReport),
  );
}

async function upload(file) {
  if (!file) return;
  fileName = file.name;
  uploadReport = h("p", null, t("uploading"));
  renderSetup();
  let body;
  try {
    const answer = await fetch(`${API}/decks?name=${encodeURIComponent(file.name)}`, { method: "POST", body: file });
    body = await answer.json();
  } catch (err) {
    uploadReport = h("p", { class: "tqh-errors" }, String(err));
    renderSetup();
    return;
  }
  if (body.ok && body.deck) {
    uploaded = body.deck;
    draft.deck = body.deck.id;
    uploadReport = h(
      "div",
      null,
      h("p", { class: "tq-ok", id: "tqh-upload-ok" }, t("upload_ok", body.deck)),
      problems(body.warnings || [], t("warnings"), "tqh-warnings"),
    );
  } else {
    const errors = body.errors && body.errors.length ? body.errors : [{ line: null, fr: body.fr, en: body.en }];
    uploadReport = h(
      "div",
      { class: "tqh-errors", id: "tqh-upload-errors" },
      h("p", null, h("strong", null, t("upload_bad"))),
      problems(errors, null, "tqh-error-list"),
      body.more_errors ? h("p", null, t("more_errors", { n: body.more_errors })) : null,
    );
  }
  renderSetup();
}

function problems(list, title, id) {
  if (!list.length) return null;
  return h(
    "div",
    null,
    title ? h("p", null, title) : null,
    h(
      "ul",
      { id },
      list.map((p) => h("li", null, p.line ? t("line", { n: p.line }) : "", pick(p, lang))),
    ),
  );
}

async function create(event, button) {
  event.preventDefault();
  button.disabled = true;
  button.textContent = t("creating");
  const options = { mode: draft.mode, sets_to_win: draft.sets_to_win, jeu_decisif: draft.jeu_decisif };
  let seats = [];
  if (draft.mode !== "referee") options.deck = draft.deck;
  if (draft.mode === "match") {
    Object.assign(options, { players: draft.players, tactique: draft.tactique, overrule: draft.overrule, pros: draft.pros });
    if (draft.players > 2) options.choose_answerer = draft.choose_answerer;
    seats = Array.from({ length: draft.players }, (_, i) => (draft.opponent && i % 2 === 1 ? { bot: draft.opponent } : {}));
  } else {
    Object.assign(options, { players: 1, first_server: draft.first_server });
    const names = [draft.team_a.trim(), draft.team_b.trim()];
    if (names[0] || names[1]) options.team_names = names.map((n, i) => n || t("team_default", { x: LETTERS[i] }));
    if (draft.mode === "referee") options.tactique = draft.tactique;
  }
  try {
    const answer = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: "tennis-quizz", options, seats }),
    });
    const body = await answer.json();
    if (!answer.ok) throw new Error(pick(body, lang) || body.code);
    store(`partie.owner.${body.code}`, body.owner_token);
    history.replaceState(null, "", `?table=${body.code}`);
    new Host(body.code).connect();
  } catch (err) {
    button.disabled = false;
    button.textContent = t("create");
    alertLine(String(err.message || err));
  }
}

// --- following the table --------------------------------------------------------------------

class Host {
  constructor(code) {
    this.code = code;
    this.msg = null;
    this.you = { seat: null, owner: false };
    this.mounted = undefined; // the seat the board was mounted for (null: the projector)
    this.head = h("section", { class: "card", id: "tqh-head" });
    this.board = h("div", { id: "tqh-board" });
    this.foot = h("section", { id: "tqh-foot" });
    // The end's buttons come before the board and its report (45 rows on a phone).
    replaceChildren(main, this.head, this.foot, this.board);
  }

  async connect() {
    if (this.mode === undefined) {
      // The mode decides how this page says hello: a match's projector watches (see
      // hello below); a teacher's or referee's table is scored from this very page.
      try {
        const answer = await fetch(`/api/tables/${this.code}`);
        const summary = answer.ok ? await answer.json() : null;
        this.mode = (summary && summary.options && summary.options.mode) || "match";
      } catch (_) {
        this.mode = undefined;
      }
      try {
        const status = await (await fetch("/api/status")).json();
        this.addresses = (status && status.addresses) || [];
      } catch (_) {
        this.addresses = [];
      }
    }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      alertLine(null);
      const seatToken = load(`partie.token.${this.code}`);
      const ownerToken = load(`partie.owner.${this.code}`);
      const hello = { type: "hello", table: this.code, lang };
      if ((this.mode || "match") === "match") {
        // The projector: the owner's rights (start, play again) but no seat, even in a
        // browser that sits at this table, so the class never sees a seat's view.
        hello.token = ownerToken || seatToken || undefined;
        hello.watch = true;
      } else {
        hello.token = seatToken || ownerToken || undefined;
      }
      ws.send(JSON.stringify(hello));
    });
    ws.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      alertLine(t("offline"));
      setTimeout(() => this.connect(), 1500);
    });
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  receive(message) {
    if (message.type === "welcome") this.you = message.you || this.you;
    else if (message.type === "seated") {
      store(`partie.token.${this.code}`, message.token);
      this.you = { ...this.you, seat: message.seat };
    } else if (message.type === "refused") {
      const shown = this.mounted !== undefined && screen.update(message);
      if (!shown && message.code !== "bad_token") alertLine(pick(message, lang));
    } else if (message.type === "table") {
      this.msg = message;
      this.render();
    }
  }

  render() {
    const table = this.msg.table;
    const mode = table.options.mode || "match";
    if (table.status === "open" && mode !== "match" && this.you.owner) {
      // Teacher and referee tables have one seat, the scorer: this page takes it and starts.
      if (this.you.seat === null && !this.sat) {
        this.sat = true;
        this.send({ type: "sit", seat: 0, name: t(mode === "teacher" ? "scorer" : "referee") });
      } else if (this.you.seat === 0 && !this.started) {
        this.started = true;
        this.send({ type: "start" });
      }
    }
    replaceChildren(this.head, this.header(table, mode));
    if (this.msg.view) {
      if (this.mounted !== this.you.seat) {
        this.mounted = this.you.seat;
        this.board.replaceChildren();
        screen.mount(this.board, {
          send: (action) => this.send({ type: "act", version: this.msg.version, action }),
          ask: () => Promise.resolve(null),
          preview: () => Promise.resolve(null),
          t,
          lang,
          seat: this.you.seat,
          projector: true,
        });
      }
      screen.update(this.msg);
    }
    replaceChildren(this.foot, this.footer(table));
  }

  header(table, mode) {
    const url = this.shareOrigin();
    const code = showCode(table.code);
    if (table.status === "open" && mode === "match") {
      const ready = table.seats.every((s) => s.kind !== "empty");
      return [
        h("p", { class: "label" }, t("code")),
        h("p", { class: "tqh-code", id: "tqh-code", "aria-label": `${t("code")} ${table.code.split("").join(" ")}` }, code),
        h("p", { class: "tqh-join", id: "tqh-join" }, t("join", { url, code })),
        h("p", { class: "help" }, t("join_link", { url: `${url}/t/${table.code}` })),
        this.localWarning(),
        h("h2", null, t("seats")),
        h("ul", { class: "tqh-seats", id: "tqh-seats" }, table.seats.map((s) => h("li", null, this.seatLine(s)))),
        this.you.owner
          ? h("button", { type: "button", class: "primary", id: "tqh-start", disabled: !ready, onclick: () => this.send({ type: "start" }) }, t("start"))
          : h("p", { class: "help" }, t("not_owner")),
        // Once every team is in, the line under the button says so instead of waiting.
        ready && !this.you.owner ? null : h("p", { class: "help", id: "tqh-start-help" }, t(ready ? "start_ready" : "start_wait")),
      ];
    }
    const joinLine = mode === "match" ? [" · ", t("join", { url, code })] : null;
    return h("p", { class: "row" }, h("span", { class: "label" }, `${t("code")} `), h("strong", { id: "tqh-code-small" }, code), joinLine);
  }

  /** Where phones reach this server: a page opened as localhost gives the server's
   * LAN address instead, when the server listens on the network. */
  shareOrigin() {
    const local = ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname);
    const lan = (this.addresses || [])[0];
    return local && lan ? lan : location.origin;
  }

  /** A localhost page with no LAN address to give: phones cannot come. */
  localWarning() {
    const local = ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname);
    return local && !(this.addresses || []).length ? h("p", { class: "help warn", id: "tqh-local-only" }, t("local_only")) : null;
  }

  seatLine(seat) {
    let who = t("empty");
    if (seat.kind === "bot") who = t("bot", { bot: botLabel(seat, lang) });
    if (seat.kind === "person") who = `${seat.name} ${seat.connected ? t("connected") : t("away")}`;
    return t("seat_line", { n: seat.seat + 1, team: LETTERS[seat.seat % 2], who });
  }

  /** The end of a match: the table page's two words ("Rejouer avec les mêmes cartes",
   * "Nouveau match"); a new match is confirmed first and may change the settings. */
  footer(table) {
    if (table.status !== "over") return null;
    const again = (same) => {
      this.mounted = undefined;
      this.confirming = false;
      this.send({ type: "again", same_deal: same });
    };
    const change = h("a", { href: `${location.pathname}?from=${table.code}`, class: "button", id: "tqh-change" }, t("new_match_change"));
    if (!this.you.owner) return h("div", { class: "row card" }, change);
    if (this.confirming) {
      return h(
        "div",
        { class: "card", id: "tqh-confirm", role: "group", "aria-label": t("new_match") },
        h("p", null, t("new_match_confirm")),
        h(
          "div",
          { class: "row" },
          h("button", { type: "button", class: "primary", id: "tqh-new-yes", onclick: () => again(false) }, t("new_match_same")),
          change,
          h("button", { type: "button", id: "tqh-new-cancel", onclick: () => { this.confirming = false; this.render(); } }, t("cancel")),
        ),
      );
    }
    return h(
      "div",
      { class: "row card" },
      h("button", { type: "button", class: "primary", id: "tqh-again", onclick: () => again(true) }, t("again_same")),
      h("button", { type: "button", id: "tqh-new", onclick: () => { this.confirming = true; this.render(); } }, t("new_match")),
    );
  }
}

// --- page ---------------------------------------------------------------------------------

function start() {
  setLang(lang);
  const button = document.getElementById("lang");
  button.textContent = t("lang_other");
  button.addEventListener("click", () => {
    setLang(lang === "fr" ? "en" : "fr");
    location.reload();
  });
  document.title = `${t("title")} · partie`;
  const code = (new URLSearchParams(location.search).get("table") || "").toUpperCase().replace(/[\s-]/g, "");
  if (code) new Host(code).connect();
  else setupPage();
}

start();
