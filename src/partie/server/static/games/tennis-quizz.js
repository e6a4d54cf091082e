// Tennis Quizz's screen: the score board (points, games, sets, who serves), the question
// in play, and what this seat may do now. The server's side sees the question with its
// right answer (as on the paper card); the receiver sees the question and the three
// choices, or an answer field for a pro. Referee and teacher tables show the question to
// read and the scorer's buttons. It renders only from the view and the `legal` list.

import { h, replaceChildren } from "../dom.js";
import { botLabel } from "../i18n.js";

export const strings = {
  fr: {
    tq_board: "Tableau de marque",
    tq_side: "Côté",
    tq_team: "Équipe {x}",
    tq_sets: "Sets",
    tq_set_n: "Set {n}",
    tq_games: "Jeux",
    tq_points: "Points",
    tq_serves: "● au service",
    tq_receives: "à la relance",
    tq_won: "★ vainqueur",
    tq_call: "Score du jeu : {call}",
    tq_decider: "Jeu décisif — {team} pose la question {n}/7 — bonnes réponses : {a} à {b}",
    tq_decider_tie: "Égalité {n}-{n} au jeu décisif précédent : nouvelles cartes, on recommence à 0-0.",
    tq_final_game: "6-6 : le prochain jeu décide du set (7-6).",
    tq_points_decider: "Jeu décisif : bonnes réponses",
    tq_card: "Carte {card} · question {n}",
    tq_difficulty: "difficulté {d}/3",
    tq_question: "Question",
    tq_right_is: "Bonne réponse : {answer}",
    tq_right_mark: "✓ bonne réponse",
    tq_alternatives: "Aussi accepté : {list}",
    tq_your_answer: "À vous de répondre",
    tq_answer_keys: "Touches A, B, C (ou 1, 2, 3) pour répondre.",
    tq_open_label: "Votre réponse (sans les choix : vous jouez en pro)",
    tq_send: "Répondre",
    tq_dont_know: "Je ne sais pas",
    tq_waiting_answer: "{name} répond…",
    tq_waiting_server: "{team} choisit son serveur…",
    tq_waiting_answerer: "{team} choisit qui répond…",
    tq_waiting_ask: "{name} choisit la question…",
    tq_waiting_ruling: "{name} tranche la réponse…",
    tq_pick_server: "Votre équipe sert : qui pose les questions de ce jeu ?",
    tq_pick_answerer: "Votre équipe relance : qui répond à ce point ?",
    tq_serves_btn: "{name} sert",
    tq_answers_btn: "{name} répond",
    tq_pick_question: "Tactique : choisissez la question à poser",
    tq_ask_btn: "Poser la question {n}",
    tq_asked: "déjà posée",
    tq_ruling: "Réponse donnée : « {given} » — jugée {judged}. Vous pouvez corriger.",
    tq_ruling_wait: "Réponse donnée : « {given} » — jugée {judged}.",
    tq_judged_right: "juste",
    tq_judged_wrong: "fausse",
    tq_accept: "✓ Accorder (bonne réponse)",
    tq_refuse: "✗ Refuser (mauvaise réponse)",
    tq_last: "Dernier point",
    tq_last_right: "✓ Juste",
    tq_last_wrong: "✗ Faux",
    tq_last_line: "{who} : « {given} ». Bonne réponse : {answer}.",
    tq_overruled: "(corrigé par le serveur)",
    tq_over: "Match terminé",
    tq_winner: "Victoire : {name}",
    tq_by_set: "Score par set : {sets}",
    tq_report: "Questions posées",
    tq_report_csv: "Télécharger (CSV)",
    tq_report_loading: "Chargement de la liste…",
    tq_col_n: "n°",
    tq_col_set: "set",
    tq_col_who: "qui répond",
    tq_col_question: "question",
    tq_col_given: "réponse donnée",
    tq_col_answer: "bonne réponse",
    tq_col_right: "juste ?",
    tq_yes: "✓ oui",
    tq_no: "✗ non",
    tq_missed_only: "Seulement les questions manquées",
    tq_read_next: "À lire : {team} sert — carte n°{card}, question {n}",
    tq_read_choice: "À lire : {team} sert — carte n°{card}, question au choix",
    tq_read_decider: "Jeu décisif : {team} pose — carte n°{card}, question {n}/7",
    tq_point_server: "Point pour {team} (au service : mauvaise réponse)",
    tq_point_receiver: "Point pour {team} (à la relance : bonne réponse)",
    tq_good: "✓ Bonne réponse : point pour {team}",
    tq_bad: "✗ Mauvaise réponse : point pour {team}",
    tq_undo: "↶ Annuler le dernier point",
    tq_key: " — touche {k}",
    tq_decider_good: "✓ Bonne réponse : {team}",
    tq_decider_bad: "✗ Mauvaise réponse : {team}",
    tq_show_answer: "Afficher la réponse",
    tq_show_answer_projector: "Afficher la réponse (la classe la verra)",
    tq_read_teacher: "{team} sert : lisez la question ci-dessous, la réponse de l'autre équipe se dit à voix haute.",
    tq_pupil_teacher: "{team} sert : écoutez la question, {other} répond à voix haute.",
    tq_pupil_referee: "{team} sert : l'arbitre compte les points.",
    // Teams named by the scorer ("Les Aigles"): no verb whose agreement the name decides.
    tq_decider_named: "Jeu décisif — questions posées par {team} : {n}/7 — bonnes réponses : {a} à {b}",
    tq_read_next_named: "À lire — au service : {team} — carte n°{card}, question {n}",
    tq_read_choice_named: "À lire — au service : {team} — carte n°{card}, question au choix",
    tq_read_decider_named: "Jeu décisif — questions posées par {team} — carte n°{card}, question {n}/7",
    tq_read_teacher_named: "Au service : {team}. Lisez la question ci-dessous ; l'autre équipe répond à voix haute.",
    tq_pupil_teacher_named: "Au service : {team}. Écoutez la question ; réponse à voix haute : {other}.",
    tq_pupil_referee_named: "Au service : {team}. L'arbitre compte les points.",
    tq_no_answer: "(ne sait pas)",
    tq_teacher_help: "Cliquez « Bonne réponse » si l'équipe qui relance a bien répondu, sinon « Mauvaise réponse » ; la question suivante s'affiche.",
    tq_hide_answer: "Cacher la réponse",
    tq_scorer_help: "Touchez le côté qui gagne le point ; l'appli dit la carte et la question suivantes.",
    tq_you: "vous",
    tq_away: "absent",
    tq_bot: "{bot}",
    tq_seat_of: "{name} (place {n})",
    tq_pro: "pro",
    tq_spectator: "Vous regardez le match.",
    tq_stale_server: "Trop tard : {name} a choisi {chosen} pour servir ce jeu.",
    tq_stale_answerer: "Trop tard : {name} a choisi {chosen} pour répondre.",
    tq_stale_other: "Trop tard : {name} a joué juste avant vous.",
    tq_stale_end: " Votre choix n'a pas été joué.",
    tq_referee_name: "Arbitre",
    tq_teacher_name: "Enseignant",
  },
  en: {
    tq_board: "Score board",
    tq_side: "Side",
    tq_team: "Team {x}",
    tq_sets: "Sets",
    tq_set_n: "Set {n}",
    tq_games: "Games",
    tq_points: "Points",
    tq_serves: "● serving",
    tq_receives: "receiving",
    tq_won: "★ winner",
    tq_call: "Game score: {call}",
    tq_decider: "Jeu décisif (deciding game) — {team} asks question {n}/7 — right answers: {a} to {b}",
    tq_decider_tie: "A {n}-{n} tie in the previous jeu décisif: new cards, back to 0-0.",
    tq_final_game: "6-6: the next game decides the set (7-6).",
    tq_points_decider: "Jeu décisif: right answers",
    tq_card: "Card {card} · question {n}",
    tq_difficulty: "difficulty {d}/3",
    tq_question: "Question",
    tq_right_is: "Right answer: {answer}",
    tq_right_mark: "✓ right answer",
    tq_alternatives: "Also accepted: {list}",
    tq_your_answer: "Your turn to answer",
    tq_answer_keys: "Keys A, B, C (or 1, 2, 3) to answer.",
    tq_open_label: "Your answer (no choices: you play as a pro)",
    tq_send: "Answer",
    tq_dont_know: "I don't know",
    tq_waiting_answer: "{name} is answering…",
    tq_waiting_server: "{team} is picking its server…",
    tq_waiting_answerer: "{team} is picking who answers…",
    tq_waiting_ask: "{name} is picking the question…",
    tq_waiting_ruling: "{name} is ruling on the answer…",
    tq_pick_server: "Your team serves: who asks the questions of this game?",
    tq_pick_answerer: "Your team receives: who answers this point?",
    tq_serves_btn: "{name} serves",
    tq_answers_btn: "{name} answers",
    tq_pick_question: "Tactique: pick the question to ask",
    tq_ask_btn: "Ask question {n}",
    tq_asked: "already asked",
    tq_ruling: "Answer given: “{given}” — judged {judged}. You may overrule.",
    tq_ruling_wait: "Answer given: “{given}” — judged {judged}.",
    tq_judged_right: "right",
    tq_judged_wrong: "wrong",
    tq_accept: "✓ Accept (right answer)",
    tq_refuse: "✗ Refuse (wrong answer)",
    tq_last: "Last point",
    tq_last_right: "✓ Right",
    tq_last_wrong: "✗ Wrong",
    tq_last_line: "{who}: “{given}”. Right answer: {answer}.",
    tq_overruled: "(overruled by the server)",
    tq_over: "Match over",
    tq_winner: "Winner: {name}",
    tq_by_set: "Score by set: {sets}",
    tq_report: "Questions asked",
    tq_report_csv: "Download (CSV)",
    tq_report_loading: "Loading the list…",
    tq_col_n: "no.",
    tq_col_set: "set",
    tq_col_who: "who answered",
    tq_col_question: "question",
    tq_col_given: "answer given",
    tq_col_answer: "right answer",
    tq_col_right: "right?",
    tq_yes: "✓ yes",
    tq_no: "✗ no",
    tq_missed_only: "Missed questions only",
    tq_read_next: "To read: {team} serves — card no. {card}, question {n}",
    tq_read_choice: "To read: {team} serves — card no. {card}, question of their choice",
    tq_read_decider: "Jeu décisif: {team} asks — card no. {card}, question {n}/7",
    tq_point_server: "Point to {team} (serving: wrong answer)",
    tq_point_receiver: "Point to {team} (receiving: right answer)",
    tq_good: "✓ Right answer: point to {team}",
    tq_bad: "✗ Wrong answer: point to {team}",
    tq_undo: "↶ Undo the last point",
    tq_key: " — key {k}",
    tq_decider_good: "✓ Right answer: {team}",
    tq_decider_bad: "✗ Wrong answer: {team}",
    tq_show_answer: "Show the answer",
    tq_show_answer_projector: "Show the answer (the class will see it)",
    tq_read_teacher: "{team} serves: read the question below; the other team answers aloud.",
    tq_pupil_teacher: "{team} serves: listen to the question, {other} answers aloud.",
    tq_pupil_referee: "{team} serves: the referee keeps the score.",
    tq_decider_named: "Jeu décisif (deciding game) — questions asked by {team}: {n}/7 — right answers: {a} to {b}",
    tq_read_next_named: "To read — serving: {team} — card no. {card}, question {n}",
    tq_read_choice_named: "To read — serving: {team} — card no. {card}, question of their choice",
    tq_read_decider_named: "Jeu décisif — questions asked by {team} — card no. {card}, question {n}/7",
    tq_read_teacher_named: "Serving: {team}. Read the question below; the other team answers aloud.",
    tq_pupil_teacher_named: "Serving: {team}. Listen to the question; answering aloud: {other}.",
    tq_pupil_referee_named: "Serving: {team}. The referee keeps the score.",
    tq_no_answer: "(does not know)",
    tq_teacher_help: "Click “Right answer” when the receiving team answered right, else “Wrong answer”; the next question shows.",
    tq_hide_answer: "Hide the answer",
    tq_scorer_help: "Tap the side that wins the point; the app says the next card and question.",
    tq_you: "you",
    tq_away: "away",
    tq_bot: "{bot}",
    tq_seat_of: "{name} (seat {n})",
    tq_pro: "pro",
    tq_spectator: "You are watching the match.",
    tq_stale_server: "Too late: {name} chose {chosen} to serve this game.",
    tq_stale_answerer: "Too late: {name} chose {chosen} to answer.",
    tq_stale_other: "Too late: {name} played just before you.",
    tq_stale_end: " Your choice was not played.",
    tq_referee_name: "Referee",
    tq_teacher_name: "Teacher",
  },
};

