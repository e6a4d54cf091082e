// Tennis de mots in the browser: the word on the table as cards, the hand, a word
// builder (click a card then the gap to put it in, or drag it there; move, take off),
// the engine's preview of the shot before it is sent, challenges out of turn, the
// rally, pot, piles and points always on screen, and the hints after a shot.
// The screen holds no rule: what a shot is worth and whether it may be played comes
// from the server's preview (the engine's own check on this seat's view).

import { h, replaceChildren } from "../dom.js";
import { agree, botLabel, deName } from "../i18n.js";

export const strings = {
  fr: {
    colon: " : ",
    set: "Set {n}",
    sets_to_win: "{n} set(s) gagnant(s)",
    server: "Au service : {name}",
    second_serve: "seconde balle",
    draw: "Pioche : {n} carte(s)",
    set_point: "BALLE DE SET : la pioche est vide et une main aussi, cet échange est le dernier.",
    players: "Joueurs",
    player: "Joueur",
    you: "vous",
    away: "absent",
    hand_n: "main {n}",
    tricks: "plis : {n} carte(s)",
    seen_points: "{p} pt(s) visible(s)",
    hidden_cards: "+ {n} face cachée",
    malus: "malus : {n} carte(s)",
    sets_won: "sets : {n}",
    in_rally: "dans l'échange",
    out_rally: "sorti de l'échange",
    serving: "sert",
    to_play: "à jouer",
    to_answer: "peut contester",
    table: "Sur la table",
    table_empty: "Table vide : on attend le service.",
    total: "Total : {v} pts",
    weight: "Poids à battre : {w} pts",
    weight_serve: "Poids du service : {w} pts",
    pot: "Pot",
    pot_empty: "Le pot est vide.",
    pot_total: "{v} pts au pot",
    hand: "Votre main",
    hands: "Les mains",
    hand_empty: "Votre main est vide.",
    build: "Votre coup",
    build_help:
      "Choisissez une carte de votre main puis l'endroit où l'insérer (ou faites-la glisser). " +
      "Cliquez une carte du mot pour la déplacer, la retirer ou tourner le joker double.",
    build_keys: "Clavier : tapez une lettre pour l'ajouter à droite, Retour arrière pour retirer la dernière carte posée.",
    insert_here: "Insérer ici (position {n})",
    move_here: "Déplacer ici (position {n})",
    remove: "Retirer la carte",
    left: "← Gauche",
    right: "Droite →",
    reset: "Recommencer",
    to_pot: "Vers le pot (cliquez pour remettre) :",
    your_word: "Mot : {w}",
    known_complete: "✓ mot connu du lexique",
    known_start: "✓ début de mot connu (ex. {e})",
    unknown: "✗ aucun mot français ne commence ainsi",
    points: "{v} pts / poids {w}",
    play: "Jouer : {name}",
    play_net: "Jouer le NET",
    play_fault: "Servir la faute",
    play_double_fault: "Servir la double faute",
    pass: "Passer",
    pass_help: "Passer (un NET sans carte) : vous sortez de cet échange ; le dernier joueur qui n'a pas passé gagne l'échange.",
    add_a_card: "Ajoutez au moins une carte de votre main.",
    refused: "Refusé : {r}",
    wait_turn: "Au tour {de_name}.",
    wait_challenge: "On attend les adversaires {de_name} : contester ou laisser passer.",
    your_challenge: "À vous : contester le mot {de_name} ou le laisser passer.",
    your_turn_serve: "À vous de servir.",
    your_turn: "À vous de jouer.",
    serve_help:
      "Service : posez de 1 à 7 cartes formant un mot (ou un début de mot) d'au moins {w} points. " +
      "En dessous c'est une FAUTE : les cartes vont au pot et vous servez une seconde balle ; " +
      "une seconde faute (DOUBLE FAUTE) envoie les cartes à votre pile de malus avec 3 cartes de " +
      "pénalité, et le service passe au joueur suivant.",
    second_serve_help: "Seconde balle : une nouvelle faute serait une DOUBLE FAUTE.",
    ace_help:
      "ACE : si personne ne renvoie le service, le serveur gagne l'échange et prend en plus " +
      "autant de cartes de la pioche que vaut la plus forte carte de la table (si toutes les mains " +
      "sont pleines).",
    rally_help:
      "Retour : transformez le mot de la table (ajoutez des cartes de votre main, retirez-en, " +
      "réordonnez) pour qu'il vaille au moins {w} points. Les cartes retirées vont au pot. " +
      "Sous le poids, c'est un NET : les cartes ajoutées vont au pot et vous sortez de l'échange.",
    pending: "{name} a joué {kind} : {word}",
    pending_help:
      "Tout adversaire peut contester, sans risque, avant le coup suivant : si aucun mot ne " +
      "commence ainsi, le contestataire gagne l'échange avec le bonus de l'ACE ; si le mot est " +
      "valide, c'est {name} qui le gagne avec ce bonus.",
    challenge: "Contester",
    accept: "Laisser passer",
    waiting_for: "Peuvent encore contester : {names}",
    verdict_valid: "VÉRIFICATION : {who} conteste {word} {de_shooter} — le mot est valide. L'échange et le bonus vont à {winner}.",
    verdict_invalid: "VÉRIFICATION : {who} conteste {word} {de_shooter} — aucun mot ne commence ainsi. L'échange et le bonus vont à {winner}.",
    log_shot: "{who} : {word} — {names} ({v} pts)",
    log_net: "{who} : NET {word} ({v} < {w})",
    log_pass: "{who} : passe",
    log_fault: "{who} : FAUTE {word} ({v} < {w})",
    log_double_fault: "{who} : DOUBLE FAUTE {word} ({v} < {w}) — au malus avec {n} carte(s) de pénalité",
    log_rally: "Jeu pour {who} : {n} carte(s)",
    log_points: " ({p} pts)",
    log_ace: " — ACE",
    log_bonus: " + {n} de bonus",
    log_set: "Fin du set {n} : {scores}",
    shot_names: {
      SERVICE: "SERVICE",
      "COUP DROIT": "COUP DROIT",
      REVERS: "REVERS",
      "COUP DROIT LIFTÉ": "COUP DROIT LIFTÉ",
      "REVERS LIFTÉ": "REVERS LIFTÉ",
      SMASH: "SMASH",
      LOB: "LOB",
      NET: "NET",
      AMORTI: "AMORTI",
      LIGNE: "LIGNE",
      FAUTE: "FAUTE",
      "DOUBLE FAUTE": "DOUBLE FAUTE",
    },
    offline: "pas de connexion au serveur : rien n'est parti, rejouez une fois reconnecté",
    log: "Derniers coups",
    log_empty: "Rien n'a encore été joué.",
    hints: "Meilleurs coups possibles",
    hints_help: "Après votre coup : ce que vous auriez pu jouer.",
    hints_searching: "Recherche des meilleurs coups…",
    hints_none: "Aucun coup valable n'était possible.",
    hints_before: "Avant votre coup ({played}) :",
    hints_shot: "{word} — {names} ({v} pts)",
    hints_example: " · début de {e}",
    hints_legend: "Entre crochets, un joker et la lettre qu'il joue : [■C] = le joker ■ posé pour un C. Un début de mot (« début de … ») suffit : il compte si un mot français commence ainsi, comme [■C]ORSETEREN, début de CORSETERENT.",
    better: "mieux",
    set_scores: "Points des sets : {s}",
    match_over: "Jeu, set et match : {name} !",
    joker_title: "Joker {g}",
    joker_letter: "Quelle lettre ce joker représente-t-il ?",
    joker_auto: "Laisser le moteur choisir",
    double_title: "Joker double",
    double_ask: "Quelle carte ce joker double recopie-t-il ?",
    double_before: "◀ la carte avant lui",
    double_after: "▶ la carte après lui",
    double_turn: "Ce joker double copie :",
    cancel: "Annuler",
    spectator: "Vous regardez la partie.",
    kinds: { NET: "un NET", LIGNE: "une LIGNE" },
    how: "Comment jouer : service, faute, retour, ACE",
    unpaid: "la pioche ne peut payer le bonus : toutes les cartes en jeu, fin du set",
    ends: {
      last_rally: "dernier échange joué",
      bonus_unpaid: "la pioche ne pouvait payer le bonus",
      no_serve: "plus personne ne pouvait servir",
    },
  },
  en: {
    colon: ": ",
    set: "Set {n}",
    sets_to_win: "{n} set(s) to win",
    server: "Serving: {name}",
    second_serve: "second serve",
    draw: "Draw pile: {n} card(s)",
    set_point: "SET POINT: the draw pile is empty and so is a hand, this rally is the last one.",
    players: "Players",
    player: "Player",
    you: "you",
    away: "away",
    hand_n: "hand {n}",
    tricks: "tricks: {n} card(s)",
    seen_points: "{p} pt(s) seen",
    hidden_cards: "+ {n} face down",
    malus: "malus: {n} cards",
    sets_won: "sets: {n}",
    in_rally: "in the rally",
    out_rally: "out of the rally",
    serving: "serves",
    to_play: "to play",
    to_answer: "may challenge",
    table: "On the table",
    table_empty: "Empty table: waiting for the serve.",
    total: "Total: {v} pts",
    weight: "Weight to beat: {w} pts",
    weight_serve: "Serve weight: {w} pts",
    pot: "Pot",
    pot_empty: "The pot is empty.",
    pot_total: "{v} pts in the pot",
    hand: "Your hand",
    hands: "The hands",
    hand_empty: "Your hand is empty.",
    build: "Your shot",
    build_help:
      "Pick a card of your hand, then the place to insert it (or drag it there). Click a card " +
      "of the word to move it, take it off or turn the double joker.",
    build_keys: "Keyboard: type a letter to add it on the right, Backspace takes the last laid card back.",
    insert_here: "Insert here (position {n})",
    move_here: "Move here (position {n})",
    remove: "Take the card off",
    left: "← Left",
    right: "Right →",
    reset: "Start again",
    to_pot: "To the pot (click to put back):",
    your_word: "Word: {w}",
    known_complete: "✓ a word of the lexicon",
    known_start: "✓ a known word start (e.g. {e})",
    unknown: "✗ no French word starts this way",
    points: "{v} pts / weight {w}",
    play: "Play: {name}",
    play_net: "Play the NET",
    play_fault: "Serve the fault",
    play_double_fault: "Serve the double fault",
    pass: "Pass",
    pass_help: "Pass (a NET of no card): you leave this rally; the last player who has not passed wins it.",
    add_a_card: "Add at least one card from your hand.",
    refused: "Refused: {r}",
    wait_turn: "{name} is to play.",
    wait_challenge: "Waiting for {name}'s opponents: challenge or let it pass.",
    your_challenge: "Your call: challenge {name}'s word or let it pass.",
    your_turn_serve: "Your serve.",
    your_turn: "Your turn.",
    serve_help:
      "Serve: lay 1 to 7 cards making a word (or the start of one) worth at least {w} points. " +
      "Under it is a FAULT: the cards go to the pot and you serve a second ball; a second " +
      "fault (DOUBLE FAULT) sends the cards to your malus pile with 3 penalty cards, and the " +
      "serve goes to the next player.",
    second_serve_help: "Second serve: another fault would be a DOUBLE FAULT.",
    ace_help:
      "ACE: when nobody returns the serve, the server wins the rally and also takes as many " +
      "cards from the draw pile as the highest card on the table is worth (if every hand is full).",
    rally_help:
      "Return: change the table word (add cards from your hand, take some off, reorder) so it " +
      "is worth at least {w} points. Cards taken off go to the pot. Under the weight it is a " +
      "NET: the cards you added go to the pot and you leave the rally.",
    pending: "{name} played {kind}: {word}",
    pending_help:
      "Any opponent may challenge, at no risk, before the next shot: if no word starts this " +
      "way the challenger wins the rally with the ACE bonus; if the word is valid, {name} " +
      "wins it with that bonus.",
    challenge: "Challenge",
    accept: "Let it pass",
    waiting_for: "May still challenge: {names}",
    verdict_valid: "CHECK: {who} challenges {word} by {shooter} — the word is valid. The rally and the bonus go to {winner}.",
    verdict_invalid: "CHECK: {who} challenges {word} by {shooter} — no word starts this way. The rally and the bonus go to {winner}.",
    log_shot: "{who}: {word} — {names} ({v} pts)",
    log_net: "{who}: net {word} ({v} < {w})",
    log_pass: "{who}: pass",
    log_fault: "{who}: fault {word} ({v} < {w})",
    log_double_fault: "{who}: double fault {word} ({v} < {w}) — to the malus pile with {n} penalty card(s)",
    log_rally: "Game to {who}: {n} cards",
    log_points: " ({p} pts)",
    log_ace: " — ace",
    log_bonus: " + {n} bonus",
    log_set: "End of set {n}: {scores}",
    shot_names: {
      SERVICE: "serve",
      "COUP DROIT": "forehand",
      REVERS: "backhand",
      "COUP DROIT LIFTÉ": "topspin forehand",
      "REVERS LIFTÉ": "topspin backhand",
      SMASH: "smash",
      LOB: "lob",
      NET: "net",
      AMORTI: "drop shot",
      LIGNE: "on the line",
      FAUTE: "fault",
      "DOUBLE FAUTE": "double fault",
    },
    offline: "no connection to the server: nothing was sent, play again once reconnected",
    log: "Last shots",
    log_empty: "Nothing played yet.",
    hints: "Best shots you had",
    hints_help: "After your shot: what you could have played.",
    hints_searching: "Looking for the best shots…",
    hints_none: "No shot was possible.",
    hints_before: "Before your shot ({played}):",
    hints_shot: "{word} — {names} ({v} pts)",
    hints_example: " · start of {e}",
    hints_legend: "In brackets, a joker and the letter it plays: [■C] = joker ■ laid as a C. A word start ('start of …') is enough: it counts when a French word begins that way, as [■C]ORSETEREN begins CORSETERENT.",
    better: "better",
    set_scores: "Set points: {s}",
    match_over: "Game, set and match: {name}!",
    joker_title: "Joker {g}",
    joker_letter: "Which letter does this joker stand for?",
    joker_auto: "Let the engine choose",
    double_title: "Double joker",
    double_ask: "Which letter does this double copy?",
    double_before: "◀ the card before it",
    double_after: "▶ the card after it",
    double_turn: "This double copies:",
    cancel: "Cancel",
    spectator: "You are watching the game.",
    kinds: { NET: "a net", LIGNE: "a shot on the line" },
    how: "How to play: serve, fault, return, ACE",
    unpaid: "the draw pile cannot pay the bonus: every card in play, the set ends",
    ends: {
      last_rally: "last rally played",
      bonus_unpaid: "the draw pile could not pay the bonus",
      no_serve: "nobody could serve any more",
    },
  },
};

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const VOWELS = "AEIOU";
const JOKER_CHOICES = {
  "★": LETTERS,
  "■": [...LETTERS].filter((c) => !VOWELS.includes(c)).join(""),
  "●": VOWELS,
};
const DOUBLE = "◀";
const DOUBLE_GLYPHS = ["◀", "▶"]; // the double card laid one way or the other

