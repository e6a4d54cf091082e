// The shell's words in French and English, and the language switch.
// French is the default; the choice is kept in localStorage so every page and
// every reload speaks the same language.

const KEY = "partie.lang";

export const SHELL = {
  fr: {
    title: "partie",
    colon: " : ",
    tagline: "Jeux de cartes à plusieurs, dans le navigateur",
    lang_switch: "English",
    lang_switch_label: "Switch to English",
    lobby: "Salon",
    open_tables: "Tables ouvertes",
    listed: "Montrer la table dans le salon (tout le monde pourra la voir et la rejoindre)",
    listed_help: "Sinon, seuls ceux qui ont son code ou son lien la trouvent.",
    lists_note: "Seules les tables que leur créateur a montrées sont ici ; les autres se rejoignent par leur code ou leur lien.",
    lobby_newer: "Plus récentes",
    lobby_older: "Plus anciennes",
    playing_tables: "Parties en cours",
    finished_tables: "Parties terminées",
    none: "Aucune pour l'instant.",
    open: "Ouvrir",
    watch: "Regarder",
    replay: "Revoir",
    join_code: "Rejoindre avec un code",
    code_placeholder: "ABC-DEF",
    join: "Rejoindre",
    bad_code: "Un code a 6 caractères, par exemple ABC-DEF (sans 0, O, 1, I ni L).",
    new_table: "Nouvelle table",
    game: "Jeu",
    players: "Joueurs",
    seats: "Places",
    seat_n: "Place {n}",
    seat_small: "place {n}",
    seat_person: "Une personne",
    create: "Créer la table",
    creating: "Création…",
    table: "Table",
    code: "Code",
    link: "Lien",
    copy: "Copier",
    copied: "Copié !",
    copy_code: "Copier le code",
    copy_link: "Copier le lien",
    share_hint: "Donnez ce code ou ce lien aux autres joueurs.",
    status_open: "en attente",
    status_playing: "en cours",
    status_over: "terminée",
    empty_seat: "libre",
    you: "vous",
    bot: "robot",
    connected: "connecté",
    away: "absent",
    your_name: "Votre nom",
    sit: "S'asseoir ici",
    leave: "Quitter la place",
    rename: "Changer de nom",
    rename_prompt: "Votre nom à cette table (24 caractères au plus) :",
    leave_confirm: "Quitter votre place ? Un robot la reprendra si la partie a commencé.",
    spectator: "Vous regardez cette table (spectateur).",
    seated_as: "Vous êtes à la place {n}.",
    owner_controls: "Réglages de la table (créateur)",
    options: "Options",
    apply_options: "Appliquer les options",
    seat_bot_label: "Place {n}",
    put_bot: "Asseoir un robot",
    remove_bot: "Retirer",
    start: "Lancer la partie",
    start_wait: "Toutes les places doivent être prises pour lancer la partie.",
    again_same: "Rejouer la même donne",
    again_same_tennis_quizz: "Rejouer avec les mêmes cartes",
    again_new_tennis_quizz: "Nouveau match",
    again_new: "Nouvelle partie",
    bots_warming: "Les robots se préparent (la première fois après le démarrage du serveur, jusqu'à une minute)…",
    your_turn_short: "à vous",
    seat_link: "Mon lien (autre appareil)",
    seat_link_help: "Ce lien reprend votre place sur un autre appareil : gardez-le pour vous.",
    again_wait: "Le créateur de la table peut relancer une partie.",
    creator_name_help: "Avec un nom, vous prenez la première place laissée à une personne ; sans nom, vous regardez la table.",
    rules: "Règles",
    rules_of: "Règles de {game}",
    rules_missing: "Les règles ne sont pas encore servies ici ; voir la documentation du projet :",
    close: "Fermer",
    rules_ask: "Une question sur les règles ?",
    rules_ask_go: "Chercher",
    rules_unsure: "Pas de réponse sûre ; les passages les plus proches :",
    rules_situation: "Ta situation :",
    rules_example_first: "Un exemple, puis la règle qu'il montre :",
    rules_closest: "Les passages qui s'en rapprochent le plus :",
    rules_none: "Aucun passage ne répond à cette question. Essayez avec d'autres mots (par exemple « pioche vide », « joker », « qui commence ») ou lisez les règles ci-dessous.",
    offline: "Serveur injoignable — nouvelle tentative dans {s} s…",
    offline_now: "Serveur injoignable — nouvelle tentative…",
    back_online: "Reconnecté.",
    unknown_table: "Table introuvable : {code}.",
    loading: "Chargement…",
    waiting_start: "En attente du lancement de la partie.",
    last_move: "Dernier coup : {text}",
    replay_title: "Revoir la partie {code}",
    replay_first: "Début",
    replay_prev: "Coup précédent",
    replay_next: "Coup suivant",
    replay_last: "Fin",
    replay_step: "Coup {i} sur {n}",
    replay_seat: "Point de vue",
    replay_all: "Toutes les cartes",
    replay_download: "Télécharger la partie (JSON)",
    replay_not_over: "La partie n'est pas finie : on ne peut la revoir qu'une fois terminée.",
    replay_keys: "Flèches gauche/droite : coup précédent/suivant ; Début/Fin.",
    back_lobby: "← Salon",
    error: "Erreur : {msg}",
    refused: "Refusé : {msg}",
    played_for_you: "Un robot a joué pour vous : {moves}",
    not_sent: "Pas de connexion au serveur : rien n'est parti. Rejouez une fois reconnecté.",
    stale_other: "Trop tard : {name} a joué juste avant vous ({text}). Votre coup n'a pas été joué ; voici la partie telle qu'elle est.",
    played_for_you_many: "Un robot a joué {n} coups pour vous, dont les derniers : {moves}",
    yes: "oui",
    no: "non",
    option_help: "Aide",
    game_screen_missing: "L'écran de ce jeu n'est pas encore disponible.",
    seat_label: "Joueur {n}",
    result: "Résultat",
    timer: "◷ {name} : {s} s pour jouer, puis un robot joue à sa place.",
    turn_seconds: "Temps par tour (secondes, 0 = sans limite)",
    away_seconds: "Absence tolérée (secondes, 0 = sans limite)",
    timers: "Minuteries",
    zombie_bot: "Robot qui joue à la place d'un absent",
    seat_link_replace: "Ce lien donne une autre place que celle que ce navigateur tient à cette table. Prendre la place du lien (et quitter la vôtre sur ce navigateur) ?",
    zombie_default: "par défaut ({bot})",
    classroom: "Écran de classe (projecteur)",
    classroom_help: "Mettez l'écran de classe au projecteur : le code en grand, le tableau de marque et la question en gros caractères.",
    classroom_lobby: "En classe (projecteur, enseignant seul, cartes papier) :",
    classroom_open: "Ouvrir l'écran de classe",
    classroom_teacher: "Enseignant seul",
    classroom_referee: "Arbitre (cartes papier)",
    seat_team: "{seat} — équipe {team}",
    local_only: "Attention : cette adresse (localhost) ne marche que sur cet ordinateur. Pour d'autres appareils, lancez « partie serve --host 0.0.0.0 » et donnez l'adresse de cet ordinateur sur le réseau.",
    your_seat: "Votre place",
    options_applied: "Options appliquées.",
    lan_link: "Adresse de cet ordinateur sur le réseau : le lien marche sur les autres appareils.",
  },
  en: {
    title: "partie",
    colon: ": ",
    tagline: "Card games together, in the browser",
    lang_switch: "Français",
    lang_switch_label: "Passer en français",
    lobby: "Lobby",
    open_tables: "Open tables",
    listed: "Show the table in the lobby (anyone can see and join it)",
    listed_help: "Otherwise only people with its code or link find it.",
    lists_note: "Only tables their creators chose to show are here; others are joined by their code or link.",
    lobby_newer: "Newer",
    lobby_older: "Older",
    playing_tables: "Games in progress",
    finished_tables: "Finished games",
    none: "None yet.",
    open: "Open",
    watch: "Watch",
    replay: "Review",
    join_code: "Join with a code",
    code_placeholder: "ABC-DEF",
    join: "Join",
    bad_code: "A code has 6 characters, e.g. ABC-DEF (no 0, O, 1, I or L).",
    new_table: "New table",
    game: "Game",
    players: "Players",
    seats: "Seats",
    seat_n: "Seat {n}",
    seat_small: "seat {n}",
    seat_person: "A person",
    create: "Create the table",
    creating: "Creating…",
    table: "Table",
    code: "Code",
    link: "Link",
    copy: "Copy",
    copied: "Copied!",
    copy_code: "Copy the code",
    copy_link: "Copy the link",
    share_hint: "Give this code or this link to the other players.",
    status_open: "waiting",
    status_playing: "playing",
    status_over: "over",
    empty_seat: "empty",
    you: "you",
    bot: "robot",
    connected: "connected",
    away: "away",
    your_name: "Your name",
    sit: "Sit here",
    leave: "Leave the seat",
    rename: "Change my name",
    rename_prompt: "Your name at this table (at most 24 characters):",
    leave_confirm: "Leave your seat? A bot takes it over if the game has started.",
    spectator: "You are watching this table (spectator).",
    seated_as: "You sit at seat {n}.",
    owner_controls: "Table settings (creator)",
    options: "Options",
    apply_options: "Apply the options",
    seat_bot_label: "Seat {n}",
    put_bot: "Seat a bot",
    remove_bot: "Remove",
    start: "Start the game",
    start_wait: "Every seat must be taken to start the game.",
    again_same: "Play the same deal again",
    again_same_tennis_quizz: "Again with the same cards",
    again_new_tennis_quizz: "New match",
    again_new: "New game",
    bots_warming: "The bots are getting ready (the first time after the server starts, up to a minute)…",
    your_turn_short: "your turn",
    seat_link: "My link (other device)",
    seat_link_help: "This link takes your seat back on another device: keep it to yourself.",
    again_wait: "The table's creator can start another game.",
    creator_name_help: "With a name you take the first seat left to a person; without one you watch the table.",
    rules: "Rules",
    rules_of: "Rules of {game}",
    rules_missing: "The rules are not served here yet; see the project's documentation:",
    close: "Close",
    rules_ask: "A question about the rules?",
    rules_ask_go: "Search",
    rules_unsure: "No sure answer; the closest passages:",
    rules_situation: "Your situation:",
    rules_example_first: "An example, then the rule it shows:",
    rules_closest: "The closest passages:",
    rules_none: "No passage answers this question. Try other words (for example “empty draw pile”, “joker”, “who starts”) or read the rules below.",
    offline: "Server unreachable — retrying in {s} s…",
    offline_now: "Server unreachable — retrying…",
    back_online: "Reconnected.",
    unknown_table: "No such table: {code}.",
    loading: "Loading…",
    waiting_start: "Waiting for the game to start.",
    last_move: "Last move: {text}",
    replay_title: "Replay of game {code}",
    replay_first: "Start",
    replay_prev: "Previous move",
    replay_next: "Next move",
    replay_last: "End",
    replay_step: "Move {i} of {n}",
    replay_seat: "Point of view",
    replay_all: "All cards open",
    replay_download: "Download the game (JSON)",
    replay_not_over: "The game is not over: it can be replayed once finished.",
    replay_keys: "Left/right arrows: previous/next move; Home/End.",
    back_lobby: "← Lobby",
    error: "Error: {msg}",
    refused: "Refused: {msg}",
    played_for_you: "A bot played for you: {moves}",
    not_sent: "No connection to the server: nothing was sent. Play again once reconnected.",
    stale_other: "Too late: {name} played just before you ({text}). Your move was not played; here is the game as it stands.",
    played_for_you_many: "A bot played {n} moves for you, the last of them: {moves}",
    yes: "yes",
    no: "no",
    option_help: "Help",
    game_screen_missing: "This game's screen is not available yet.",
    seat_label: "Player {n}",
    result: "Result",
    timer: "◷ {name}: {s} s to play, then a bot plays instead.",
    turn_seconds: "Time per turn (seconds, 0 = no limit)",
    away_seconds: "Absence allowed (seconds, 0 = no limit)",
    timers: "Timers",
    zombie_bot: "Bot that plays for an absent player",
    seat_link_replace: "This link gives another seat than the one this browser holds at this table. Take the link's seat (and leave yours in this browser)?",
    zombie_default: "default ({bot})",
    classroom: "Classroom screen (projector)",
    classroom_help: "Put the classroom screen on the projector: the code in large type, the score board and the question in big letters.",
    classroom_lobby: "In class (projector, teacher alone, paper cards):",
    classroom_open: "Open the classroom screen",
    classroom_teacher: "Teacher alone",
    classroom_referee: "Referee (paper cards)",
    seat_team: "{seat} — team {team}",
    local_only: "Note: this address (localhost) only works on this computer. For other devices, start “partie serve --host 0.0.0.0” and give this computer's network address.",
    your_seat: "Your seat",
    options_applied: "Options applied.",
    lan_link: "This computer's network address: the link works on other devices.",
  },
};