const LETTERS = ["A", "B", "C"];

let ctx = null;
let t = (key) => key;
let els = null;
let msg = null;
let pending = false;
let showAnswer = false;
let report = null;
let reportFor = null;
let missedOnly = false;
let keysBound = false;

/** Called once by the shell (or the classroom page, with `ctx.projector`). */
export function mount(root, context) {
  ctx = context;
  t = ctx.t;
  msg = null;
  pending = false;
  showAnswer = false;
  shownScore = null;
  report = null;
  reportFor = null;
  ensureStyle();
  els = {
    board: h("section", { class: "tq-board-box", id: "tq-board", "aria-label": t("tq_board") }),
    status: h("p", { class: "tq-status", id: "tq-status", "aria-live": "polite" }),
    play: h("section", { class: "tq-play", id: "tq-play" }),
    message: h("p", { class: "tq-message", id: "tq-message", role: "alert" }),
    last: h("section", { class: "tq-last", id: "tq-last", "aria-live": "polite" }),
    end: h("section", { class: "tq-end card", id: "tq-end", hidden: true }),
  };
  // The projector puts the question beside the score board (a wide screen shows both
  // without scrolling); a phone reads them one under the other.
  const box = ctx.projector
    ? h(
        "div",
        { class: "tq tq-projector" },
        h("div", { class: "tq-side" }, els.board, els.last),
        h("div", { class: "tq-main" }, els.status, els.play, els.message),
        els.end,
      )
    : h("div", { class: "tq" }, els.board, els.status, els.play, els.message, els.last, els.end);
  root.appendChild(box);
  if (!keysBound) {
    // On the document, so the keys work wherever the focus is (not in a text field).
    document.addEventListener("keydown", onKey);
    keysBound = true;
  }
}

