// The Game's screen: four piles, the hand, the turn, signals, table talk and the end.
// It renders only from the view the server sends and knows what is legal only from the
// `legal` list (or the engine's refusal): no rule of the game lives here.

import { h, replaceChildren } from "../dom.js";
import { botLabel, deName } from "../i18n.js";

export const strings = {
  fr: {
    tg_piles: "Piles",
    tg_pile_a: "↑A{n} montante",
    tg_pile_d: "↓D{n} descendante",
    tg_up: "↑",
    tg_down: "↓",
    tg_top: "dessus : {top}",
    tg_hand: "Votre main",
    tg_no_hand: "Vous regardez : les mains restent cachées.",
    tg_fits_none: "ne va sur aucune pile",
    tg_fits_one: "va sur {piles}",
    tg_fits_trick: "{piles} en arrière de 10",
    tg_fits_many: "va sur {n} piles : {piles}",
    tg_here: "✓ ici",
    tg_here_trick: "↺ ici (−10)",
    tg_trick: "en arrière de 10",
    tg_not_here: "✕ non",
    tg_play_on: "Poser le {card} sur {pile}",
    tg_pick_card: "Choisissez d'abord une carte, puis une pile.",
    tg_selected: "Carte choisie : {card} → {piles}",
    tg_nowhere: "Le {card} ne va sur aucune pile pour l'instant.",
    tg_end_turn: "Fin de tour",
    tg_take_back: "Annuler la dernière carte",
    tg_take_back_card: "Annuler la dernière carte : reprendre le {card} (Ctrl+Z)",
    tg_keys_take_back: "Ctrl+Z reprend la dernière carte posée tant que le tour n'est pas fini.",
    tg_last_take_back: "Dernier coup — {name} {text}",
    tg_your_turn: "À vous de jouer.",
    tg_turn_of: "À {name} de jouer.",
    tg_choose_start: "Qui commence ? Choisissez avant la première carte.",
    tg_other_chooses: "{name} choisit qui commence (parlez-en ensemble).",
    tg_starts: "{name} commence",
    tg_still: "Encore {n} carte(s) au moins ce tour.",
    tg_may_end: "Minimum atteint : continuez ou finissez le tour.",
    tg_laid: "Posées ce tour : {n}",
    tg_laid_list: "Posées ce tour : {list}",
    tg_laid_of: "{name} a posé ce tour : {n}",
    tg_laid_list_of: "{name} a posé ce tour : {list}",
    tg_still_of: "{name} doit encore poser {n} carte(s) au moins.",
    tg_may_end_of: "{name} a posé le minimum : peut continuer ou finir le tour.",
    tg_on: "{card} sur {pile}",
    tg_on_trick: "{card} sur {pile} ↺",
    tg_prev_turn: "Tour précédent — {name} : {list}",
    tg_prev_turn_none: "Tour précédent — {name} : aucune carte",
    tg_draw: "Pioche : {n}",
    tg_draw_empty: "Pioche vide : 1 carte par tour au minimum",
    tg_cards: "{n} carte(s)",
    tg_to_play: "▶ joue",
    tg_players: "Joueurs",
    tg_signals: "Signaux",
    tg_signal_keep: "Garde-la-moi (ne touche pas)",
    tg_signal_good: "Je joue bien ici",
    tg_signal_keep_short: "Garde",
    tg_signal_good_short: "Bon ici",
    tg_signal_by: "{signal} — {name}",
    tg_signal_set: "Signal « {signal} » sur {pile}",
    tg_chat: "Discussion à la table",
    tg_chat_label: "Message à la table (sans nombre)",
    tg_chat_send: "Envoyer",
    tg_chat_rule: "Interdit de donner une valeur : ni chiffre ni nombre en lettres. Les noms des piles passent (A1, ↓D2, « la montante 2 »).",
    tg_keys: "Clavier : tapez le numéro d'une carte (n'importe où sur la page), flèches pour changer, Entrée pour la poser (sur la seule pile possible, sinon choisissez la pile), Échap pour annuler, F pour finir le tour.",
    tg_over: "Partie terminée",
    tg_reason_all_cards_played: "Victoire totale : les 98 cartes sont posées !",
    tg_reason_stuck: "Bloqué : {name} ne pouvait plus poser le minimum.",
    tg_reason_other: "Fin de la partie ({reason}).",
    tg_score: "Score : {score} carte(s) non posée(s)",
    tg_excellent: "Excellent (moins de 10) !",
    tg_left: "Cartes restantes",
    tg_left_hidden: "{n} carte(s) cachée(s)",
    tg_none_left: "aucune",
    tg_waiting: "En attente…",
    tg_spectating: "Spectateur",
    tg_replay: "Relecture",
    tg_last: "Dernier coup — {name} : {text}",
    tg_legend: "Sous chaque carte : ↑A1 = une seule pile possible · ★×3 = trois piles possibles · ↺ = en arrière de 10 possible (47 sur 57 montante) · ✕ (hachurée) = aucune pile.",
    tg_bot_name: "{bot} (place {n})",
    tg_replay_open: "Toutes les cartes sont ouvertes : les mains sont dans la liste des joueurs.",
    tg_hand_of: "Main {de_name}",
    tg_away: "absent",
    tg_here_ends: "⚠ fin de partie",
    tg_corner_warn: "⚠ Après le {card} sur {pile}, vous ne pourrez plus poser le minimum : la partie s'arrêtera. Refaites le même geste pour confirmer, Échap pour annuler.",
  },
  en: {
    tg_piles: "Piles",
    tg_pile_a: "↑A{n} ascending",
    tg_pile_d: "↓D{n} descending",
    tg_up: "↑",
    tg_down: "↓",
    tg_top: "top: {top}",
    tg_hand: "Your hand",
    tg_no_hand: "You are watching: hands stay hidden.",
    tg_fits_none: "fits no pile",
    tg_fits_one: "fits {piles}",
    tg_fits_trick: "{piles} 10 backwards",
    tg_fits_many: "fits {n} piles: {piles}",
    tg_here: "✓ here",
    tg_here_trick: "↺ here (−10)",
    tg_trick: "10 backwards",
    tg_not_here: "✕ no",
    tg_play_on: "Lay {card} on {pile}",
    tg_pick_card: "Choose a card first, then a pile.",
    tg_selected: "Card chosen: {card} → {piles}",
    tg_nowhere: "{card} fits no pile for now.",
    tg_end_turn: "End turn",
    tg_take_back: "Take back last card",
    tg_take_back_card: "Take back last card: the {card} (Ctrl+Z)",
    tg_keys_take_back: "Ctrl+Z takes back the last card laid until the turn is ended.",
    tg_last_take_back: "Last move — {name} {text}",
    tg_your_turn: "Your turn.",
    tg_turn_of: "{name} to play.",
    tg_choose_start: "Who starts? Choose before the first card.",
    tg_other_chooses: "{name} chooses who starts (talk it over).",
    tg_starts: "{name} starts",
    tg_still: "At least {n} more card(s) this turn.",
    tg_may_end: "Minimum reached: play on or end the turn.",
    tg_laid: "Laid this turn: {n}",
    tg_laid_list: "Laid this turn: {list}",
    tg_laid_of: "{name} laid this turn: {n}",
    tg_laid_list_of: "{name} laid this turn: {list}",
    tg_still_of: "{name} must still lay at least {n} card(s).",
    tg_may_end_of: "{name} laid the minimum: may play on or end the turn.",
    tg_on: "{card} on {pile}",
    tg_on_trick: "{card} on {pile} ↺",
    tg_prev_turn: "Previous turn — {name}: {list}",
    tg_prev_turn_none: "Previous turn — {name}: no card",
    tg_draw: "Draw pile: {n}",
    tg_draw_empty: "Draw pile empty: at least 1 card per turn",
    tg_cards: "{n} card(s)",
    tg_to_play: "▶ to play",
    tg_players: "Players",
    tg_signals: "Signals",
    tg_signal_keep: "Keep it for me (don't touch)",
    tg_signal_good: "I play well here",
    tg_signal_keep_short: "Keep",
    tg_signal_good_short: "Good here",
    tg_signal_by: "{signal} — {name}",
    tg_signal_set: "Signal '{signal}' on {pile}",
    tg_chat: "Table talk",
    tg_chat_label: "Message to the table (no numbers)",
    tg_chat_send: "Send",
    tg_chat_rule: "Giving a value is forbidden: no digits, no number words. Pile names are fine (A1, ↓D2, 'ascending 2').",
    tg_keys: "Keyboard: type a card's number (anywhere on the page), arrows to move, Enter to lay it (on its only pile, else choose the pile), Escape to cancel, F to end the turn.",
    tg_over: "Game over",
    tg_reason_all_cards_played: "Total victory: all 98 cards are laid!",
    tg_reason_stuck: "Stuck: {name} could no longer lay the minimum.",
    tg_reason_other: "Game over ({reason}).",
    tg_score: "Score: {score} card(s) not laid",
    tg_excellent: "Excellent (under 10)!",
    tg_left: "Cards left",
    tg_left_hidden: "{n} card(s), hidden",
    tg_none_left: "none",
    tg_waiting: "Waiting…",
    tg_spectating: "Spectator",
    tg_replay: "Replay",
    tg_last: "Last move — {name}: {text}",
    tg_legend: "Under each card: ↑A1 = one pile only · ★×3 = three piles · ↺ = 10 backwards possible (47 on 57 ascending) · ✕ (hatched) = no pile.",
    tg_bot_name: "{bot} (seat {n})",
    tg_replay_open: "All cards are open: the hands are in the list of players.",
    tg_hand_of: "{name}'s hand",
    tg_away: "away",
    tg_here_ends: "⚠ ends the game",
    tg_corner_warn: "⚠ After {card} on {pile} you can no longer lay the minimum: the game will end. Do the same again to confirm, Escape to cancel.",
  },
};