/** The language in use: `?lang=en` (or `fr`) in the address, kept for the next visit,
 * so a teacher can hand out a link that opens in English; else the stored choice, else
 * French. */
export function getLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked === "fr" || asked === "en") {
    setLang(asked);
    return asked;
  }
  try {
    const stored = localStorage.getItem(KEY);
    if (stored === "fr" || stored === "en") return stored;
  } catch (_) {
    /* storage may be off: French */
  }
  return "fr";
}

/** Keep the choice; an address that named a language follows the switch, so a reload
 * does not bring the other one back. */
export function setLang(lang) {
  try {
    localStorage.setItem(KEY, lang);
  } catch (_) {
    /* the choice just will not survive a reload */
  }
  document.documentElement.lang = lang;
  const url = new URL(location.href);
  if (url.searchParams.has("lang") && url.searchParams.get("lang") !== lang) {
    url.searchParams.set("lang", lang);
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }
}

/** Build a translator over several catalogues (the shell's, then a game's). */
export function translator(lang, ...catalogues) {
  return function t(key, vars) {
    let text;
    for (const cat of catalogues) {
      const words = cat && (cat[lang] || cat.fr);
      if (words && key in words) {
        text = words[key];
        break;
      }
    }
    if (text === undefined) text = key;
    if (vars) {
      text = text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
    }
    return agree(text, lang);
  };
}