/** Every `table` message, and refusals (returns true when it showed one). */
export function update(message) {
  if (!els) return false;
  if (message.type === "refused") {
    if (message.ref !== "act") return false;
    pending = false;
    els.message.textContent = staleText(message) || message[ctx.lang] || message.fr || message.code;
    render();
    return true;
  }
  if (message.type !== "table" || !message.view) return false;
  if (msg && msg.version !== message.version) {
    els.message.textContent = "";
    showAnswer = false;
  }
  msg = { ...message, view: openView(message.view) };
  pending = false;
  render();
  return false;
}

/** The replay's all-open step, `{seats: [view per seat], public}`: shown as the serving
 * side sees it (the question with its answer), or as the scorer sees it. */
function openView(v) {
  if (!v || !v.public || !Array.isArray(v.seats)) return v;
  const pub = v.public;
  if (pub.mode === "teacher" || pub.mode === "referee") return v.seats[0] || pub;
  if (pub.serving === null || pub.serving === undefined || !pub.teams) return pub;
  return v.seats[pub.teams[pub.serving][0]] || pub;
}

/** "Too late": a teammate tapped first. Said with names (who chose whom), from the
 * table message that came just before the refusal, rather than seat numbers. */
function staleText(message) {
  if (message.code !== "stale" || !msg || !msg.last || !msg.last.action) return null;
  const last = msg.last;
  if (last.seat === null || last.seat === undefined || last.seat === mySeat()) return null;
  const name = seatName(last.seat, true);
  const action = last.action;
  let text;
  if (action.type === "server" && action.seat !== undefined) text = t("tq_stale_server", { name, chosen: seatName(action.seat, true) });
  else if (action.type === "answerer" && action.seat !== undefined) text = t("tq_stale_answerer", { name, chosen: seatName(action.seat, true) });
  else text = t("tq_stale_other", { name });
  return text + t("tq_stale_end");
}