let root = null;
let screen = null; // the screen drawn again at each change, inside root
let live = null; // a polite live region kept across renders: whose turn it is
let alertBox = null; // an assertive one: a refusal, said once
let sending = false; // an action is on its way: a second click sends nothing
let ctx = null;
let msg = null; // the last `table` message
let draft = null; // [{id, glyph, letter, value, from: "table"|"hand"}], the word being built
let draftKey = null; // version + seat the draft was built for
let selected = null; // {where: "hand"|"draft", id}
let info = null; // the last preview: {ok, info} or {ok: false, code, fr, en}
let previewSeq = 0;
let refusedText = null;
let hintsInfo = null;
let joker = null; // {card, at} while asking which letter a joker stands for
let keysBound = false;
let notes = []; // what a bot played for this seat while its player was away

function lang() {
  const l = (ctx && ctx.lang) || "fr";
  return l === "en" ? "en" : "fr";
}

function tr(key, args) {
  const table = strings[lang()];
  let text = table[key] ?? strings.fr[key] ?? key;
  if (args) for (const [k, v] of Object.entries(args)) text = text.replaceAll(`{${k}}`, String(v));
  return agree(text, lang());
}

function both(pair) {
  if (!pair) return "";
  return pair[lang()] ?? pair.fr ?? "";
}

