// The deck editor (/decks): a teacher writes Tennis Quizz questions, sees the deck
// checker's verdict beside each field while typing, and starts a game with them.
// Every change is saved as it is made; the server refuses a save made from an older
// version (another tab), and the page then shows what differs and lets the author choose.

import { h, replaceChildren } from "./dom.js";
import { SHELL, translator } from "./i18n.js";
import { alertLine, ApiError, answerOf, api, lang, load, main, onLanguage, ownerKey, pick, store } from "./shell.js";

const API = "/api/games/tennis-quizz/editor";
const MINE = "partie.decks";
const PER_CARD = 7;

const STRINGS = {
  fr: {
    my_decks: "Mes paquets de questions",
    my_decks_none: "Aucun paquet sur ce navigateur pour l'instant.",
    new_deck: "Nouveau paquet",
    deck_title: "Titre",
    language: "Langue",
    level: "Niveau",
    level_none: "—",
    create_deck: "Créer le paquet",
    from_file: "Partir d'un fichier (TOML, GIFT, Aiken, CSV — un CSV d'Excel en français convient)",
    from_builtin: "Copier le paquet de départ",
    editing: "Paquet : {title}",
    saved: "Enregistré",
    saving: "Enregistrement…",
    offline: "Pas de connexion : la modification sera envoyée dès que possible",
    changed_elsewhere: "Ce paquet a changé ailleurs (un autre onglet ?). Différences : {diff}",
    keep_mine: "Garder ma version",
    take_theirs: "Prendre l'autre version",
    card_n: "Carte {n}",
    card_count: "{count} / 7 questions",
    question_n: "Question {n}",
    q_text: "Question",
    q_answer: "Bonne réponse",
    q_wrong1: "Mauvaise réponse 1",
    q_wrong2: "Mauvaise réponse 2",
    q_difficulty: "Difficulté",
    diff_1: "1 — facile",
    diff_2: "2 — moyenne",
    diff_3: "3 — difficile",
    q_source: "Source (où vérifier)",
    q_explanation: "Explication (facultative, montrée après la réponse)",
    add_question: "Ajouter une question",
    add_hint: "Entrée passe au champ suivant ; Alt+N ajoute une question ; Ctrl+Z hors d'un champ annule.",
    remove: "Supprimer",
    move_up: "Monter",
    move_down: "Descendre",
    drag: "Glisser pour déplacer",
    undo: "Annuler",
    keep: "Garder tel quel",
    kept: "(gardé)",
    suggestion: "Essayez : {s}",
    ready: "Prêt à jouer : {cards} cartes.",
    not_ready: "Pas encore jouable : {n} erreur(s) à corriger.",
    public: "Lecture publique (lien à partager, sans modification)",
    public_link: "Lien de lecture",
    edit_link: "Lien de modification (gardez-le pour vous)",
    export: "Exporter",
    print: "Imprimer (PDF)",
    use: "Jouer avec ce paquet",
    use_duel: "Nouveau duel",
    use_teams: "Match en équipes",
    use_class: "Classe (projecteur)",
    preview: "Aperçu sur un téléphone",
    read_only: "Lecture seule : ce paquet appartient à quelqu'un d'autre.",
    problems_deck: "Le paquet",
  },
  en: {
    my_decks: "My question decks",
    my_decks_none: "No deck on this browser yet.",
    new_deck: "New deck",
    deck_title: "Title",
    language: "Language",
    level: "Level",
    level_none: "—",
    create_deck: "Create the deck",
    from_file: "Start from a file (TOML, GIFT, Aiken, CSV — a French Excel CSV is fine)",
    from_builtin: "Copy the starter deck",
    editing: "Deck: {title}",
    saved: "Saved",
    saving: "Saving…",
    offline: "No connection: the change will be sent as soon as possible",
    changed_elsewhere: "This deck changed elsewhere (another tab?). Differences: {diff}",
    keep_mine: "Keep my version",
    take_theirs: "Take the other version",
    card_n: "Card {n}",
    card_count: "{count} / 7 questions",
    question_n: "Question {n}",
    q_text: "Question",
    q_answer: "Right answer",
    q_wrong1: "Wrong answer 1",
    q_wrong2: "Wrong answer 2",
    q_difficulty: "Difficulty",
    diff_1: "1 — easy",
    diff_2: "2 — medium",
    diff_3: "3 — hard",
    q_source: "Source (where to check)",
    q_explanation: "Explanation (optional, shown after the answer)",
    add_question: "Add a question",
    add_hint: "Enter moves to the next field; Alt+N adds a question; Ctrl+Z outside a field undoes.",
    remove: "Remove",
    move_up: "Move up",
    move_down: "Move down",
    drag: "Drag to move",
    undo: "Undo",
    keep: "Keep as it is",
    kept: "(kept)",
    suggestion: "Try: {s}",
    ready: "Ready to play: {cards} cards.",
    not_ready: "Not playable yet: {n} error(s) to fix.",
    public: "Public reading (a link to share, no editing)",
    public_link: "Reading link",
    edit_link: "Editing link (keep it to yourself)",
    export: "Export",
    print: "Print (PDF)",
    use: "Play with this deck",
    use_duel: "New duel",
    use_teams: "Team match",
    use_class: "Classroom (projector)",
    preview: "Preview on a phone",
    read_only: "Read only: this deck belongs to someone else.",
    problems_deck: "The deck",
  },
};