const PILES = ["a1", "a2", "d1", "d2"];
const SIGNAL_ICON = { keep: "⚑", good: "◎" };

let ctx = null;
let t = (k) => k;
let els = null;
let msg = null;
let selected = null; // the card chosen, waiting for a pile
let pending = false; // an action is on its way: no second one until the answer
let turnLog = []; // [{card, pile}] laid this turn, as seen live (a reload only knows the count)
let lastVersion = -1;
let typed = "";
let typedTimer = null;
let chatLog = [];
let notes = []; // what a bot played for this seat while its player was away
let keysBound = false;
let confirming = null; // "card:pile" of a play that ends the game, warned once
let chatSent = null; // the line sent to the table, kept in the box until it comes back

/** Called once by the shell. */
export function mount(root, context) {
  ctx = context;
  t = ctx.t;
  selected = null;
  confirming = null;
  pending = false;
  turnLog = [];
  lastVersion = -1;
  shownTops = new Map();
  chatLog = [];
  chatSent = null;
  notes = [];
  els = {
    status: h("p", { class: "tg-status", id: "tg-status", "aria-live": "polite" }),
    counters: h("p", { class: "tg-counters", id: "tg-counters" }),
    last: h("p", { class: "tg-last muted", id: "tg-last" }),
    prev: h("p", { class: "tg-last tg-prev muted", id: "tg-prev" }),
    players: h("ul", { class: "tg-players", id: "tg-players", "aria-label": t("tg_players") }),
    piles: h("div", { class: "tg-piles", id: "tg-piles", role: "group", "aria-label": t("tg_piles") }),
    turn: h("div", { class: "tg-turn", id: "tg-turn" }),
    message: h("p", { class: "tg-message", id: "tg-message", role: "alert" }),
    hand: h("div", { class: "tg-hand", id: "tg-hand", role: "toolbar", "aria-label": t("tg_hand") }),
    handTitle: h("h3", { class: "tg-hand-title", id: "tg-hand-title" }, t("tg_hand")),
    keys: h("p", { class: "help tg-keys keys-help" }, t("tg_keys")),
    legend: h("p", { class: "help tg-legend", id: "tg-legend" }, t("tg_legend")),
    signalToggle: h("button", { type: "button", class: "tiny", id: "tg-signals-toggle", "aria-controls": "tg-piles", "aria-expanded": "false" }, `${SIGNAL_ICON.keep} ${t("tg_signals")}`),
    start: h("div", { class: "tg-start", id: "tg-start" }),
    end: h("section", { class: "tg-end card", id: "tg-end", hidden: true, "aria-live": "polite" }),
    chat: h("section", { class: "tg-chat", id: "tg-chat", "aria-label": t("tg_chat") }),
  };
  els.handBox = h("div", { class: "tg-hand-box" }, els.handTitle, els.hand, ctx.readOnly ? null : els.legend);
  els.hand.addEventListener("keydown", onHandKey);
  // A phone turned, a window narrowed: the hand's rows are worked out again.
  if (window.ResizeObserver) new ResizeObserver(() => fitHand()).observe(els.handBox);
  // Signal buttons fold away on a phone so the hand stays on screen; the signals set
  // are always shown on the piles.
  const showSignals = (on) => {
    els.piles.classList.toggle("show-signals", on);
    els.signalToggle.setAttribute("aria-expanded", on ? "true" : "false");
  };
  showSignals(window.matchMedia("(min-width: 600px) and (min-height: 501px)").matches);
  els.signalToggle.hidden = Boolean(ctx.readOnly) || ctx.seat === null || ctx.seat === undefined;
  els.signalToggle.addEventListener("click", () => showSignals(!els.piles.classList.contains("show-signals")));
  els.piles.addEventListener("keydown", onPileKey);
  const board = h(
    "section",
    { class: "tg", "aria-label": "The Game" },
    h("div", { class: "tg-info" }, els.status, els.prev, els.last, h("div", { class: "tg-counters-row" }, els.counters, els.signalToggle), els.players),
    els.end,
    els.start,
    els.piles,
    els.message,
    els.handBox,
    els.turn,
    ctx.readOnly ? null : els.chat,
    ctx.readOnly ? null : els.keys,
  );
  root.appendChild(board);
  if (!keysBound) {
    document.addEventListener("keydown", onGlobalKey);
    keysBound = true;
  }
  buildChat();
}