/** "1 carte(s)" → "1 carte", "3 carte(s) posée(s)" → "3 cartes posées", "1 pts" →
 * "1 pt": each "(s)" agrees with the number written last before it (French puts 0 and
 * 1 in the singular, English only 1). */
export function agree(text, lang) {
  if (!text.includes("(s)") && !text.includes(" pts")) return text;
  const one = (n) => (lang === "en" ? Math.abs(n) === 1 : Math.abs(n) < 2);
  let last = null;
  return text.replace(/(-?\d+)( pts\b)?|\(s\)/g, (m, num, pts) => {
    if (num !== undefined) {
      last = Number(num);
      return pts && one(last) ? `${num} pt` : m;
    }
    return last === null ? m : one(last) ? "" : "s";
  });
}

/** "de" before a name, as French writes it: "d'Alice", "de Bruno", "du Robot fort". */
export function deName(name) {
  if (/^(bot|robot)\b/i.test(name)) return `du ${name}`;
  return /^[aeiouyhàâäéèêëîïôöùûüœæ]/i.test(name) ? `d'${name}` : `de ${name}`;
}

/** A bot seat's name on every screen ("Robot fort", "Strong bot"): the server names
 * each level; a seat from an older server falls back on its spec. */
export function botLabel(seat, lang) {
  if (seat && seat.label) return pick(seat.label, lang);
  const spec = (seat && (seat.bot || seat.name)) || "";
  return lang === "en" ? `Bot ${spec}` : `Robot ${spec}`;
}

/** A level in the seat and stand-in menus: its name (how it plays is the option's
 * title, and `levelList` says it under the lobby's seats: a menu stays narrow on a
 * phone). */
export function levelOption(h, level, lang, selected) {
  return h("option", { value: level.bot, selected, title: pick(level.about, lang) }, pick(level.label, lang));
}

/** Every level of a game with its line on how it plays, for the lobby's seats. */
export function levelList(h, levels, lang) {
  if (!levels || !levels.length) return null;
  return h(
    "ul",
    { class: "help levels", id: "bot-levels" },
    levels.map((l) => h("li", null, `${pick(l.label, lang)}${lang === "en" ? ": " : "\u00a0: "}${pick(l.about, lang)}`)),
  );
}

/** A {fr, en} pair (labels, refusals) in the reader's language. */
export function pick(pair, lang) {
  if (pair == null) return "";
  if (typeof pair === "string") return pair;
  return pair[lang] ?? pair.fr ?? pair.en ?? "";
}