let t = translator(lang, STRINGS, SHELL);

/** The editor's own styles, loaded with it (no other page needs them). */
function styles() {
  if (document.getElementById("decks-css")) return;
  document.head.appendChild(h("link", { rel: "stylesheet", href: "/static/decks.css", id: "decks-css" }));
}
const LEVELS = ["", "primaire", "collège", "lycée", "club", "adultes"];

// --- my decks, remembered by this browser --------------------------------------------------

function mine() {
  try {
    return JSON.parse(load(MINE) || "[]");
  } catch (_) {
    return [];
  }
}

function remember(id, token, title) {
  const list = mine().filter((d) => d.id !== id);
  list.unshift({ id, token: token || (mine().find((d) => d.id === id) || {}).token || null, title });
  store(MINE, JSON.stringify(list.slice(0, 100)));
}

function tokenOf(id) {
  const found = mine().find((d) => d.id === id);
  return found ? found.token : null;
}

function authHeaders(id) {
  const token = tokenOf(id);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

// --- the list page ---------------------------------------------------------------------------

export function decksPage() {
  styles();
  t = translator(lang, STRINGS, SHELL);
  document.title = `${t("my_decks")} · partie`;
  const title = h("input", { id: "deck-new-title", maxlength: "120", required: true, autocomplete: "off" });
  const language = h("select", { id: "deck-new-language" }, h("option", { value: "fr" }, "français"), h("option", { value: "en" }, "English"));
  const level = h("select", { id: "deck-new-level" }, LEVELS.map((l) => h("option", { value: l }, l || t("level_none"))));
  const file = h("input", { type: "file", id: "deck-new-file", accept: ".toml,.txt,.gift,.csv,.json" });
  const start = async (request) => {
    try {
      const made = await request();
      remember(made.id, made.token, made.doc.title);
      location.assign(`/decks/${made.id}`);
    } catch (err) {
      alertLine(err instanceof ApiError ? err.text() : String(err));
    }
  };
  file.addEventListener("change", () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    start(() => fetch(`${API}?name=${encodeURIComponent(chosen.name)}`, { method: "POST", body: chosen }).then(answerOf));
  });
  const form = h(
    "form",
    { class: "card", id: "deck-new" },
    h("h2", null, t("new_deck")),
    h("div", { class: "field" }, h("label", { for: "deck-new-title" }, t("deck_title")), title),
    h("div", { class: "field" }, h("label", { for: "deck-new-language" }, t("language")), language),
    h("div", { class: "field" }, h("label", { for: "deck-new-level" }, t("level")), level),
    h("button", { type: "submit", class: "primary", id: "deck-create" }, t("create_deck")),
    h("div", { class: "field" }, h("label", { for: "deck-new-file" }, t("from_file")), file),
    h("button", { type: "button", id: "deck-from-starter", onclick: () => start(() => api(API, { json: { from: "fr-starter" } })) }, t("from_builtin")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    start(() => api(API, { json: { title: title.value, language: language.value, level: level.value } }));
  });
  const list = mine();
  replaceChildren(
    main,
    h("h1", null, t("my_decks")),
    list.length
      ? h("ul", { id: "my-decks" }, list.map((d) => h("li", null, h("a", { href: `/decks/${d.id}` }, d.title || d.id))))
      : h("p", { class: "muted" }, t("my_decks_none")),
    form,
  );
  onLanguage(decksPage);
}