// --- facts from the view --------------------------------------------------------------

function view() {
  return msg.view;
}

function mySeat() {
  return ctx.seat === undefined || ctx.readOnly ? null : ctx.seat;
}

/** A seat's name; `bare` leaves out "(absent)" (the last point, the report). */
function seatName(seat, bare = false) {
  const info = (msg.table.seats || []).find((s) => s.seat === seat);
  // The scorer's seat is named by the classroom page in the language it had then:
  // said in this page's language ("Arbitre" on a French page, "Referee" in English).
  if (!isMode("match") && seat === 0 && info && ["Arbitre", "Referee", "Enseignant", "Teacher"].includes(info.name)) {
    return t(isMode("referee") ? "tq_referee_name" : "tq_teacher_name");
  }
  // A bot says it is one and its level ("Robot débutant"), as on the other games' screens.
  let name = info && info.kind === "bot" ? t("tq_bot", { bot: botLabel(info, ctx.lang) }) : info && info.name ? info.name : `${seat + 1}`;
  // Two seats of one name (a bot of the same level on each team) say which place is meant.
  const same = (msg.table.seats || []).filter((s) => s.seat !== seat && s.kind === info?.kind && (s.bot || s.name) === (info?.bot || info?.name));
  if (info && same.length) name = t("tq_seat_of", { name, n: seat + 1 });
  // A phone closed or asleep: the projector and the other side see it at once.
  if (info && info.kind === "person" && info.connected === false && !bare && !ctx.readOnly && !msg.replay) name = `${name} (${t("tq_away")})`;
  return seat === mySeat() ? `${name} (${t("tq_you")})` : name;
}

/** A side's name; `bare` leaves out "(absent)" (the winner line, the report). */
function teamName(side, bare = false) {
  const v = view();
  const letter = LETTERS[side];
  // Referee and teacher tables: the teams as the scorer named them, else "Équipe A".
  if (!v.teams) return (v.team_names && v.team_names[side]) || t("tq_team", { x: letter });
  const names = v.teams[side].map((s) => seatName(s, bare)).join(", ");
  // One against one: the player is the side, "Équipe A · Alice" would say it twice.
  if (v.teams[0].length === 1 && v.teams[1].length === 1) return names;
  // "Équipe A · Léa (vous)": the players' names carry their own brackets; the team and
  // its first name stay on one line on a narrow board.
  return `${t("tq_team", { x: letter })}\u00a0·\u00a0${names}`;
}

/** A line naming a side as its subject: the verbless form when the scorer named the
 * teams ("Les Aigles sert" would be wrong French), the usual one otherwise. */
function said(key, params) {
  const v = view();
  return t(v.team_names && !v.teams ? `${key}_named` : key, params);
}

function isMode(mode) {
  return (view().mode || "match") === mode;
}

function can(type) {
  return (msg.legal || []).filter((a) => a.type === type);
}

function send(action) {
  if (pending) return;
  els.message.textContent = "";
  // The connection is down: say that nothing left, rather than grey the buttons until
  // the reconnection as if the answer had gone.
  if (ctx.send(action) === false) {
    els.message.textContent = t("not_sent");
    return;
  }
  pending = true;
}

// --- rendering ------------------------------------------------------------------------

function render() {
  if (!msg) return;
  replaceChildren(els.board, scoreBoard());
  if (isMode("match")) renderMatch();
  else renderScorer();
  renderLast();
  renderEnd();
}

/** The score last drawn, to tell which side has just won a point (its row lights up
 * for a moment: the board, not a sentence, says who scored). */
let shownScore = null;

function pointWinner(before, now) {
  if (!before) return null;
  if (now.sets.length > before.sets.length) {
    const last = now.sets[now.sets.length - 1];
    return last[0] > last[1] ? 0 : 1;
  }
  const up = (key) => [0, 1].find((side) => now[key][side] > before[key][side]);
  const same = (key) => now[key][0] === before[key][0] && now[key][1] === before[key][1];
  if (!same("games")) return up("games") ?? null;
  return up("right") ?? up("raw") ?? null;
}