/** A seat's name; `bare` leaves out "(absent)" (the log, the open hands, the end). */
function seatName(seat, bare = false) {
  const seats = (msg && msg.table && msg.table.seats) || [];
  const s = seats.find((x) => x.seat === seat);
  // A bot says it is one and its level, as on the other games' screens ("Robot fort").
  let base = s && s.kind === "bot" ? botLabel(s, (ctx && ctx.lang) || "fr") : s && s.name ? s.name : `${tr("player")} ${seat + 1}`;
  // A page closed or asleep: the others see it rather than wait on a silent seat.
  if (s && s.kind === "person" && s.connected === false && !bare && !ctx.readOnly && !msg.replay) base = `${base} (${tr("away")})`;
  return view() && view().seat === seat ? `${base} (${tr("you")})` : base;
}

function view() {
  if (!msg || !msg.view) return null;
  // A replay with every card open sends {seats: [views], public: view}.
  return msg.view.public ? msg.view.public : msg.view;
}

function openHands() {
  return msg && msg.view && msg.view.seats ? msg.view.seats.map((v) => v.hand || []) : null;
}

function myTurnToLay() {
  const v = view();
  if (!v || (ctx && ctx.readOnly) || v.over || v.seat === null || v.seat === undefined) return false;
  return v.pending === null && v.to_act.includes(v.seat) && v.turn === v.seat;
}

// ---- the draft -------------------------------------------------------------------

function freshDraft() {
  const v = view();
  if (!v) return [];
  return v.table.map((c) => ({ id: c.id, glyph: c.glyph, letter: "", shown: c.letter, value: c.value, from: "table" }));
}

function handCards() {
  const v = view();
  const used = new Set((draft || []).map((c) => c.id));
  return ((v && v.hand) || []).filter((c) => !used.has(c.id));
}

function offTable() {
  const v = view();
  const kept = new Set((draft || []).map((c) => c.id));
  return ((v && v.table) || []).filter((c) => !kept.has(c.id));
}

function actionCards() {
  return draft.map((c) => [c.id, c.glyph, c.letter]);
}

function draftChanged() {
  selected = null;
  refusedText = null;
  info = null; // the last preview was for another word: neither shown nor played now
  render();
  runPreview();
}

function insertHandCard(card, at) {
  if (card.face === DOUBLE) {
    joker = { card, at, kind: "double" };
    render();
    return;
  }
  if (JOKER_CHOICES[card.face]) {
    joker = { card, at, kind: "letter" };
    render();
    return;
  }
  draft.splice(at, 0, { id: card.id, glyph: card.face, letter: "", value: card.value, from: "hand" });
  draftChanged();
}