// --- the editor --------------------------------------------------------------------------------

/** A link `/decks/ID#edit=TOKEN` carries the edit right to another device: kept, then
 * wiped from the address bar (the fragment never reaches the server). */
function adoptEditLink(id) {
  const found = /(?:^#|&)edit=([A-Za-z0-9_-]{16,64})/.exec(location.hash);
  if (!found) return;
  remember(id, found[1], "");
  history.replaceState(null, "", location.pathname);
}

export async function deckEditor(id) {
  styles();
  t = translator(lang, STRINGS, SHELL);
  adoptEditLink(id);
  let loaded;
  try {
    loaded = await api(`${API}/${id}`, { headers: { Accept: "application/json", ...authHeaders(id) } });
  } catch (err) {
    replaceChildren(main, h("p", { class: "alert error", role: "alert" }, err instanceof ApiError ? err.text() : String(err)), h("a", { href: "/decks", class: "button small" }, t("my_decks")));
    return;
  }
  new Editor(id, loaded).render();
}

class Editor {
  constructor(id, loaded) {
    this.id = id;
    this.version = loaded.version;
    this.doc = loaded.doc;
    this.editable = loaded.editable;
    this.history = [];
    this.report = null;
    this.saveTimer = null;
    this.checkTimer = null;
    this.saving = false;
    this.dirty = false;
    this.dragFrom = null;
    if (this.editable) remember(id, null, this.doc.title);
    this.status = h("p", { id: "deck-status", class: "muted", "aria-live": "polite" });
    this.summary = h("p", { id: "deck-summary", "aria-live": "polite" });
    this.deckProblems = h("ul", { id: "deck-problems", class: "deck-problems" });
    this.conflict = h("div", { id: "deck-conflict", role: "alert", hidden: true });
    this.cards = h("div", { id: "deck-cards" });
    document.addEventListener("keydown", (event) => this.onKey(event));
    onLanguage(() => {
      t = translator(lang, STRINGS, SHELL);
      this.render();
    });
  }

  // -- changes ------------------------------------------------------------------------

  change(mutate, { rerender = false } = {}) {
    this.history.push(JSON.stringify(this.doc));
    if (this.history.length > 200) this.history.shift();
    mutate(this.doc);
    this.dirty = true;
    if (rerender) this.render();
    this.scheduleCheck();
    this.scheduleSave();
  }

  undo() {
    const before = this.history.pop();
    if (!before) return;
    this.doc = JSON.parse(before);
    this.dirty = true;
    this.render();
    this.scheduleSave();
  }

  scheduleSave() {
    clearTimeout(this.saveTimer);
    this.status.textContent = t("saving");
    this.saveTimer = setTimeout(() => this.save(), 500);
  }

  async save() {
    if (!this.editable || this.saving || !this.dirty) return;
    this.saving = true;
    this.dirty = false;
    try {
      const saved = await api(`${API}/${this.id}`, {
        method: "PUT",
        headers: { Accept: "application/json", ...authHeaders(this.id) },
        json: { version: this.version, doc: this.doc },
      });
      this.version = saved.version;
      this.status.textContent = t("saved");
      remember(this.id, null, this.doc.title);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.body.current) {
        this.showConflict(err.body.current);
      } else if (err instanceof ApiError) {
        this.status.textContent = err.text();
      } else {
        this.dirty = true;
        this.status.textContent = t("offline");
        clearTimeout(this.saveTimer);
        this.saveTimer = setTimeout(() => this.save(), 3000);
      }
    } finally {
      this.saving = false;
      if (this.dirty) this.scheduleSave();
    }
  }

  showConflict(current) {
    const theirs = current.doc.questions;
    const ours = this.doc.questions;
    const diff = [];
    for (let i = 0; i < Math.max(theirs.length, ours.length); i++) {
      if (JSON.stringify(theirs[i]) !== JSON.stringify(ours[i])) diff.push(t("question_n", { n: i + 1 }));
    }
    if (current.doc.title !== this.doc.title) diff.unshift(t("deck_title"));
    this.conflict.hidden = false;
    replaceChildren(
      this.conflict,
      h("p", { class: "alert error" }, t("changed_elsewhere", { diff: diff.join(", ") || "—" })),
      h("button", { type: "button", id: "deck-keep-mine", onclick: () => {
        this.version = current.version;
        this.conflict.hidden = true;
        this.dirty = true;
        this.save();
      } }, t("keep_mine")),
      " ",
      h("button", { type: "button", id: "deck-take-theirs", onclick: () => {
        this.version = current.version;
        this.doc = current.doc;
        this.conflict.hidden = true;
        this.render();
      } }, t("take_theirs")),
    );
    this.status.textContent = "";
  }

  scheduleCheck() {
    clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => this.check(), 250);
  }

  async check() {
    try {
      this.report = await api(`${API}/check`, { json: this.doc });
    } catch (err) {
      return;
    }
    this.showProblems();
  }

  // -- drawing --------------------------------------------------------------------------

  render() {
    document.title = `${this.doc.title || this.id} · partie`;
    const title = h("input", { id: "deck-title", value: this.doc.title, maxlength: "120", disabled: !this.editable, "aria-describedby": "deck-title-problems" });
    title.addEventListener("input", () => this.change((d) => (d.title = title.value)));
    const language = h("select", { id: "deck-language", disabled: !this.editable }, ["fr", "en"].map((l) => h("option", { value: l, selected: this.doc.language === l }, l === "fr" ? "français" : "English")));
    language.addEventListener("change", () => this.change((d) => (d.language = language.value)));
    const level = h("select", { id: "deck-level", disabled: !this.editable }, LEVELS.map((l) => h("option", { value: l, selected: this.doc.level === l }, l || t("level_none"))));
    level.addEventListener("change", () => this.change((d) => (d.level = level.value)));
    const isPublic = h("input", { type: "checkbox", id: "deck-public", checked: Boolean(this.doc.public), disabled: !this.editable });
    isPublic.addEventListener("change", () => this.change((d) => (d.public = isPublic.checked), { rerender: true }));
    const links = [];
    const base = `${location.origin}/decks/${this.id}`;
    if (this.editable && tokenOf(this.id)) links.push(h("p", null, `${t("edit_link")} : `, h("code", { id: "deck-edit-link" }, `${base}#edit=${tokenOf(this.id)}`)));
    if (this.doc.public) links.push(h("p", null, `${t("public_link")} : `, h("code", { id: "deck-public-link" }, base)));
    const head = h(
      "section",
      { class: "card", id: "deck-head" },
      h("h1", null, t("editing", { title: this.doc.title || this.id })),
      this.editable ? null : h("p", { class: "alert" }, t("read_only")),
      h("div", { class: "field" }, h("label", { for: "deck-title" }, t("deck_title")), title, h("ul", { id: "deck-title-problems", class: "problems" })),
      h("div", { class: "row deck-row" }, h("label", { for: "deck-language" }, t("language")), language, h("label", { for: "deck-level" }, t("level")), level),
      h("div", { class: "field" }, isPublic, h("label", { for: "deck-public" }, t("public"))),
      ...links,
      this.status,
      this.conflict,
    );
    const tools = h(
      "section",
      { class: "card", id: "deck-tools" },
      this.summary,
      this.deckProblems,
      h("p", { class: "help keys-help" }, t("add_hint")),
      this.editable ? h("button", { type: "button", id: "deck-add-top", onclick: () => this.addQuestion() }, t("add_question")) : null,
      this.editable ? h("button", { type: "button", id: "deck-undo", onclick: () => this.undo() }, t("undo")) : null,
      h("span", { class: "deck-exports" }, `${t("export")} : `, ...["toml", "gift", "aiken", "csv"].map((f) => h("button", { type: "button", class: "small", "data-export": f, onclick: () => this.download(`export/${f}`, `${this.id}.${f === "toml" || f === "csv" ? f : `${f}.txt`}`) }, f.toUpperCase()))),
      h("button", { type: "button", id: "deck-print", class: "small", onclick: () => this.download(`print.pdf?lang=${lang}`, `${this.id}.pdf`) }, t("print")),
      h(
        "div",
        { id: "deck-use" },
        h("strong", null, `${t("use")} : `),
        h("button", { type: "button", id: "deck-use-duel", onclick: () => this.use("duel") }, t("use_duel")),
        h("button", { type: "button", id: "deck-use-teams", onclick: () => this.use("teams") }, t("use_teams")),
        h("button", { type: "button", id: "deck-use-class", onclick: () => this.use("class") }, t("use_class")),
      ),
    );
    this.drawCards();
    const add = this.editable ? h("button", { type: "button", class: "primary", id: "deck-add", onclick: () => this.addQuestion() }, t("add_question")) : null;
    replaceChildren(main, head, tools, this.cards, add);
    this.scheduleCheck();
    this.status.textContent = this.dirty ? t("saving") : t("saved");
  }

  drawCards() {
    const questions = this.doc.questions;
    const cards = [];
    for (let start = 0; start < Math.max(questions.length, 1); start += PER_CARD) {
      const slice = questions.slice(start, start + PER_CARD);
      cards.push(
        h(
          "section",
          { class: "card deck-card", "data-card": String(start / PER_CARD + 1) },
          h("h2", null, t("card_n", { n: start / PER_CARD + 1 }), " ", h("span", { class: "muted" }, t("card_count", { count: slice.length }))),
          slice.map((q, i) => this.questionBox(q, start + i)),
        ),
      );
    }
    replaceChildren(this.cards, ...cards);
  }

  questionBox(q, index) {
    const id = (name) => `q${index}-${name}`;
    const field = (name, label, input) =>
      h("div", { class: "field" }, h("label", { for: id(name) }, label), input, h("ul", { class: "problems", id: id(`${name}-problems`) }));
    const text = (name, value, set, multiline = false) => {
      const input = h(multiline ? "textarea" : "input", { id: id(name), "data-field": name, maxlength: "500", rows: multiline ? "2" : null, disabled: !this.editable, "aria-describedby": id(`${name}-problems`) });
      input.value = value;
      input.addEventListener("input", () => this.change((d) => set(d.questions[index], input.value)));
      return input;
    };
    const difficulty = h("select", { id: id("difficulty"), "data-field": "difficulty", disabled: !this.editable }, [1, 2, 3].map((n) => h("option", { value: String(n), selected: q.difficulty === n }, t(`diff_${n}`))));
    difficulty.addEventListener("change", () => this.change((d) => (d.questions[index].difficulty = Number(difficulty.value))));
    const box = h(
      "fieldset",
      { class: "deck-question", "data-question": String(index), draggable: this.editable ? "true" : "false" },
      h(
        "legend",
        null,
        this.editable ? h("span", { class: "drag", "aria-hidden": "true", title: t("drag") }, "⠿ ") : null,
        t("question_n", { n: index + 1 }),
      ),
      field("text", t("q_text"), text("text", q.text, (x, v) => (x.text = v), true)),
      field("answer", t("q_answer"), text("answer", q.answer, (x, v) => (x.answer = v))),
      field("wrong", t("q_wrong1"), text("wrong0", q.wrong[0], (x, v) => (x.wrong[0] = v))),
      h("div", { class: "field" }, h("label", { for: id("wrong1") }, t("q_wrong2")), text("wrong1", q.wrong[1], (x, v) => (x.wrong[1] = v))),
      field("difficulty", t("q_difficulty"), difficulty),
      field("source", t("q_source"), text("source", q.source, (x, v) => (x.source = v))),
      field("explanation", t("q_explanation"), text("explanation", q.explanation, (x, v) => (x.explanation = v))),
      this.editable
        ? h(
            "div",
            { class: "row" },
            h("button", { type: "button", class: "small", "data-move": "up", disabled: index === 0, onclick: () => this.move(index, index - 1) }, t("move_up")),
            h("button", { type: "button", class: "small", "data-move": "down", disabled: index === this.doc.questions.length - 1, onclick: () => this.move(index, index + 1) }, t("move_down")),
            h("button", { type: "button", class: "small", "data-remove": String(index), onclick: () => this.change((d) => d.questions.splice(index, 1), { rerender: true }) }, t("remove")),
            h("details", { class: "deck-preview" }, h("summary", null, t("preview")), this.phonePreview(q)),
          )
        : null,
    );
    // Enter goes to the next field of the question (a new line needs Shift+Enter).
    box.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || event.shiftKey || !event.target.matches("input, textarea, select")) return;
      event.preventDefault();
      const fields = [...box.querySelectorAll("input, textarea, select")];
      const next = fields[fields.indexOf(event.target) + 1];
      if (next) next.focus();
      else this.addQuestion();
    });
    box.addEventListener("dragstart", (event) => {
      this.dragFrom = index;
      event.dataTransfer.effectAllowed = "move";
    });
    box.addEventListener("dragover", (event) => event.preventDefault());
    box.addEventListener("drop", (event) => {
      event.preventDefault();
      if (this.dragFrom !== null && this.dragFrom !== index) this.move(this.dragFrom, index);
      this.dragFrom = null;
    });
    return box;
  }

  phonePreview(q) {
    return h(
      "div",
      { class: "phone-preview" },
      h("p", null, q.text),
      [q.answer, ...q.wrong].map((c, i) => h("span", { class: "button small" }, `${"ABC"[i]}. ${c}`)),
    );
  }

  move(from, to) {
    if (to < 0 || to >= this.doc.questions.length) return;
    this.change((d) => {
      const [q] = d.questions.splice(from, 1);
      d.questions.splice(to, 0, q);
    }, { rerender: true });
    const moved = main.querySelector(`[data-question="${to}"] legend`);
    if (moved) moved.scrollIntoView({ block: "nearest" });
  }

  addQuestion() {
    this.change((d) => d.questions.push({ text: "", answer: "", wrong: ["", ""], difficulty: 2, source: "", explanation: "" }), { rerender: true });
    const field = main.querySelector(`#q${this.doc.questions.length - 1}-text`);
    if (field) field.focus();
  }

  onKey(event) {
    if (!this.editable || !main.querySelector("#deck-cards")) return;
    if (event.altKey && (event.key === "n" || event.key === "N")) {
      event.preventDefault();
      this.addQuestion();
    } else if ((event.ctrlKey || event.metaKey) && event.key === "z" && !event.target.matches("input, textarea")) {
      event.preventDefault();
      this.undo();
    }
  }

  showProblems() {
    const report = this.report;
    if (!report) return;
    for (const list of main.querySelectorAll("ul.problems")) replaceChildren(list);
    const deckItems = [];
    const place = (p) => {
      const field = p.field === "wrong" ? "wrong" : p.field;
      const list = p.question === null ? null : main.querySelector(`#q${p.question}-${field}-problems`);
      const item = h(
        "li",
        { class: `problem ${p.level}${p.kept ? " kept" : ""}`, "data-key": p.key || "" },
        pick(p, lang),
        p.kept ? ` ${t("kept")}` : "",
        p.suggestion ? h("span", { class: "suggestion" }, " ", t("suggestion", { s: p.suggestion.join(" / ") })) : null,
        p.level === "warning" && p.key && !p.kept && this.editable
          ? h("button", { type: "button", class: "tiny", onclick: () => this.change((d) => d.kept.push(p.key)) }, t("keep"))
          : null,
      );
      if (list) list.appendChild(item);
      else if (p.field === "title") main.querySelector("#deck-title-problems").appendChild(item);
      else deckItems.push(item);
    };
    for (const p of [...report.errors, ...report.warnings]) place(p);
    replaceChildren(this.deckProblems, ...deckItems);
    this.summary.textContent = report.ready ? t("ready", { cards: report.cards }) : t("not_ready", { n: report.errors.length });
    for (const input of main.querySelectorAll("[aria-describedby]")) {
      const list = document.getElementById(input.getAttribute("aria-describedby"));
      input.setAttribute("aria-invalid", list && list.querySelector(".error") ? "true" : "false");
    }
  }

  async download(path, filename) {
    const response = await fetch(`${API}/${this.id}/${path}`, { headers: authHeaders(this.id) });
    if (!response.ok) {
      const body = await response.json().catch(() => null);
      alertLine(body ? pick(body, lang) : `HTTP ${response.status}`);
      return;
    }
    const blob = await response.blob();
    const link = h("a", { href: URL.createObjectURL(blob), download: filename });
    document.body.appendChild(link);
    link.click();
    link.remove();
  }

  async use(kind) {
    await this.save();
    try {
      const deck = await api(`${API}/${this.id}/use`, { headers: { Accept: "application/json", ...authHeaders(this.id) }, json: {} });
      const players = kind === "teams" ? 4 : 2;
      const created = await api("/api/tables", { json: { game: "tennis-quizz", options: { deck: deck.deck, players }, seats: [] } });
      store(ownerKey(created.code), created.owner_token);
      location.assign(kind === "class" ? `/static/games/tennis-quizz-host.html?table=${created.code}` : `/t/${created.code}`);
    } catch (err) {
      alertLine(err instanceof ApiError ? err.text() : String(err));
    }
  }
}