/** The paper score board: one row per side, sets, games, points, who serves. */
function scoreBoard() {
  const v = view();
  const score = v.score;
  const now = { sets: score.sets || [], games: score.games || [0, 0], raw: score.raw_points || [0, 0], right: v.decider ? v.decider.right : [0, 0] };
  const key = JSON.stringify(now);
  const scored = shownScore && shownScore.key !== key ? pointWinner(shownScore.now, now) : null;
  if (!shownScore || shownScore.key !== key) shownScore = { key, now };
  const sets = score.sets || [];
  const head = [
    h("th", { scope: "col" }, t("tq_side")),
    ...sets.map((_, i) => h("th", { scope: "col" }, t("tq_set_n", { n: i + 1 }))),
    v.over ? null : h("th", { scope: "col" }, t("tq_games")),
    v.over ? null : h("th", { scope: "col" }, v.decider ? h("abbr", { title: t("tq_points_decider") }, t("tq_points")) : t("tq_points")),
  ];
  const rows = [0, 1].map((side) => {
    const serving = v.serving === side;
    const won = score.winner === side;
    const marks = [serving ? t("tq_serves") : null, won ? t("tq_won") : null].filter(Boolean).join(" ");
    return h(
      "tr",
      { class: `${serving ? "tq-serving" : ""} ${won ? "tq-winner" : ""}${scored === side ? " point-won" : ""}`, "data-side": side },
      h("th", { scope: "row" }, h("span", { class: "tq-team" }, teamName(side)), marks ? h("span", { class: "tq-mark" }, ` ${marks}`) : null),
      ...sets.map((s) => h("td", { class: "tq-set" }, String(s[side]))),
      v.over ? null : h("td", { class: "tq-games" }, String(score.games[side])),
      // During a jeu décisif the Points column counts each side's right answers.
      v.over ? null : h("td", { class: "tq-points" }, String(v.decider ? v.decider.right[side] : score.points[side])),
    );
  });
  const table = h(
    "table",
    { class: "tq-board", id: "tq-score" },
    h("caption", { class: "offscreen" }, t("tq_board")),
    h("thead", null, h("tr", null, head)),
    h("tbody", null, rows),
  );
  const call = v.decider ? deciderLine(v) : v.over ? "" : t("tq_call", { call: ctx.lang === "en" ? v.call_en : v.call });
  const lines = [call ? h("p", { class: "tq-call", id: "tq-call" }, call) : null];
  if (v.decider && v.decider.tie !== null && v.decider.tie !== undefined) lines.push(h("p", { class: "tq-call-note", id: "tq-tie" }, t("tq_decider_tie", { n: v.decider.tie })));
  // 6-6 (the rules, "At 6-6 one normal game decides the set 7-6, unless the jeu
  // décisif variant is on"): said, or a 6-5 → 7-6 would look like a mistake.
  if (!v.over && !v.decider && score.final_game) lines.push(h("p", { class: "tq-call-note", id: "tq-final-game" }, t("tq_final_game")));
  return [table, ...lines];
}

/** The jeu décisif: who asks, which question of the seven, the right answers of each
 * side (each side's count stays on its own row of the Points column too). */
function deciderLine(v) {
  const d = v.decider;
  const asking = d.turn === 0 ? d.first : 1 - d.first;
  // The match counts the question being asked; the referee the questions done.
  const inPlay = isMode("match") && (v.phase === "answer" || v.phase === "ruling");
  const n = Math.min(7, inPlay ? d.asked : (d.asked || 0) + 1);
  return said("tq_decider", { team: teamName(asking), n, a: d.right[asking], b: d.right[1 - asking] });
}

function questionBox(q, { showRight, listChoices = true }) {
  const head = h(
    "p",
    { class: "tq-qhead" },
    t("tq_card", { card: q.card, n: q.number }),
    q.difficulty ? ` · ${t("tq_difficulty", { d: q.difficulty })}` : "",
    q.category ? ` · ${q.category}` : "",
  );
  const items = [head, h("p", { class: "tq-question", id: "tq-question" }, q.text)];
  if (q.choices && listChoices) {
    items.push(
      h(
        "ol",
        { class: "tq-choices", id: "tq-choices" },
        q.choices.map((c, i) => {
          const right = showRight && q.right_choice === i;
          return h(
            "li",
            { class: right ? "tq-right" : "" },
            h("span", { class: "tq-letter" }, `${LETTERS[i]}.`),
            ` ${c}`,
            right ? h("strong", { class: "tq-right-mark" }, ` ${t("tq_right_mark")}`) : null,
          );
        }),
      ),
    );
  }
  if (showRight && q.answer !== undefined) {
    items.push(h("p", { class: "tq-answer", id: "tq-answer" }, t("tq_right_is", { answer: q.answer })));
    if (q.alternatives && q.alternatives.length) {
      items.push(h("p", { class: "help" }, t("tq_alternatives", { list: q.alternatives.join(", ") })));
    }
  }
  return h("div", { class: "tq-qbox card" }, items);
}