function finishJoker(glyph, letter) {
  const { card, at } = joker;
  joker = null;
  draft.splice(at, 0, { id: card.id, glyph, letter, shown: letter, value: card.value, from: "hand" });
  draftChanged();
}

function moveDraftCard(id, at) {
  const from = draft.findIndex((c) => c.id === id);
  if (from < 0) return;
  const [card] = draft.splice(from, 1);
  draft.splice(at > from ? at - 1 : at, 0, card);
  draftChanged();
}

/** The double card copies the card before it (◀) or after it (▶): either way is a
 * choice of the one who lays the word, also for a double already on the table. */
function turnDouble(id, glyph) {
  const card = draft.find((c) => c.id === id);
  if (!card || !DOUBLE_GLYPHS.includes(card.glyph) || card.glyph === glyph) return;
  card.glyph = glyph;
  card.letter = "";
  card.shown = ""; // the letter it read on the table no longer holds
  draftChanged();
}

function removeDraftCard(id) {
  const i = draft.findIndex((c) => c.id === id);
  if (i >= 0) draft.splice(i, 1);
  draftChanged();
}

function placeAt(at) {
  if (!selected) return;
  if (selected.where === "hand") {
    const card = handCards().find((c) => c.id === selected.id);
    selected = null;
    if (card) insertHandCard(card, at);
  } else {
    moveDraftCard(selected.id, at);
  }
}

function runPreview() {
  const seq = ++previewSeq;
  if (!myTurnToLay() || !draft.some((c) => c.from === "hand")) {
    info = null;
    render();
    return;
  }
  const action = { type: "shot", cards: actionCards() };
  Promise.resolve(ctx.preview(action))
    .then((answer) => {
      if (seq !== previewSeq) return;
      info = answer;
      render();
    })
    .catch(() => {
      if (seq === previewSeq) {
        info = null;
        render();
      }
    });
}

// ---- actions -----------------------------------------------------------------------

function send(action) {
  // One action per change of the table: a double click, or a click while the answer
  // is slow to come, would send the same shot twice (the second refused as stale).
  if (sending) return;
  refusedText = null;
  say(alertBox, "");
  if (ctx.send(action) === false) {
    refusedText = tr("offline");
    say(alertBox, refusedText);
    render();
    return;
  }
  sending = true;
}

/** Put ``text`` in a live region only when it changed: a screen reader says it once. */
function say(region, text) {
  if (region && region.textContent !== text) region.textContent = text;
}

function playDraft() {
  if (info && info.ok && info.info && info.info.action) send(info.info.action);
}

function askHints() {
  // The search can take a few seconds on a hand with jokers: say so while it runs.
  hintsInfo = { searching: true };
  render();
  Promise.resolve(ctx.ask("hints", {}))
    .then((answer) => {
      hintsInfo = !answer ? null : answer.type === "refused" ? { message: { fr: answer.fr, en: answer.en } } : answer.info;
      render();
    })
    .catch(() => {});
}