/** Called with every `table` message (and `refused`); returns true when it showed a refusal. */
export function update(message) {
  if (!els) return false;
  if (message.type === "chat_log") {
    chatLog = (message.chat || []).slice(-50);
    if (msg) renderChat();
    return false;
  }
  if (message.type === "chat") {
    chatLog = [...chatLog, message].slice(-50);
    // A refusal holds until the next line of talk; one's own line, once the table has
    // it, leaves the box (a refused one stays there to be reworded).
    clearChatError();
    if (chatSent !== null && message.seat === ctx.seat && message.text === chatSent) {
      if (oneLine(els.chatInput.value) === chatSent) els.chatInput.value = "";
      chatSent = null;
    }
    if (msg) renderChat();
    return false;
  }
  if (message.type === "played_for_you") {
    // What a stand-in played for this seat: kept in the table's log under the talk.
    notes = [...notes, message.text].slice(-5);
    if (msg) renderChat();
    return false;
  }
  if (message.type === "refused") {
    if (message.ref !== "act" && message.ref !== "chat") return false;
    pending = false;
    const text = message[ctx.lang] || message.fr || message.en || message.code;
    if (message.ref === "chat") {
      chatSent = null;
      els.chatError.textContent = text;
      els.chatInput.setAttribute("aria-invalid", "true");
      els.chatInput.focus();
    } else {
      els.message.textContent = text;
    }
    renderHand();
    renderPiles();
    return true;
  }
  if (message.type !== "table" || !message.view) return false;
  const previous = msg;
  msg = { ...message, view: openView(message.view) };
  pending = false;
  trackTurn(previous, msg);
  if (msg.view.over) fetchFinalHands();
  if (previous && previous.version !== message.version) {
    els.message.textContent = "";
    confirming = null;
  }
  if (selected !== null && !(message.view.hand || []).includes(selected)) selected = null;
  render();
  return false;
}

// --- what the view says -------------------------------------------------------------

function view() {
  return msg.view;
}

/** A seat's name as the screen shows it; `bare` leaves out "(absent)" for the lines
 * that repeat the name the status line has just marked. */
function seatName(seat, bare = false) {
  const seats = (msg && msg.table && msg.table.seats) || [];
  const s = seats.find((x) => x.seat === seat);
  let name = s && s.name ? s.name : t("seat_label", { n: seat + 1 });
  if (s && s.kind === "bot") name = t("tg_bot_name", { bot: botLabel(s, ctx.lang), n: seat + 1 });
  if (s && s.zombie) name = `${name} (${s.stand_in ? botLabel({ label: s.stand_in }, ctx.lang) : t("bot")})`;
  else if (gone(s) && !bare) name = `${name} (${t("tg_away")})`;
  return seat === ctx.seat && !ctx.readOnly ? `${name} (${t("you")})` : name;
}

/** A person whose page is closed (or whose phone went to sleep): the others see it
 * at once instead of waiting on a silent seat. A replay says nothing of it. */
function gone(s) {
  return Boolean(s) && s.kind === "person" && s.connected === false && !ctx.readOnly && !(msg && msg.replay);
}

function pileLabel(name) {
  const n = name.slice(1);
  return name[0] === "a" ? t("tg_pile_a", { n }) : t("tg_pile_d", { n });
}

function pileShort(name) {
  return `${name[0] === "a" ? t("tg_up") : t("tg_down")}${name.toUpperCase()}`;
}

/** Is laying ``card`` on pile ``name`` the trick of 10 (against the pile's way)? Only
 * asked of plays the server listed as legal, so the way alone tells it. */
function isTrick(card, name) {
  const pile = (view().piles || []).find((p) => p.name === name);
  return Boolean(pile) && (pile.ascending ? card < pile.top : card > pile.top);
}