function renderMatch() {
  const v = view();
  const me = mySeat();
  const parts = [];
  let status = "";
  if (v.over) {
    replaceChildren(els.play);
    els.status.textContent = "";
    return;
  }
  const mine = me !== null && (v.to_act || []).includes(me);
  if (v.phase === "server") {
    if (mine) {
      status = t("tq_pick_server");
      parts.push(buttonRow(can("server").map((a) => [t("tq_serves_btn", { name: seatName(a.seat) }), a, `tq-server-${a.seat}`])));
    } else status = t("tq_waiting_server", { team: teamName(v.serving) });
  } else if (v.phase === "answerer") {
    if (mine) {
      status = t("tq_pick_answerer");
      parts.push(buttonRow(can("answerer").map((a) => [t("tq_answers_btn", { name: seatName(a.seat) }), a, `tq-answerer-${a.seat}`])));
    } else status = t("tq_waiting_answerer", { team: teamName(1 - v.serving) });
  } else if (v.phase === "ask") {
    if (mine) {
      status = t("tq_pick_question");
      parts.push(cardChoice());
    } else status = t("tq_waiting_ask", { name: seatName(v.server) });
  } else if (v.phase === "answer" && v.question) {
    const q = v.question;
    const answering = me !== null && v.answerer === me;
    // The one who answers gets the choices as buttons, not twice.
    parts.push(questionBox(q, { showRight: q.answer !== undefined, listChoices: !answering || q.open }));
    if (answering) {
      status = t("tq_your_answer");
      parts.push(q.open ? openAnswer() : choiceButtons(q));
    } else status = t("tq_waiting_answer", { name: seatName(v.answerer) });
  } else if (v.phase === "ruling" && v.question && v.ruling) {
    const judged = v.ruling.judged ? t("tq_judged_right") : t("tq_judged_wrong");
    parts.push(questionBox(v.question, { showRight: true }));
    if (mine) {
      status = t("tq_ruling", { given: givenText(v.ruling.given), judged });
      parts.push(
        buttonRow([
          [t("tq_accept"), { type: "rule", right: true }, "tq-accept", "primary tq-good"],
          [t("tq_refuse"), { type: "rule", right: false }, "tq-refuse", "tq-bad"],
        ]),
      );
    } else status = `${t("tq_ruling_wait", { given: givenText(v.ruling.given), judged })} ${t("tq_waiting_ruling", { name: seatName(v.server) })}`;
  }
  if (me === null && !ctx.projector && !ctx.readOnly) status = `${status} ${t("tq_spectator")}`;
  // A live region: written only when its words change (a screen reader says it again).
  if (els.status.textContent !== status) els.status.textContent = status;
  replaceChildren(els.play, parts);
}

function buttonRow(items) {
  return h(
    "div",
    { class: "row tq-actions" },
    items.map(([label, action, id, cls]) =>
      h("button", { type: "button", class: cls || "primary", id, "data-fkey": id, disabled: pending, onclick: () => send(action) }, label),
    ),
  );
}

function choiceButtons(q) {
  const legal = can("choose").map((a) => a.choice);
  return h(
    "div",
    { class: "tq-answer-box" },
    h(
      "div",
      { class: "row tq-actions", role: "group", "aria-label": t("tq_your_answer") },
      q.choices.map((c, i) =>
        h(
          "button",
          {
            type: "button",
            class: "primary tq-choice",
            id: `tq-choice-${LETTERS[i]}`,
            "data-fkey": `tq-choice-${LETTERS[i]}`,
            disabled: pending || !legal.includes(LETTERS[i]),
            onclick: () => send({ type: "choose", choice: LETTERS[i] }),
          },
          `${LETTERS[i]}. ${c}`,
        ),
      ),
    ),
    h("p", { class: "help keys-help" }, t("tq_answer_keys")),
  );
}

function openAnswer() {
  const input = h("input", { id: "tq-open", "data-fkey": "tq-open", maxlength: "200", autocomplete: "off", spellcheck: "false" });
  const form = h(
    "form",
    {
      class: "tq-open-form",
      onsubmit: (e) => {
        e.preventDefault();
        const text = input.value.trim();
        if (text) send({ type: "reply", text });
      },
    },
    h("label", { for: "tq-open" }, t("tq_open_label")),
    h("div", { class: "row" }, input, h("button", { type: "submit", class: "primary", id: "tq-open-send", disabled: pending }, t("tq_send"))),
    h("button", { type: "button", id: "tq-dont-know", disabled: pending, onclick: () => send({ type: "reply", text: "je ne sais pas" }) }, t("tq_dont_know")),
  );
  setTimeout(() => {
    if (document.activeElement === document.body) input.focus();
  }, 0);
  return form;
}

function cardChoice() {
  const v = view();
  const open = new Set(can("ask").map((a) => a.number));
  const questions = (v.card && v.card.questions) || [];
  return h(
    "ol",
    { class: "tq-card-list", id: "tq-card" },
    questions.map((q) =>
      h(
        "li",
        { class: open.has(q.number) ? "" : "tq-done" },
        h("p", null, h("strong", null, `${q.number}. `), q.text, " ", h("span", { class: "help" }, `(${t("tq_difficulty", { d: q.difficulty })})`)),
        h("p", { class: "help" }, t("tq_right_is", { answer: q.answer })),
        open.has(q.number)
          ? h("button", { type: "button", class: "primary", id: `tq-ask-${q.number}`, disabled: pending, onclick: () => send({ type: "ask", number: q.number }) }, t("tq_ask_btn", { n: q.number }))
          : h("span", { class: "tq-done-mark" }, `✓ ${t("tq_asked")}`),
      ),
    ),
  );
}