function onKey(event) {
  if (!root || !root.isConnected) return;
  if (joker) {
    if (event.key === "Escape") {
      joker = null;
      render();
    }
    return;
  }
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
  if (!myTurnToLay() || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key;
  if (key.length === 1 && /[a-z]/i.test(key)) {
    const card = handCards().find((c) => c.face === key.toUpperCase());
    if (card) {
      event.preventDefault();
      insertHandCard(card, draft.length);
    }
  } else if (key === "Backspace") {
    const last = [...draft].reverse().find((c) => c.from === "hand");
    if (last) {
      event.preventDefault();
      removeDraftCard(last.id);
    }
  } else if (key === "Enter" && event.target === document.body && info && info.ok) {
    event.preventDefault();
    playDraft();
  } else if (key === "Escape") {
    selected = null;
    render();
  }
}

// ---- rendering ---------------------------------------------------------------------

function cardEl(card, opts = {}) {
  const glyph = card.glyph ?? card.face;
  const isJoker = !LETTERS.includes(glyph);
  const reads = card.shown || card.letter;
  const label = isJoker
    ? agree(`${glyph}${reads && reads !== "?" ? " = " + reads : ""}, ${card.value} pts`, lang())
    : agree(`${glyph}, ${card.value} pts`, lang());
  const body = [
    h("span", { class: "tennis-mots-glyph", "aria-hidden": "true" }, glyph),
    isJoker && reads && reads !== "?" ? h("span", { class: "tennis-mots-reads", "aria-hidden": "true" }, reads) : null,
    h("span", { class: "tennis-mots-value", "aria-hidden": "true" }, String(card.value)),
  ];
  const cls = ["tennis-mots-card"];
  if (isJoker) cls.push("tennis-mots-joker");
  if (opts.from) cls.push(`tennis-mots-from-${opts.from}`);
  if (opts.selected) cls.push("tennis-mots-selected");
  if (!opts.onclick) {
    return h("span", { class: cls.join(" "), role: "img", "aria-label": label, "data-card": card.id, "data-face": glyph, "data-value": card.value }, body);
  }
  return h(
    "button",
    {
      type: "button",
      class: cls.join(" "),
      "aria-label": label + (opts.from === "hand" && opts.inDraft ? " (main)" : ""),
      "aria-pressed": opts.selected ? "true" : "false",
      "data-card": card.id,
      "data-face": glyph,
      "data-value": card.value,
      "data-fkey": `card-${opts.where}-${card.id}`,
      draggable: opts.draggable ? "true" : undefined,
      onclick: opts.onclick,
      ondragstart: opts.draggable
        ? (e) => {
            e.dataTransfer.setData("text/plain", `${opts.where}:${card.id}`);
            e.dataTransfer.effectAllowed = "move";
          }
        : undefined,
    },
    body,
  );
}

function slotEl(at) {
  const label = selected && selected.where === "draft" ? tr("move_here", { n: at + 1 }) : tr("insert_here", { n: at + 1 });
  return h(
    "button",
    {
      type: "button",
      class: "tennis-mots-slot" + (selected ? " tennis-mots-slot-active" : ""),
      "aria-label": label,
      title: label,
      disabled: selected ? undefined : true,
      "data-slot": at,
      "data-fkey": `slot-${at}`,
      onclick: () => placeAt(at),
      ondragover: (e) => e.preventDefault(),
      ondrop: (e) => {
        e.preventDefault();
        const [where, id] = (e.dataTransfer.getData("text/plain") || "").split(":");
        selected = { where, id: Number(id) };
        placeAt(at);
      },
    },
    "+",
  );
}

function header(v) {
  const serverLine = tr("server", { name: seatName(v.server, true) }) + (v.phase === "serve" && v.serve_number === 2 ? ` (${tr("second_serve")})` : "");
  return h(
    "div",
    { class: "tennis-mots-header" },
    h("strong", null, tr("set", { n: v.set })),
    h("span", null, " · " + tr("sets_to_win", { n: v.options.sets_to_win })),
    v.over ? null : h("span", { class: "tennis-mots-server" }, " · " + serverLine),
    h("span", null, " · " + tr("draw", { n: v.draw_count })),
    v.last_rally && !v.over ? h("p", { class: "tennis-mots-setpoint", role: "status" }, tr("set_point")) : null,
  );
}

function playersEl(v) {
  const extra = (msg && msg.extra) || {};
  const running = extra.running || [];
  const rows = [];
  for (let s = 0; s < v.players; s++) {
    const tags = [];
    if (s === v.server) tags.push(tr("serving"));
    if (v.pending && v.pending.waiting.includes(s)) tags.push(tr("to_answer"));
    else if (!v.over && v.to_act.includes(s)) tags.push(tr("to_play"));
    if (v.phase !== "serve" && !v.over) tags.push(v.in_rally[s] ? tr("in_rally") : tr("out_rally"));
    const r = running[s] || {};
    const seen = r.seen !== undefined ? tr("seen_points", { p: r.seen }) : "";
    const hidden = r.hidden ? " " + tr("hidden_cards", { n: r.hidden }) : "";
    const malusSeen = v.malus[s] ? ` (${tr("seen_points", { p: -(r.malus_seen || 0) })}${r.malus_hidden ? " " + tr("hidden_cards", { n: r.malus_hidden }) : ""})` : "";
    rows.push(
      h(
        "li",
        {
          class: "tennis-mots-player" + (v.to_act.includes(s) ? " tennis-mots-acting" : "") + (s === v.seat ? " tennis-mots-me" : ""),
          "data-seat": s,
        },
        h("span", { class: "tennis-mots-name" }, (v.to_act.includes(s) ? "▶ " : "") + seatName(s)),
        tags.length ? h("span", { class: "tennis-mots-tags" }, " [" + tags.join(", ") + "]") : null,
        h(
          "span",
          { class: "tennis-mots-counts" },
          ` · ${tr("sets_won", { n: v.sets_won[s] })} · ${tr("hand_n", { n: v.hand_sizes[s] })} · ${tr("tricks", { n: v.tricks[s] })}` +
            (seen ? ` (${seen}${hidden})` : "") +
            ` · ${tr("malus", { n: v.malus[s] })}${malusSeen}`,
        ),
      ),
    );
  }
  const scores = v.set_scores.length ? h("p", { class: "tennis-mots-setscores" }, tr("set_scores", { s: v.set_scores.map((x) => x.join("–")).join(" | ") })) : null;
  return h("section", { class: "tennis-mots-players", "aria-label": tr("players") }, h("ul", null, rows), scores);
}

/** The word's cards last drawn: a card not among them has just been laid and is drawn
 * arriving (null before the first drawing: nothing arrives on opening the page). */
let shownTable = null;

function tableEl(v) {
  const before = shownTable;
  shownTable = new Set(v.table.map((c) => c.id));
  const cards = v.table.map((c) => {
    const el = cardEl({ ...c, shown: c.letter });
    if (before && !before.has(c.id)) el.classList.add("arrived");
    return el;
  });
  return h(
    "section",
    { class: "tennis-mots-table", id: "tm-table", "aria-label": tr("table") },
    h("h3", null, tr("table") + (v.word ? `${tr("colon")}${v.word}` : "")),
    v.table.length ? h("div", { class: "tennis-mots-row tennis-mots-word" }, cards) : h("p", null, tr("table_empty")),
    h(
      "p",
      { class: "tennis-mots-weight" },
      v.table.length ? tr("total", { v: v.table_value }) + " · " : "",
      h("strong", null, v.table.length ? tr("weight", { w: v.weight }) : tr("weight_serve", { w: v.weight })),
    ),
    h("h3", null, tr("pot")),
    v.pot.length
      ? h("div", { class: "tennis-mots-row tennis-mots-pot" }, v.pot.map((c) => cardEl(c)), h("span", null, " " + tr("pot_total", { v: v.pot_value })))
      : h("p", null, tr("pot_empty")),
  );
}

function pendingEl(v) {
  const p = v.pending;
  if (!p) return null;
  const kind = strings[lang()].kinds[p.kind] || p.kind;
  const mine = !ctx.readOnly && v.seat !== null && v.seat !== undefined && p.waiting.includes(v.seat);
  return h(
    "section",
    { class: "tennis-mots-pending", id: "tm-pending", role: "status", "aria-live": "polite" },
    h("p", null, h("strong", null, tr("pending", { name: seatName(p.shooter), kind, word: p.word }))),
    h("p", null, tr("pending_help", { name: seatName(p.shooter) })),
    h("p", null, tr("waiting_for", { names: p.waiting.map(seatName).join(", ") })),
    mine
      ? h(
          "div",
          { class: "tennis-mots-buttons" },
          h("button", { type: "button", class: "tennis-mots-challenge", id: "tm-challenge", "data-fkey": "challenge", onclick: () => send({ type: "challenge" }) }, "⚑ " + tr("challenge")),
          h("button", { type: "button", class: "tennis-mots-accept", id: "tm-accept", "data-fkey": "accept", onclick: () => send({ type: "accept" }) }, "✓ " + tr("accept")),
        )
      : null,
  );
}

function verdictEl(v) {
  // The last challenge of the log stays on screen until the next shot is played.
  const log = v.log || [];
  let found = null;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (e.kind === "challenge") {
      found = e;
      break;
    }
    if (e.kind === "shot" || e.kind === "net" || e.kind === "fault") break;
  }
  if (!found) return null;
  const key = found.valid ? "verdict_valid" : "verdict_invalid";
  return h(
    "p",
    { class: "tennis-mots-verdict", id: "tm-verdict", role: "status" },
    (found.valid ? "✓ " : "✗ ") +
      tr(key, { who: seatName(found.seat, true), word: found.word, shooter: seatName(found.shooter, true), de_shooter: deName(seatName(found.shooter, true)), winner: seatName(found.winner, true) }),
  );
}