/** "47 sur ↑A2 ↺": a laid card as the screen writes it, the trick of 10 marked. */
function laidText(play) {
  return t(play.trick ? "tg_on_trick" : "tg_on", { card: play.card, pile: pileShort(play.pile) });
}

/** What the server says the turn under way and the one before laid (`extra.turns`). */
function turns() {
  return (msg && msg.extra && msg.extra.turns) || null;
}

/** card → [pile names] it may go on now, from the server's legal actions. */
function fits() {
  const map = new Map();
  for (const action of msg.legal || []) {
    if (action.type !== "play") continue;
    if (!map.has(action.card)) map.set(action.card, []);
    map.get(action.card).push(action.pile);
  }
  return map;
}

function canEnd() {
  return (msg.legal || []).some((a) => a.type === "end");
}

/** The take-back the server allows now (it names the card: a tap sent twice is refused
 * instead of taking back one more card), or null. */
function takeBack() {
  return (msg.legal || []).find((a) => a.type === "takeback") || null;
}

function offersTakeBack() {
  const options = view().options || {};
  return Boolean(options.takeback);
}

function sendTakeBack() {
  const action = takeBack();
  if (!action || !myTurn() || pending) return false;
  selected = null;
  confirming = null;
  send(action);
  return true;
}

/** "card:pile" of the plays after which the minimum is out of reach (the game ends):
 * the server works them out from this seat's view, the screen warns before one. */
function endsGame(card, pile) {
  const corners = (msg && msg.extra && msg.extra.corners) || [];
  return corners.some((c) => c.card === card && c.pile === pile);
}

function myTurn() {
  const v = view();
  return !ctx.readOnly && ctx.seat !== null && ctx.seat !== undefined && !v.over && (v.to_act || []).includes(ctx.seat);
}

function trackTurn(previous, message) {
  const v = message.view;
  if (Array.isArray(v.laid_this_turn)) {
    // The view lists the turn's cards (a take-back removes one): no guessing needed.
    turnLog = v.laid_this_turn.map((x) => ({ card: x.card, pile: x.pile }));
    lastVersion = message.version;
    return;
  }
  const back = previous && message.version < previous.version; // a replay stepping back
  if (!previous || back || previous.view.current !== v.current || v.played_this_turn === 0) turnLog = [];
  const last = message.last;
  if (last && message.version !== lastVersion && last.action && last.action.type === "play" && v.played_this_turn > turnLog.length) {
    turnLog.push({ card: last.action.card, pile: last.action.pile });
  }
  lastVersion = message.version;
}

/** A replay's all-open step is {seats: [view per seat], public}: one view with every hand. */
function openView(v) {
  if (!v || !Array.isArray(v.seats) || !v.public) return v;
  return { ...v.public, hands: v.seats.map((s) => s.hand || []) };
}

let finalFor = null;
let finalHands = null;

/** Once the game is over every hand may be shown: the server gives them in `extra.hands`
 * when it can, else they come from the finished game's replay (all cards open). */
async function fetchFinalHands() {
  if (msg.view.hands || (msg.extra && msg.extra.hands) || ctx.readOnly) return;
  const table = msg.table || {};
  const key = `${table.code}:${table.game_no}`;
  if (!table.code || finalFor === key) return;
  finalFor = key;
  finalHands = null;
  try {
    const response = await fetch(`/api/tables/${table.code}/replay`);
    if (!response.ok) return;
    const data = await response.json();
    const last = data.steps[data.steps.length - 1];
    if (last && last.view && Array.isArray(last.view.seats)) {
      finalHands = last.view.seats.map((s) => s.hand || []);
      if (msg && msg.view.over) renderEnd();
    }
  } catch (_) {
    /* the end panel shows hand sizes instead */
  }
}

// --- rendering ----------------------------------------------------------------------

function render() {
  renderStatus();
  renderPlayers();
  renderStart();
  renderPiles();
  renderTurn();
  renderHand();
  renderChat();
  renderEnd();
}

function renderStatus() {
  const v = view();
  let text;
  if (v.over) text = t("tg_over");
  else if (!v.started) text = myTurn() ? t("tg_choose_start") : t("tg_other_chooses", { name: seatName(v.current) });
  else if (myTurn()) text = t("tg_your_turn");
  else text = t("tg_turn_of", { name: seatName(v.current) });
  // A live region: written only when its words change, or a screen reader says
  // "À Bob de jouer" again at each of Bob's cards.
  if (els.status.textContent !== text) els.status.textContent = text;
  // Once over, the end panel says "Partie terminée" in its title: not twice.
  els.status.hidden = v.over;
  els.status.classList.toggle("mine", myTurn());
  els.counters.textContent = v.draw_count > 0 ? t("tg_draw", { n: v.draw_count }) : t("tg_draw_empty");
  const last = msg.last;
  const known = turns();
  // The turn before stays in sight through the next one (a bot's fast cards or a
  // reload would hide it), tricks of 10 marked; "fin du tour" alone says nothing more.
  const prev = known && known.previous && !msg.replay ? known.previous : null;
  const prevText = prev ? (prev.plays.length ? t("tg_prev_turn", { name: seatName(prev.seat, true), list: prev.plays.map(laidText).join(", ") }) : t("tg_prev_turn_none", { name: seatName(prev.seat, true) })) : "";
  if (els.prev.textContent !== prevText) els.prev.textContent = prevText;
  els.prev.hidden = !prev;
  let lastText = last && last.text && !msg.replay ? last.text[ctx.lang] || last.text.fr : "";
  const action = last && last.action;
  if (lastText && action && action.type === "play" && known && known.current.length) {
    const play = known.current[known.current.length - 1];
    if (play.card === action.card) lastText = laidText(play);
  }
  // "Alice reprend le 97": a take-back reads as a sentence, not as "Alice : 97 sur ↑A1".
  const lastKey = action && action.type === "takeback" ? "tg_last_take_back" : "tg_last";
  els.last.textContent = lastText ? t(lastKey, { name: seatName(last.seat, true), text: lastText }) : "\u00a0";
  els.last.title = lastText ? els.last.textContent : "";
}