/** Referee (paper cards) and teacher tables: the question to read and the scorer's keys. */
function renderScorer() {
  const v = view();
  const parts = [];
  const scorer = mySeat() === 0 && !v.over;
  const next = v.next;
  if (next) {
    const team = teamName(next.side);
    // The instructions are the scorer's; a pupil's phone or a spectator is told the
    // game, not what to click.
    const line = !scorer && !ctx.projector
      ? isMode("teacher")
        ? said("tq_pupil_teacher", { team, other: teamName(1 - next.side) })
        : said("tq_pupil_referee", { team })
      : isMode("teacher") && v.question && !next.decider
      ? said("tq_read_teacher", { team })
      : next.decider
      ? said("tq_read_decider", { team, card: next.card, n: next.number })
      : next.number === null
        ? said("tq_read_choice", { team, card: next.card })
        : said("tq_read_next", { team, card: next.card, n: next.number });
    if (els.status.textContent !== line) els.status.textContent = line;
  } else els.status.textContent = "";
  if (isMode("teacher") && v.question && !v.over) {
    const q = { ...v.question };
    const reveal = scorer && showAnswer;
    parts.push(questionBox(q, { showRight: false }));
    if (scorer) {
      parts.push(
        h(
          "p",
          { class: "row" },
          // The classroom page is the projector: the class sees what it shows.
          h("button", { type: "button", id: "tq-reveal", "aria-pressed": reveal ? "true" : "false", onclick: () => { showAnswer = !showAnswer; render(); } }, reveal ? t("tq_hide_answer") : ctx.projector ? t("tq_show_answer_projector") : t("tq_show_answer")),
          reveal ? h("strong", { class: "tq-answer", id: "tq-answer" }, t("tq_right_is", { answer: q.answer })) : null,
        ),
      );
    }
  }
  if (scorer) {
    // Each button names the side it gives the point to; its key is a hint that a
    // touch screen does not show (.keys-help).
    const serving = next ? next.side : v.serving;
    const servers = teamName(serving);
    const receivers = teamName(1 - serving);
    // A jeu décisif counts right answers, not points: the buttons say so.
    const decider = Boolean(next && next.decider);
    const good = decider ? t("tq_decider_good", { team: receivers }) : isMode("teacher") ? t("tq_good", { team: receivers }) : t("tq_point_receiver", { team: receivers });
    const bad = decider ? t("tq_decider_bad", { team: receivers }) : isMode("teacher") ? t("tq_bad", { team: servers }) : t("tq_point_server", { team: servers });
    const key = (k) => h("span", { class: "keys-help" }, t("tq_key", { k }));
    const receiverButton = h("button", { type: "button", class: "primary tq-good", id: "tq-receiver", disabled: pending, onclick: () => send({ type: "point", winner: "receiver" }) }, h("span", null, good, key("R")));
    const serverButton = h("button", { type: "button", class: "primary tq-bad", id: "tq-server", disabled: pending, onclick: () => send({ type: "point", winner: "server" }) }, h("span", null, bad, key("S")));
    // Teacher: "right" first, as the question is read; referee: server, then receiver.
    const pair = isMode("teacher") ? [receiverButton, serverButton] : [serverButton, receiverButton];
    parts.push(
      h(
        "div",
        { class: "row tq-actions tq-scorer" },
        pair,
        h("button", { type: "button", id: "tq-undo", disabled: pending || !can("undo").length, onclick: () => send({ type: "undo" }) }, h("span", null, t("tq_undo"), key("U"))),
      ),
      h("p", { class: "help" }, isMode("teacher") ? t("tq_teacher_help") : t("tq_scorer_help")),
    );
  }
  replaceChildren(els.play, parts);
}

function renderLast() {
  const v = view();
  const log = v.log || [];
  const entry = log[log.length - 1];
  if (!entry || entry.right === undefined) {
    replaceChildren(els.last);
    els.last.dataset.key = "";
    return;
  }
  const verdict = entry.right ? t("tq_last_right") : t("tq_last_wrong");
  const bits = [h("strong", { class: entry.right ? "tq-ok" : "tq-bad-text" }, verdict)];
  if (entry.text !== undefined) {
    const who = entry.answerer !== undefined ? seatName(entry.answerer, true) : teamName(1 - entry.side, true);
    bits.push(" ", h("span", null, entry.text), " ");
    if (entry.given !== undefined) bits.push(t("tq_last_line", { who, given: givenText(entry.given), answer: entry.answer }));
    else bits.push(t("tq_right_is", { answer: entry.answer }));
    if (entry.overruled) bits.push(" ", t("tq_overruled"));
  }
  const call = ctx.lang === "en" ? v.last_call_en : v.last_call;
  const next = [h("h3", null, t("tq_last")), h("p", { id: "tq-last-line" }, bits), call ? h("p", { class: "tq-call" }, call) : null];
  // The last point is a live region: drawn again only when it changed, so that a
  // screen reader does not read the same point after every update of the table.
  const key = next.map((el) => (el ? el.textContent : "")).join("\n");
  if (els.last.dataset.key === key) return;
  els.last.dataset.key = key;
  replaceChildren(els.last, next);
}