function helpEl(v) {
  if (v.over) return null;
  const lines = [];
  if (v.phase === "serve") {
    lines.push(tr("serve_help", { w: v.weight }));
    if (v.serve_number === 2) lines.push(tr("second_serve_help"));
    lines.push(tr("ace_help"));
  } else if (v.phase === "rally") {
    lines.push(tr("rally_help", { w: v.weight }));
    if (v.returns === 0) lines.push(tr("ace_help"));
  }
  return h("details", { class: "tennis-mots-help", open: myTurnToLay() ? true : undefined }, h("summary", null, tr("how")), lines.map((l) => h("p", null, l)));
}

function previewEl(v) {
  if (!draft.some((c) => c.from === "hand")) return h("p", { class: "tennis-mots-preview" }, tr("add_a_card"));
  if (!info) return h("p", { class: "tennis-mots-preview" }, "…");
  if (!info.ok) {
    return h("p", { class: "tennis-mots-preview tennis-mots-bad", id: "tm-preview", role: "status" }, "✗ " + tr("refused", { r: info[lang()] || info.fr }));
  }
  const i = info.info;
  const known = i.known ? (i.complete ? tr("known_complete") : tr("known_start", { e: i.example || "…" })) : tr("unknown");
  let label = tr("play", { name: both(i.announce) });
  if (i.kind === "net") label = tr("play_net");
  if (i.kind === "fault") label = tr("play_fault");
  if (i.kind === "double_fault") label = tr("play_double_fault");
  return h(
    "div",
    { class: "tennis-mots-preview", id: "tm-preview", "data-kind": i.kind, role: "status", "aria-live": "polite" },
    h("p", null, h("strong", { class: "tennis-mots-announce" }, both(i.announce)), " · ", tr("points", { v: i.value, w: i.weight })),
    h("p", { class: i.known ? "tennis-mots-known" : "tennis-mots-unknown" }, known),
    (i.explain || []).map((e) => h("p", null, both(e))),
    h("button", { type: "button", class: "tennis-mots-play", id: "tm-play", "data-fkey": "play", onclick: playDraft }, label + agree(` (${i.value} pts)`, lang())),
  );
}

/** The word being built as letters: a stated joker shows its letter, a double the
 * letter it copies; what the engine will read comes back with the preview. */
function draftWord() {
  const out = draft.map((c) => (LETTERS.includes(c.glyph) ? c.glyph : c.letter || c.shown || "?"));
  for (let i = 0; i < draft.length; i++) {
    if (draft[i].glyph === "◀" && i > 0) out[i] = out[i - 1];
  }
  for (let i = draft.length - 1; i >= 0; i--) {
    if (draft[i].glyph === "▶" && i + 1 < draft.length) out[i] = out[i + 1];
  }
  const read = info && info.ok && info.info && info.info.letters;
  const text = out.join("");
  // A joker left to the engine reads "?" here: the engine's letter takes its place
  // ("B", not "? → B"); only a word read otherwise is shown with an arrow.
  const guessed = read && read.length === text.length && [...text].every((c, i) => c === "?" || c === read[i]);
  if (guessed) return read;
  return read && read !== text ? `${text} → ${read}` : text;
}

function builderEl(v) {
  const parts = [slotEl(0)];
  draft.forEach((c, i) => {
    const isSel = selected && selected.where === "draft" && selected.id === c.id;
    parts.push(
      cardEl(c, {
        where: "draft",
        from: c.from,
        inDraft: true,
        selected: isSel,
        draggable: true,
        onclick: () => {
          selected = isSel ? null : { where: "draft", id: c.id };
          render();
        },
      }),
    );
    parts.push(slotEl(i + 1));
  });
  const word = draftWord();
  const selDraft = selected && selected.where === "draft" ? selected.id : null;
  const selIndex = selDraft === null ? -1 : draft.findIndex((c) => c.id === selDraft);
  const selGlyph = selIndex >= 0 ? draft[selIndex].glyph : null;
  const off = offTable();
  return h(
    "section",
    { class: "tennis-mots-builder", id: "tm-builder", "aria-label": tr("build") },
    h("h3", null, tr("build")),
    h("p", { class: "tennis-mots-small" }, tr("build_help")),
    h("p", { class: "tennis-mots-small keys-help", id: "tm-keys" }, tr("build_keys")),
    h("div", { class: "tennis-mots-row tennis-mots-draft", id: "tm-draft" }, parts),
    h("p", { class: "tennis-mots-growing", id: "tm-word" }, tr("your_word", { w: word || "—" })),
    selIndex >= 0
      ? h(
          "div",
          { class: "tennis-mots-buttons" },
          h("button", { type: "button", "data-fkey": "left", disabled: selIndex === 0 ? true : undefined, onclick: () => moveDraftCard(selDraft, selIndex - 1) }, tr("left")),
          h("button", { type: "button", "data-fkey": "right", disabled: selIndex === draft.length - 1 ? true : undefined, onclick: () => moveDraftCard(selDraft, selIndex + 2) }, tr("right")),
          h("button", { type: "button", class: "tennis-mots-remove", "data-fkey": "remove", onclick: () => removeDraftCard(selDraft) }, tr("remove")),
        )
      : null,
    DOUBLE_GLYPHS.includes(selGlyph)
      ? h(
          "div",
          { class: "tennis-mots-buttons tennis-mots-turn", role: "group", "aria-label": tr("double_turn") },
          h("span", null, tr("double_turn") + " "),
          h("button", { type: "button", class: "tennis-mots-double-before", "data-fkey": "turn-before", "aria-pressed": selGlyph === "◀" ? "true" : "false", onclick: () => turnDouble(selDraft, "◀") }, tr("double_before")),
          h("button", { type: "button", class: "tennis-mots-double-after", "data-fkey": "turn-after", "aria-pressed": selGlyph === "▶" ? "true" : "false", onclick: () => turnDouble(selDraft, "▶") }, tr("double_after")),
        )
      : null,
    off.length
      ? h(
          "div",
          { class: "tennis-mots-row tennis-mots-off" },
          h("span", null, tr("to_pot") + " "),
          off.map((c) =>
            cardEl({ ...c, shown: c.letter }, { where: "off", onclick: () => {
              draft.push({ id: c.id, glyph: c.glyph, letter: "", shown: c.letter, value: c.value, from: "table" });
              draftChanged();
            } }),
          ),
        )
      : null,
    previewEl(v),
    h(
      "div",
      { class: "tennis-mots-buttons" },
      h("button", { type: "button", class: "tennis-mots-reset", "data-fkey": "reset", onclick: () => { draft = freshDraft(); draftChanged(); } }, tr("reset")),
      (msg.legal || []).some((a) => a.type === "net" && (!a.cards || a.cards.length === 0))
        ? h("button", { type: "button", class: "tennis-mots-pass", id: "tm-pass", "data-fkey": "pass", title: tr("pass_help"), onclick: () => send({ type: "net", cards: [] }) }, tr("pass"))
        : null,
    ),
  );
}