function renderPlayers() {
  const v = view();
  const hands = v.hands || null;
  const rows = [];
  for (let seat = 0; seat < v.players; seat++) {
    const current = !v.over && v.current === seat;
    const size = v.hand_sizes[seat];
    const items = [
      h("span", { class: "tg-turn-mark", "aria-hidden": current ? undefined : "true" }, current ? t("tg_to_play") : ""),
      h("span", { class: "tg-player-name" }, seatName(seat)),
      h("span", { class: "tg-player-cards" }, t("tg_cards", { n: size })),
    ];
    if (hands && hands[seat] && seat !== ctx.seat) {
      items.push(h("span", { class: "tg-open-hand" }, hands[seat].join(" ")));
    }
    rows.push(h("li", { class: `tg-player${current ? " current" : ""}`, "aria-current": current ? "true" : undefined }, items));
  }
  replaceChildren(els.players, rows);
}

function renderStart() {
  const v = view();
  const starts = (msg.legal || []).filter((a) => a.type === "start");
  if (v.started || v.over || !starts.length) {
    replaceChildren(els.start);
    return;
  }
  replaceChildren(
    els.start,
    starts.map((a) =>
      h("button", { type: "button", class: "small", id: `tg-start-${a.seat}`, onclick: () => send({ type: "start", seat: a.seat }) }, t("tg_starts", { name: seatName(a.seat) })),
    ),
  );
}

/** Each pile's top as last drawn: a new top is a card just laid, drawn arriving. */
let shownTops = new Map();

function arrived(pile) {
  const before = shownTops.get(pile.name);
  shownTops.set(pile.name, pile.top);
  return before !== undefined && before !== pile.top;
}