/** The "Je ne sais pas" button sends the same words in every language: shown in the
 * page's own. */
function givenText(given) {
  return typeof given === "string" && given.trim().toLowerCase() === "je ne sais pas" ? t("tq_no_answer") : given;
}

function renderEnd() {
  const v = view();
  els.end.hidden = !v.over;
  if (!v.over) return;
  const sets = (v.score.sets || []).map((s) => `${s[0]}-${s[1]}`).join(", ");
  const winner = v.score.winner;
  const parts = [
    h("h2", null, t("tq_over")),
    winner !== null && winner !== undefined ? h("p", { class: "tq-winner-line", id: "tq-winner" }, `★ ${t("tq_winner", { name: teamName(winner, true) })}`) : null,
    h("p", { id: "tq-sets" }, t("tq_by_set", { sets })),
  ];
  const code = msg.table.code;
  if (!isMode("referee")) {
    parts.push(h("h3", null, t("tq_report")));
    const csv = `/api/games/tennis-quizz/tables/${code}/questions.csv?lang=${ctx.lang}&game=${msg.table.game_no}`;
    parts.push(
      h(
        "p",
        { class: "row" },
        h("a", { class: "button", href: csv, download: "", id: "tq-csv" }, t("tq_report_csv")),
        h("label", { class: "check" }, h("input", { type: "checkbox", id: "tq-missed", checked: missedOnly, onchange: (e) => { missedOnly = e.target.checked; renderEnd(); } }), ` ${t("tq_missed_only")}`),
      ),
    );
    parts.push(reportTable());
    const key = `${code}:${msg.table.game_no}`;
    if (reportFor !== key) {
      reportFor = key;
      report = null;
      fetch(`/api/games/tennis-quizz/tables/${code}/questions?game=${msg.table.game_no}`)
        .then((r) => (r.ok ? r.json() : null))
        .then((data) => {
          if (reportFor === key) {
            report = data;
            renderEnd();
          }
        })
        .catch(() => {});
    }
  }
  replaceChildren(els.end, parts);
}

/** A column's name as a phone's report card writes it before the value ("set : 2"). */
function label(key) {
  return `${t(key)}${ctx.lang === "en" ? ": " : "\u00a0: "}`;
}

function reportTable() {
  if (!report) return h("p", { class: "muted" }, t("tq_report_loading"));
  const rows = report.rows.filter((r) => !missedOnly || !r.right);
  return h(
    "div",
    { class: "tq-report-box" },
    h(
      "table",
      { class: "tq-report", id: "tq-report" },
      h(
        "thead",
        null,
        h("tr", null, ["tq_col_n", "tq_col_set", "tq_col_who", "tq_col_question", "tq_col_given", "tq_col_answer", "tq_col_right"].map((k) => h("th", { scope: "col" }, t(k)))),
      ),
      h(
        "tbody",
        null,
        rows.map((r) =>
          h(
            "tr",
            { class: r.right ? "" : "tq-missed" },
            // data-label: a phone shows each row as a small card, the column's name
            // before each value (no sideways scrolling through seven columns).
            h("td", { "data-label": label("tq_col_n") }, String(r.n)),
            h("td", { "data-label": label("tq_col_set") }, String(r.set)),
            // The seat's name as the board shows it ("bot quiz:0.5" for a bot, not its bare id).
            h("td", { "data-label": label("tq_col_who") }, r.answerer !== null && r.answerer !== undefined ? seatName(r.answerer, true) : r.answerer_name || teamName(r.side)),
            h("td", { "data-label": label("tq_col_question") }, r.text),
            h("td", { "data-label": label("tq_col_given") }, givenText(r.given) || null),
            h("td", { "data-label": label("tq_col_answer") }, r.answer),
            h("td", { "data-label": label("tq_col_right") }, r.right ? t("tq_yes") : t("tq_no")),
          ),
        ),
      ),
    ),
  );
}

// --- keys ---------------------------------------------------------------------------------

function onKey(event) {
  if (!msg || !els || !els.board.isConnected || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
  const key = event.key.toUpperCase();
  const v = view();
  if (isMode("match")) {
    const index = { A: 0, B: 1, C: 2, 1: 0, 2: 1, 3: 2 }[key];
    if (index !== undefined && can("choose").some((a) => a.choice === LETTERS[index])) {
      event.preventDefault();
      send({ type: "choose", choice: LETTERS[index] });
    }
    return;
  }
  if (mySeat() !== 0 || v.over) return;
  if (key === "S" || key === "R") {
    event.preventDefault();
    send({ type: "point", winner: key === "S" ? "server" : "receiver" });
  } else if (key === "U" && can("undo").length) {
    event.preventDefault();
    send({ type: "undo" });
  }
}

function ensureStyle() {
  if (document.getElementById("tq-style")) return;
  document.head.appendChild(h("link", { rel: "stylesheet", href: "/static/games/tennis-quizz.css", id: "tq-style" }));
}