function handEl(v) {
  const open = openHands();
  if (open) {
    return h(
      "section",
      { class: "tennis-mots-hand", id: "tm-hand", "aria-label": tr("hands") },
      open.map((hand, s) => h("div", { class: "tennis-mots-row" }, h("span", null, seatName(s, true) + tr("colon")), hand.map((c) => cardEl(c)))),
    );
  }
  if (v.seat === null || v.seat === undefined) return h("p", null, tr("spectator"));
  const mine = handCards();
  const can = myTurnToLay();
  return h(
    "section",
    { class: "tennis-mots-hand", id: "tm-hand", "aria-label": tr("hand") },
    h("h3", null, tr("hand")),
    mine.length
      ? h(
          "div",
          { class: "tennis-mots-row" },
          mine.map((c) => {
            const isSel = selected && selected.where === "hand" && selected.id === c.id;
            return cardEl(c, {
              where: "hand",
              selected: isSel,
              draggable: can,
              onclick: can
                ? () => {
                    selected = isSel ? null : { where: "hand", id: c.id };
                    render();
                  }
                : undefined,
            });
          }),
        )
      : h("p", null, tr("hand_empty")),
  );
}

function jokerEl() {
  if (!joker) return null;
  const { card } = joker;
  const cancel = h("button", { type: "button", "data-fkey": "joker-cancel", onclick: () => { joker = null; render(); } }, tr("cancel"));
  if (joker.kind === "double") {
    return h(
      "div",
      { class: "tennis-mots-dialog", id: "tm-joker", role: "dialog", "aria-label": tr("double_title") },
      h("p", null, h("strong", null, tr("double_title")), " — ", tr("double_ask")),
      h("button", { type: "button", "data-fkey": "double-before", class: "tennis-mots-double-before", onclick: () => finishJoker("◀", "") }, tr("double_before")),
      h("button", { type: "button", "data-fkey": "double-after", class: "tennis-mots-double-after", onclick: () => finishJoker("▶", "") }, tr("double_after")),
      cancel,
    );
  }
  const letters = JOKER_CHOICES[card.face];
  return h(
    "div",
    { class: "tennis-mots-dialog", id: "tm-joker", role: "dialog", "aria-label": tr("joker_title", { g: card.face }) },
    h("p", null, h("strong", null, tr("joker_title", { g: card.face })), " — ", tr("joker_letter")),
    h(
      "div",
      { class: "tennis-mots-letters" },
      [...letters].map((l) => h("button", { type: "button", "data-letter": l, "data-fkey": `joker-${l}`, onclick: () => finishJoker(card.face, l) }, l)),
    ),
    h("button", { type: "button", "data-fkey": "joker-auto", class: "tennis-mots-joker-auto", onclick: () => finishJoker(card.face, "") }, tr("joker_auto")),
    cancel,
  );
}

function logLine(e) {
  // Every word of a line in the page's language: the engine logs the French shot names
  // (its own vocabulary); the screen's strings give each one in English.
  const who = (s) => seatName(s, true);
  const names = strings[lang()].shot_names;
  const shot = (n) => names[n] ?? n;
  switch (e.kind) {
    case "shot":
      return tr("log_shot", { who: who(e.seat), word: e.word, names: e.names.map(shot).join(" · "), v: e.value });
    case "net":
      return e.discarded ? tr("log_net", { who: who(e.seat), word: e.word, v: e.value, w: e.weight }) : tr("log_pass", { who: who(e.seat) });
    case "fault":
      return tr(e.double ? "log_double_fault" : "log_fault", { who: who(e.seat), word: e.word, v: e.value, w: e.weight, n: e.penalty ?? 0 });
    case "challenge":
      return tr(e.valid ? "verdict_valid" : "verdict_invalid", { who: who(e.seat), word: e.word, shooter: who(e.shooter), de_shooter: deName(who(e.shooter)), winner: who(e.winner) });
    case "rally":
      return (
        tr("log_rally", { who: who(e.winner), n: e.cards }) +
        (e.points !== undefined ? tr("log_points", { p: e.points }) : "") +
        (e.ace ? tr("log_ace") : "") +
        (e.bonus ? tr("log_bonus", { n: e.bonus }) : "") +
        (e.unpaid ? " — " + tr("unpaid") : "")
      );
    case "set":
      return tr("log_set", { n: e.number, scores: e.scores.join(" – ") }) + (strings[lang()].ends[e.reason] ? ` (${strings[lang()].ends[e.reason]})` : "");
    case "match":
      return tr("match_over", { name: who(e.winner) });
    default:
      return null;
  }
}

function logEl(v) {
  const lines = (v.log || []).slice().reverse().map((e) => [e, logLine(e)]).filter(([, l]) => l);
  return h(
    "section",
    { class: "tennis-mots-log", id: "tm-log", "aria-label": tr("log") },
    h("h3", null, tr("log")),
    notes.map((text) => h("p", { class: "tennis-mots-log-note" }, text)),
    lines.length ? h("ol", { reversed: true }, lines.map(([e, l]) => h("li", { class: `tennis-mots-log-${e.kind}` }, l))) : h("p", null, tr("log_empty")),
  );
}