function renderPiles() {
  if (!msg) return;
  const v = view();
  const map = fits();
  const targets = selected !== null ? map.get(selected) || [] : [];
  const focusedPile = document.activeElement && els.piles.contains(document.activeElement) ? document.activeElement.dataset.pile : null;
  const mySignals = new Map();
  for (const s of v.signals || []) if (s.seat === ctx.seat) mySignals.set(s.pile, s.kind);
  const nodes = v.piles.map((pile) => {
    const isTarget = targets.includes(pile.name);
    const ends = isTarget && endsGame(selected, pile.name);
    const trick = isTarget && isTrick(selected, pile.name);
    const signals = (v.signals || []).filter((s) => s.pile === pile.name);
    const label = `${pileLabel(pile.name)}, ${t("tg_top", { top: pile.top })}`;
    const target = h(
      "button",
      {
        type: "button",
        class: `pile-target ${pile.ascending ? "up" : "down"}${isTarget ? " target" : ""}${ends ? " ends" : ""}${selected !== null && !isTarget ? " blocked" : ""}`,
        "data-pile": pile.name,
        "data-fkey": `pile-${pile.name}`,
        "aria-label": selected !== null ? (isTarget ? `${t("tg_play_on", { card: selected, pile: pileLabel(pile.name) })}${trick ? ` (${t("tg_trick")})` : ""}${ends ? ` — ${t("tg_here_ends")}` : ""}` : `${label} — ${t("tg_not_here")}`) : label,
        "aria-disabled": ctx.readOnly ? "true" : undefined,
        tabindex: ctx.readOnly ? "-1" : undefined,
        onclick: () => playOn(pile.name),
        ondragover: (e) => {
          if (dragCard !== null && (map.get(dragCard) || []).includes(pile.name)) {
            e.preventDefault();
            e.dataTransfer.dropEffect = "move";
          }
        },
        ondrop: (e) => {
          e.preventDefault();
          const card = Number(e.dataTransfer.getData("text/plain"));
          if (Number.isInteger(card)) {
            selected = card;
            playOn(pile.name);
          }
        },
      },
      h("span", { class: "pile-dir" }, pileLabel(pile.name)),
      h("span", { class: `pile-top${arrived(pile) ? " arrived" : ""}` }, String(pile.top)),
      h("span", { class: "pile-mark" }, selected === null ? "\u00a0" : ends ? t("tg_here_ends") : trick ? t("tg_here_trick") : isTarget ? t("tg_here") : t("tg_not_here")),
    );
    const badges = h(
      "ul",
      { class: "pile-signals", "aria-label": t("tg_signals") },
      signals.map((s) =>
        h(
          "li",
          { class: `signal signal-${s.kind}` },
          `${SIGNAL_ICON[s.kind] || ""} `,
          t("tg_signal_by", { signal: t(s.kind === "keep" ? "tg_signal_keep_short" : "tg_signal_good_short"), name: seatName(s.seat, true) }),
        ),
      ),
    );
    let controls = null;
    if (!ctx.readOnly && ctx.seat !== null && ctx.seat !== undefined && !v.over) {
      controls = h(
        "div",
        { class: "pile-signal-buttons" },
        ["keep", "good"].map((kind) => {
          const on = mySignals.get(pile.name) === kind;
          const short = t(kind === "keep" ? "tg_signal_keep_short" : "tg_signal_good_short");
          return h(
            "button",
            {
              type: "button",
              class: `tiny signal-toggle signal-${kind}`,
              "aria-pressed": on ? "true" : "false",
              "data-fkey": `sig-${pile.name}-${kind}`,
              title: t(kind === "keep" ? "tg_signal_keep" : "tg_signal_good"),
              "aria-label": t("tg_signal_set", { signal: t(kind === "keep" ? "tg_signal_keep" : "tg_signal_good"), pile: pileLabel(pile.name) }),
              onclick: () => send({ type: "signal", pile: pile.name, kind: on ? "clear" : kind }),
            },
            `${SIGNAL_ICON[kind]} ${short}`,
          );
        }),
      );
    }
    return h("div", { class: "pile" }, target, badges, controls);
  });
  replaceChildren(els.piles, nodes);
  if (focusedPile) {
    const again = els.piles.querySelector(`[data-pile="${focusedPile}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

function renderTurn() {
  const v = view();
  const bits = [];
  if (v.started && !v.over) {
    const still = Math.max(0, v.min_cards - v.played_this_turn);
    // The server's list of this turn's cards (tricks marked, kept over a reload), else
    // the one seen live.
    const told = turns();
    const list = told && told.current.length === v.played_this_turn ? told.current : turnLog;
    const known = list.length === v.played_this_turn && list.length > 0;
    // Someone else's turn says whose it is: "Encore 2 carte(s)" beside one's own
    // greyed "Fin de tour" read as one's own debt.
    const of = myTurn() ? "" : "_of";
    const name = seatName(v.current, true);
    bits.push(
      h(
        "p",
        { class: "tg-laid", id: "tg-laid" },
        known
          ? t(`tg_laid_list${of}`, { name, list: list.map(laidText).join(", ") })
          : t(`tg_laid${of}`, { name, n: v.played_this_turn }),
      ),
      h("p", { class: "tg-still", id: "tg-still" }, still > 0 ? t(`tg_still${of}`, { name, n: still }) : t(`tg_may_end${of}`, { name })),
    );
  } else {
    bits.push(h("p", { class: "tg-laid" }, "\u00a0"), h("p", { class: "tg-still" }, "\u00a0"));
  }
  const end = h(
    "button",
    {
      type: "button",
      class: "primary",
      id: "tg-end-turn",
      "data-fkey": "tg-end-turn",
      "aria-keyshortcuts": "F",
      disabled: !(myTurn() && canEnd()) || pending,
      onclick: () => send({ type: "end" }),
    },
    t("tg_end_turn"),
  );
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  els.turn.hidden = v.over;
  let buttons = end;
  if (offersTakeBack()) {
    const back = takeBack();
    const undo = h(
      "button",
      {
        type: "button",
        id: "tg-take-back",
        "data-fkey": "tg-take-back",
        "aria-keyshortcuts": "Control+Z",
        title: back ? t("tg_take_back_card", { card: back.card }) : t("tg_take_back"),
        "aria-label": back ? t("tg_take_back_card", { card: back.card }) : undefined,
        disabled: !(myTurn() && back) || pending,
        onclick: () => sendTakeBack(),
      },
      `↶ ${t("tg_take_back")}`,
    );
    buttons = h("div", { class: "tg-turn-buttons" }, undo, end);
  }
  replaceChildren(els.turn, h("div", { class: "tg-turn-text" }, bits), ctx.readOnly || !seated ? null : buttons);
  if (els.keys) els.keys.textContent = offersTakeBack() ? `${t("tg_keys")} ${t("tg_keys_take_back")}` : t("tg_keys");
}

let dragCard = null;

function renderHand() {
  if (!msg) return;
  const v = view();
  const hand = v.hand;
  const active = document.activeElement;
  const hadFocus = active && els.hand.contains(active);
  const focusIndex = hadFocus ? Number(active.dataset.index) : -1;
  const focusCard = hadFocus ? Number(active.dataset.card) : null;
  // A spectator has no hand; once the game is over every hand is in the end panel.
  els.handBox.hidden = !hand && v.over && !ctx.readOnly;
  if (!hand) {
    els.handTitle.textContent = ctx.readOnly ? t("tg_replay") : t("tg_spectating");
    replaceChildren(els.hand, h("p", { class: "muted" }, ctx.readOnly ? t("tg_replay_open") : t("tg_no_hand")));
    return;
  }
  els.handTitle.textContent = ctx.seat === null || ctx.seat === undefined || !ctx.readOnly ? t("tg_hand") : t("tg_hand_of", { name: seatName(ctx.seat), de_name: deName(seatName(ctx.seat)) });
  const map = fits();
  // Before the first card (who starts is being chosen) no card is marked: every one
  // would read "fits no pile", which is not true of the game about to start.
  const mine = myTurn() && v.started !== false;
  const cards = hand.map((card, index) => {
    const piles = mine ? map.get(card) || [] : [];
    const kind = !mine ? "idle" : piles.length === 0 ? "none" : piles.length === 1 ? "one" : "many";
    let mark = "\u00a0";
    let describe = "";
    if (kind === "none") {
      mark = "✕";
      describe = t("tg_fits_none");
    } else if (kind === "one") {
      mark = pileShort(piles[0]) + (isTrick(card, piles[0]) ? "↺" : "");
      describe = t("tg_fits_one", { piles: pileLabel(piles[0]) });
    } else if (kind === "many") {
      mark = `★×${piles.length}` + (piles.some((p) => isTrick(card, p)) ? "↺" : "");
      describe = t("tg_fits_many", { n: piles.length, piles: piles.map(pileLabel).join(", ") });
    }
    const tricks = mine ? piles.filter((p) => isTrick(card, p)) : [];
    if (tricks.length) describe += ` (${t("tg_fits_trick", { piles: tricks.map(pileShort).join(", ") })})`;
    const isSelected = selected === card;
    return h(
      "button",
      {
        type: "button",
        class: `card fit-${kind}${isSelected ? " selected" : ""}${tricks.length ? " trick" : ""}`,
        "data-card": card,
        "data-index": index,
        "aria-pressed": isSelected ? "true" : "false",
        "aria-label": describe ? `${card}, ${describe}` : String(card),
        tabindex: "-1",
        draggable: mine && piles.length ? "true" : "false",
        "aria-disabled": ctx.readOnly ? "true" : undefined,
        onclick: () => choose(card),
        ondblclick: () => {
          if (piles.length === 1) {
            selected = card;
            playOn(piles[0]);
          }
        },
        ondragstart: (e) => {
          dragCard = card;
          selected = card;
          e.dataTransfer.setData("text/plain", String(card));
          e.dataTransfer.effectAllowed = "move";
          renderPiles();
        },
        ondragend: () => {
          dragCard = null;
        },
      },
      h("span", { class: "card-value" }, String(card)),
      h("span", { class: "card-mark", "aria-hidden": "true" }, mark),
    );
  });
  // Cards laid this turn leave empty slots, so the hand does not shift under the
  // player's pointer and the page keeps its height until the draw.
  const slots = [];
  // Only on this player's own turn: the count is the turn's, whoever plays it (another
  // player's two cards left two empty places in this hand).
  const laid = myTurn() ? v.played_this_turn || 0 : 0;
  for (let i = 0; i < laid; i++) slots.push(h("span", { class: "card slot", "aria-hidden": "true" }));
  replaceChildren(els.hand, cards, slots);
  fitHand();
  // Roving focus: one card in the tab order.
  const buttons = [...els.hand.querySelectorAll("button.card")];
  let target = buttons.find((b) => Number(b.dataset.card) === focusCard);
  if (!target && buttons.length) target = buttons[Math.max(0, Math.min(buttons.length - 1, focusIndex >= 0 ? focusIndex : 0))];
  const sel = buttons.find((b) => Number(b.dataset.card) === selected);
  const tabStop = sel || target;
  if (tabStop) tabStop.tabIndex = 0;
  if (hadFocus && target) target.focus({ preventScroll: true });
}

/** The narrowest card kept on one row (px): about a fingertip. 8 cards on a 390 px
 * phone are 42 px wide and stay on one row; on a 360 px phone they would be 38 px. */
const TAP_PX = 42;

/** On a narrow phone the hand's places share the row; when that would make a card
 * narrower than a fingertip (8 cards on a 360 px screen: 38 px each) the hand takes two
 * rows of equal halves instead (4 and 4), so every card stays wide enough to tap. */
function fitHand() {
  const n = els.hand.children.length;
  els.hand.classList.remove("two-rows"); // measured as one row
  const style = getComputedStyle(els.hand);
  const gap = parseFloat(style.columnGap) || 0;
  const width = els.hand.clientWidth;
  const shared = n > 1 && style.flexWrap === "nowrap" ? (width - gap * (n - 1)) / n : Infinity;
  const two = width > 0 && shared < TAP_PX && els.hand.querySelector("button.card") !== null;
  els.hand.classList.toggle("two-rows", two);
  if (two) els.hand.style.setProperty("--hand-cols", String(Math.ceil(n / 2)));
  else els.hand.style.removeProperty("--hand-cols");
}

function renderEnd() {
  const v = view();
  if (!v.over) {
    els.end.hidden = true;
    replaceChildren(els.end);
    return;
  }
  els.end.hidden = false;
  els.end.dataset.hands = v.hands || (msg.extra && msg.extra.hands) || finalHands ? "open" : "own";
  const reason = v.reason === "all_cards_played" ? t("tg_reason_all_cards_played") : v.reason === "stuck" ? t("tg_reason_stuck", { name: seatName(v.current, true) }) : t("tg_reason_other", { reason: v.reason });
  const hands = v.hands || (msg.extra && msg.extra.hands) || finalHands;
  const rows = [];
  for (let seat = 0; seat < v.players; seat++) {
    let cards;
    if (hands && hands[seat]) cards = hands[seat].length ? hands[seat].join(" ") : t("tg_none_left");
    else if (seat === ctx.seat && v.hand) cards = v.hand.length ? v.hand.join(" ") : t("tg_none_left");
    else cards = v.hand_sizes[seat] ? t("tg_left_hidden", { n: v.hand_sizes[seat] }) : t("tg_none_left");
    rows.push(h("li", null, h("span", { class: "tg-player-name" }, `${seatName(seat, true)}${t("colon")}`), h("span", { class: "tg-left-cards" }, cards)));
  }
  if (v.draw_count) rows.push(h("li", { id: "tg-left-draw", "data-count": v.draw_count }, t("tg_draw", { n: v.draw_count })));
  replaceChildren(
    els.end,
    h("h2", null, t("tg_over")),
    h("p", { class: "tg-reason", id: "tg-reason" }, reason),
    h("p", { class: "tg-score", id: "tg-score" }, t("tg_score", { score: v.score })),
    v.score < 10 ? h("p", { class: "tg-excellent" }, t("tg_excellent")) : null,
    h("h3", null, t("tg_left")),
    h("ul", { class: "tg-left" }, rows),
  );
}

function buildChat() {
  els.chatLog = h("ul", { class: "tg-chat-log", id: "tg-chat-log", "aria-live": "polite" });
  els.chatInput = h("input", {
    id: "tg-chat-input",
    maxlength: "200",
    autocomplete: "off",
    "aria-describedby": "tg-chat-rule tg-chat-error",
    oninput: clearChatError,
  });
  els.chatError = h("p", { class: "tg-chat-error", id: "tg-chat-error", role: "alert" });
  const form = h(
    "form",
    {
      class: "row",
      onsubmit: (e) => {
        e.preventDefault();
        const text = oneLine(els.chatInput.value);
        if (!text) return;
        clearChatError();
        if (ctx.chat && ctx.chat(text) !== false) chatSent = text;
        else els.chatError.textContent = t("not_sent");
      },
    },
    els.chatInput,
    h("button", { type: "submit", class: "small" }, t("tg_chat_send")),
  );
  replaceChildren(
    els.chat,
    h("h3", null, h("label", { for: "tg-chat-input" }, t("tg_chat"))),
    els.chatLog,
    h("p", { class: "help", id: "tg-chat-rule" }, t("tg_chat_rule")),
    form,
    els.chatError,
  );
}

/** A line of talk as the server keeps it: spaces run together, none at the ends. */
function oneLine(text) {
  return text.split(/\s+/).filter(Boolean).join(" ");
}

function clearChatError() {
  if (!els || !els.chatError) return;
  els.chatError.textContent = "";
  els.chatInput.removeAttribute("aria-invalid");
}

function renderChat() {
  if (!els.chatLog || ctx.readOnly) return;
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  els.keys.hidden = !seated || view().over;
  els.signalToggle.hidden = !seated || view().over;
  els.legend.style.visibility = myTurn() && view().started !== false ? "visible" : "hidden";
  const lines = chatLog.map((line) => [`${line.name || (line.seat === null || line.seat === undefined ? t("tg_spectating") : seatName(line.seat))}${t("colon")}`, line.text]);
  // The talk is a live region: drawn again only when a line came (each table message
  // rebuilt it, and a screen reader read the whole talk again after every card).
  const key = JSON.stringify([lines, notes]);
  if (els.chatLog.dataset.key === key) return;
  els.chatLog.dataset.key = key;
  replaceChildren(
    els.chatLog,
    lines.map(([who, text]) => h("li", null, h("span", { class: "tg-chat-who" }, who), h("span", { class: "tg-chat-text" }, text))),
    notes.map((text) => h("li", { class: "tg-chat-note" }, text)),
  );
}

// --- acting ----------------------------------------------------------------------------

function send(action) {
  if (ctx.readOnly || pending) return;
  els.message.textContent = "";
  if (ctx.send(action) === false) {
    els.message.textContent = t("not_sent");
    return;
  }
  if (action.type !== "signal") pending = true;
}

function choose(card) {
  if (ctx.readOnly) return;
  if (!myTurn()) {
    selected = selected === card ? null : card;
    renderHand();
    renderPiles();
    return;
  }
  const piles = fits().get(card) || [];
  confirming = null;
  selected = selected === card ? null : card;
  if (selected !== null) {
    els.message.textContent = piles.length
      ? t("tg_selected", { card, piles: piles.map(pileShort).join(" ") })
      : t("tg_nowhere", { card });
  } else {
    els.message.textContent = "";
  }
  renderHand();
  renderPiles();
}

function playOn(pile) {
  if (selected === null) {
    els.message.textContent = t("tg_pick_card");
    return;
  }
  if (!myTurn()) return;
  // The rules promise a warning before a play that ends the game: the first try says
  // so, the same gesture again (click, drop, Enter) lays the card.
  const key = `${selected}:${pile}`;
  if (endsGame(selected, pile) && confirming !== key) {
    confirming = key;
    els.message.textContent = t("tg_corner_warn", { card: selected, pile: pileShort(pile) });
    return;
  }
  confirming = null;
  send({ type: "play", card: selected, pile });
}

function focusCardAt(index) {
  const buttons = [...els.hand.querySelectorAll("button.card")];
  if (!buttons.length) return;
  const i = Math.max(0, Math.min(buttons.length - 1, index));
  for (const b of buttons) b.tabIndex = -1;
  buttons[i].tabIndex = 0;
  buttons[i].focus();
}

function onHandKey(event) {
  const button = event.target.closest("button.card");
  if (!button) return;
  const index = Number(button.dataset.index);
  const card = Number(button.dataset.card);
  const count = els.hand.querySelectorAll("button.card").length;
  switch (event.key) {
    case "ArrowLeft":
    case "ArrowUp":
      event.preventDefault();
      focusCardAt(index - 1);
      return;
    case "ArrowRight":
    case "ArrowDown":
      event.preventDefault();
      focusCardAt(index + 1);
      return;
    case "Home":
      event.preventDefault();
      focusCardAt(0);
      return;
    case "End":
      event.preventDefault();
      focusCardAt(count - 1);
      return;
    case "Enter": {
      event.preventDefault();
      typed = "";
      if (!myTurn()) return;
      const piles = fits().get(card) || [];
      if (piles.length === 1) {
        selected = card;
        playOn(piles[0]);
      } else {
        selected = null;
        choose(card);
        if (piles.length > 1) {
          const pileButton = els.piles.querySelector(`[data-pile="${piles[0]}"]`);
          if (pileButton) pileButton.focus();
        }
      }
      return;
    }
    default:
      if (/^[0-9]$/.test(event.key)) {
        event.preventDefault();
        typeDigit(event.key);
      }
  }
}

function typeDigit(digit) {
  clearTimeout(typedTimer);
  typedTimer = setTimeout(() => {
    typed = "";
  }, 1200);
  const buttons = [...els.hand.querySelectorAll("button.card")];
  const find = (text) => buttons.find((b) => b.dataset.card === text) || buttons.find((b) => b.dataset.card.startsWith(text));
  typed = (typed + digit).slice(-2);
  let target = find(typed);
  if (!target) {
    typed = digit;
    target = find(typed);
  }
  if (target) focusCardAt(Number(target.dataset.index));
}

function onPileKey(event) {
  const button = event.target.closest("button.pile-target");
  if (!button) return;
  const names = PILES;
  const i = names.indexOf(button.dataset.pile);
  if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
    event.preventDefault();
    const next = names[(i + (event.key === "ArrowRight" ? 1 : 3)) % 4];
    const nb = els.piles.querySelector(`[data-pile="${next}"]`);
    if (nb) nb.focus();
  }
}

function onGlobalKey(event) {
  if (!els || !msg || ctx.readOnly || !document.contains(els.hand)) return;
  if (event.target.closest && event.target.closest("input, textarea, select, dialog")) return;
  if (event.key === "Escape" && selected !== null) {
    event.preventDefault();
    const card = selected;
    selected = null;
    confirming = null;
    els.message.textContent = "";
    renderPiles();
    renderHand();
    const b = els.hand.querySelector(`button.card[data-card="${card}"]`);
    if (b) b.focus();
    return;
  }
  // Ctrl+Z (Cmd+Z on a Mac) takes back the last card laid this turn; never while typing
  // in the table talk (the test above leaves text fields to their own undo).
  if ((event.key === "z" || event.key === "Z") && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
    if (offersTakeBack() && sendTakeBack()) event.preventDefault();
    return;
  }
  // A card's number typed anywhere on the page (outside a text field) reaches that card.
  if (/^[0-9]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey && !els.hand.contains(event.target)) {
    if (els.hand.querySelector("button.card")) {
      event.preventDefault();
      typeDigit(event.key);
    }
    return;
  }
  if ((event.key === "f" || event.key === "F") && !event.ctrlKey && !event.metaKey && !event.altKey) {
    if (myTurn() && canEnd() && !pending) {
      event.preventDefault();
      send({ type: "end" });
    }
  }
}