function hintsEl(v) {
  // Over, the hints of some rally long past would read as the end's verdict.
  if (ctx.readOnly || v.seat === null || v.seat === undefined || v.over) return null;
  const box = [h("button", { type: "button", class: "tennis-mots-hints-button", id: "tm-hints-button", "data-fkey": "hints", title: tr("hints_help"), onclick: askHints }, tr("hints"))];
  if (hintsInfo && hintsInfo.searching) {
    box.push(h("p", { id: "tm-hints-searching", class: "muted" }, tr("hints_searching")));
  } else if (hintsInfo) {
    if (hintsInfo.shots === undefined) {
      box.push(h("p", { id: "tm-hints" }, both(hintsInfo.message) || tr("hints_none")));
    } else {
      const played = hintsInfo.played ? hintsInfo.played.word || tr("pass") : "—";
      box.push(h("p", null, tr("hints_before", { played })));
      if (!hintsInfo.shots.length) box.push(h("p", { id: "tm-hints" }, tr("hints_none")));
      else
        box.push(
          h(
            "ul",
            { class: "tennis-mots-hints", id: "tm-hints" },
            hintsInfo.shots.map((s) =>
              h("li", null, tr("hints_shot", { word: s.word, names: both(s.announce), v: s.value }) + (!s.complete && s.example ? tr("hints_example", { e: s.example }) : "") + (s.better ? ` — ${tr("better")}` : "")),
            ),
          ),
        );
      box.push(h("p", { class: "tennis-mots-small", id: "tm-hints-legend" }, tr("hints_legend")));
    }
  }
  return h("section", { class: "tennis-mots-hintbox" }, box);
}

/** Whose turn it is (or who won), as the status line and the live region say it. */
function statusText(v) {
  if (v.over) return "★ " + tr("match_over", { name: seatName(v.winner, true) });
  const mayChallenge = !ctx.readOnly && v.pending && v.seat !== null && v.seat !== undefined && v.pending.waiting.includes(v.seat);
  if (myTurnToLay()) return v.phase === "serve" ? tr("your_turn_serve") : tr("your_turn");
  const named = (seat) => ({ name: seatName(seat), de_name: deName(seatName(seat)) });
  if (mayChallenge) return tr("your_challenge", named(v.pending.shooter));
  if (v.pending) return tr("wait_challenge", named(v.pending.shooter));
  return tr("wait_turn", named(v.turn));
}

// The status is drawn again at every change; what a screen reader hears of it goes
// through the live regions kept across renders (`live`, `alertBox`), which a freshly
// drawn element with a role would not do reliably.
function statusEl(v) {
  if (v.over) {
    const sets = v.set_scores.length ? tr("set_scores", { s: v.set_scores.map((x) => x.join("–")).join(" | ") }) : "";
    return h("div", { class: "tennis-mots-end", id: "tm-end" }, h("p", { class: "tennis-mots-status" }, statusText(v)), sets ? h("p", null, sets) : null);
  }
  return h("p", { class: "tennis-mots-status", id: "tm-status" }, statusText(v), refusedText ? h("span", { class: "tennis-mots-bad", id: "tm-refused" }, " ✗ " + refusedText) : null);
}

function render() {
  if (!root) return;
  const v = view();
  if (!v) {
    replaceChildren(screen);
    return;
  }
  if (draft === null) draft = freshDraft();
  say(live, statusText(v));
  replaceChildren(
    screen,
    h(
      "div",
      {
        class: "tennis-mots",
        id: "tm-root",
        lang: lang(),
        "data-version": msg.version,
        "data-phase": v.phase,
        "data-weight": v.weight,
        "data-set": v.set,
        "data-sets-won": v.sets_won.join(","),
        "data-mine": myTurnToLay() ? "1" : "0",
      },
      header(v),
      h(
        "div",
        { class: "tennis-mots-columns" },
        h(
          "div",
          { class: "tennis-mots-main" },
          statusEl(v),
          verdictEl(v),
          pendingEl(v),
          v.over ? null : tableEl(v),
          myTurnToLay() ? builderEl(v) : null,
          jokerEl(),
          v.over && !openHands() ? null : handEl(v),
          helpEl(v),
        ),
        h("div", { class: "tennis-mots-side" }, playersEl(v), hintsEl(v), logEl(v)),
      ),
    ),
  );
  if (joker) {
    const first = root.querySelector(".tennis-mots-dialog button");
    if (first && !root.querySelector(".tennis-mots-dialog").contains(document.activeElement)) first.focus();
  }
}

/** Changes when a rally ends (cards won, a set, a malus): hints shown before are stale. */
function rallyKey(v) {
  const shown = v.public ? v.public : v;
  return JSON.stringify([shown.set, shown.tricks, shown.malus, shown.sets_won, shown.over]);
}

export function mount(el, context) {
  root = el;
  ctx = context;
  sending = false;
  screen = h("div", { class: "tennis-mots-screen" });
  live = h("p", { class: "offscreen", id: "tm-live", "aria-live": "polite" });
  alertBox = h("p", { class: "offscreen", id: "tm-alert", role: "alert" });
  root.append(screen, live, alertBox);
  msg = null;
  shownTable = null;
  draft = null;
  draftKey = null;
  selected = null;
  info = null;
  hintsInfo = null;
  joker = null;
  notes = [];
  if (!document.querySelector("link[data-tennis-mots-css]")) {
    document.head.appendChild(h("link", { rel: "stylesheet", href: new URL("./tennis-mots.css", import.meta.url).href, "data-tennis-mots-css": "1" }));
  }
  if (!keysBound) {
    keysBound = true;
    document.addEventListener("keydown", onKey);
  }
}

export function update(message) {
  if (!message) return;
  if (message.type === "refused") {
    // A refused preview or question is shown where it was asked (the preview box, the
    // hints); a refused action in the status line.
    if (message.ref === "preview" || message.ref === "ask") return true;
    if (message.ref !== "act") return false;
    sending = false;
    refusedText = message[lang()] || message.fr;
    say(alertBox, refusedText);
    render();
    return true;
  }
  if (message.type === "played_for_you") {
    notes = [...notes, message.text].slice(-5);
    render();
    return false;
  }
  if (message.type !== "table") return;
  // Hints answer for one shot: they go once this seat plays again or the rally ends.
  const before = msg && msg.view ? rallyKey(msg.view) : null;
  const after = message.view ? rallyKey(message.view) : null;
  const mine = message.last && message.view && message.last.seat === message.view.seat;
  if (hintsInfo && !hintsInfo.searching && (before !== after || (mine && msg && message.version !== msg.version))) hintsInfo = null;
  msg = message;
  sending = false;
  const v = message.view;
  const key = v ? `${message.version}:${v.seat}` : null;
  if (key !== draftKey) {
    draftKey = key;
    draft = freshDraft();
    selected = null;
    info = null;
    joker = null;
    refusedText = null;
    previewSeq++;
  }
  render();
}
