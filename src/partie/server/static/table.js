// The live table: one websocket (hello, reconnection with a banner, ping), seats and
// names, the owner's controls, and the game's screen module mounted under it.

import { h, replaceChildren } from "./dom.js";
import { optionFields, settingsFields } from "./forms.js";
import { SHELL, botLabel, levelOption, translator } from "./i18n.js";
import { noticeSwitches, showNoticeSwitches, turnNotice } from "./notice.js";
import { openRules } from "./rules.js";
import {
  alertLine,
  api,
  autoSitKey,
  copyText,
  gameName,
  lang,
  load,
  main,
  onLanguage,
  ownerKey,
  pick,
  setBanner,
  showCode,
  statusText,
  store,
  t,
  tokenKey,
} from "./shell.js";

const RETRY_MS = [500, 1000, 2000, 3000, 5000];

/** A page opened as localhost: its links reach no other device, which a host
 * inviting friends or a class must be told before they give the link out. */
export function localOnly() {
  return ["localhost", "127.0.0.1", "[::1]", "::1"].includes(location.hostname);
}
const PING_MS = 20000;

// --- the live table ---------------------------------------------------------------------

export class TableClient {
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
    replaceChildren(main, this.top, this.gameRoot, this.bottom, noticeSwitches());
    onLanguage(() => {
      this.gameMountedFor = null;
      this.render();
    });
  }

  async start() {
    replaceChildren(this.top, h("p", null, t("loading")));
    // Back from sleep or a lost network: try at once rather than at the next retry.
    const now = () => {
      if (this.wasOffline && (!this.ws || this.ws.readyState === WebSocket.CLOSED)) {
        clearTimeout(this.retryWait);
        clearInterval(this.retryTimer);
        this.connect();
      }
    };
    window.addEventListener("online", now);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") now();
    });
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
      this.lastSeen = Date.now();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => {
        // A connection that went silent (a phone asleep, a network that changed) is
        // closed here, so the reconnection starts instead of waiting on a dead socket.
        if (Date.now() - this.lastSeen > 2 * PING_MS + 5000) ws.close();
        else this.send({ type: "ping" });
      }, PING_MS);
    });
    ws.addEventListener("message", (event) => {
      this.lastSeen = Date.now();
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
    clearTimeout(this.retryWait);
    this.retryWait = setTimeout(() => {
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
        // "S'asseoir ici" disappears with the seats' buttons: the keyboard goes to the
        // line that says which seat is now this player's (focusAfterRender).
        this.focusYou = true;
        break;
      case "table":
        this.optionsNote = false;
        this.msg = msg;
        this.render();
        this.afterTable();
        break;
      case "done":
        // The answer to this page's own options (matched by its tag): only now does
        // the form take the table's values again; updates that came between (someone
        // sat down) left the owner's edits alone.
        if (msg.ref === "options" && msg.tag && msg.tag === this.optionsTag) {
          this.optionsTag = null;
          this.optionDraft = null;
          this.settingsDraft = null;
          this.optionsNote = true;
          alertLine(null); // a refusal of the previous try no longer holds
          this.render();
        }
        break;
      case "refused":
        this.refused(msg);
        break;
      case "played_for_you":
        this.playedForYou(msg);
        break;
      case "pong":
        break;
      default:
        if (this.gameModule && this.gameModule.update) this.gameModule.update(msg);
    }
  }

  refused(msg) {
    if (msg.ref === "options" && msg.tag && msg.tag === this.optionsTag) this.optionsTag = null;
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
      replaceChildren(this.top, h("p", { class: "alert error", role: "alert" }, t("unknown_table", { code: showCode(this.code) })), h("p", null, h("a", { href: "/", class: "button small" }, t("back_lobby"))));
      return;
    }
    if (msg.code === "stale") msg = this.explainStale(msg);
    let shown = false;
    if (this.gameModule && this.gameModule.update) shown = this.gameModule.update(msg) === true;
    if (!shown) alertLine(t("refused", { msg: pick(msg, lang) }));
  }

  /** Back at the seat: what a stand-in bot played meanwhile, said once (the server
   * sends it once) and handed to the screen for its log. The note sits above the board,
   * in the page's flow (a sticky line covered the piles on a scrolled phone), in the
   * page's language, until closed, until the player's own next move or the end of the
   * game, or for 30 s at most: the log keeps it. */
  playedForYou(msg) {
    const text = playedText(msg);
    if (!text) return;
    this.playedShown = { msg, version: this.msg ? this.msg.version : 0 };
    clearTimeout(this.playedTimer);
    this.playedTimer = setTimeout(() => this.dropPlayed(), 30000);
    if (this.msg) this.render();
    // Kept for the screen's log, also when the screen is mounted again (a language
    // switch, or a screen still loading when the note came).
    this.playedNotes = [...(this.playedNotes || []), msg];
    if (this.gameModule && this.gameModule.update) this.gameModule.update({ ...msg, text });
  }

  dropPlayed() {
    if (!this.playedShown) return;
    this.playedShown = null;
    clearTimeout(this.playedTimer);
    if (this.msg) this.render();
  }

  /** The note of what a bot played for this seat, while it holds (see playedForYou). */
  playedBanner(table) {
    const shown = this.playedShown;
    if (!shown) return null;
    const last = this.msg.last;
    const moved = last && last.seat === this.you.seat && this.msg.version > shown.version;
    if (table.status !== "playing" || moved) {
      this.playedShown = null;
      clearTimeout(this.playedTimer);
      return null;
    }
    const close = h("button", { type: "button", class: "tiny", "aria-label": t("close"), onclick: () => this.dropPlayed() }, "✕");
    return h("p", { class: "alert info played-for-you", id: "played-for-you", role: "status" }, h("span", null, playedText(shown.msg)), " ", close);
  }

  /** A move refused as stale because someone else played first (a teammate who
   * tapped at the same moment, an opponent's challenge): say who and what, from the
   * table message that came before the refusal, instead of "another tab or a slow
   * network". Both languages are rewritten: the screen picks its own. */
  explainStale(msg) {
    const last = this.msg && this.msg.last;
    if (!last || last.seat === null || last.seat === undefined || last.seat === this.you.seat || !last.text) return msg;
    const seat = (this.msg.table.seats || []).find((s) => s.seat === last.seat);
    const out = { ...msg };
    for (const l of ["fr", "en"]) {
      const say = translator(l, {}, SHELL);
      const name = seat && seat.kind === "bot" ? botLabel(seat, l) : (seat && seat.name) || say("seat_label", { n: last.seat + 1 });
      out[l] = say("stale_other", { name, text: pick(last.text, l) });
    }
    return out;
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
    // A tab in the background still says when it is this player's turn: a move listed
    // for the seat, or the seat among those to act (a Tennis de mots serve is a word to
    // build: its moves cannot be listed).
    const seated = this.you.seat !== null && this.you.seat !== undefined;
    const toAct = seated && ((this.msg.view && this.msg.view.to_act) || []).includes(this.you.seat);
    const turn = table.status === "playing" && ((this.msg.legal || []).length > 0 || toAct);
    document.title = `${turn ? `▶ ${t("your_turn_short")} · ` : ""}${showCode(table.code)} · partie`;
    turnNotice(turn, showCode(table.code));
    showNoticeSwitches(seated && table.status !== "over");
    // The start (or "play again") removes the button the owner pressed: once the game's
    // screen is up, the keyboard goes to its status line, not back to the page's top.
    if (["open", "over"].includes(this.shownStatus) && table.status === "playing") this.focusGame = true;
    this.shownStatus = table.status;
    const controls = this.controls(table);
    replaceChildren(this.top, this.header(table), this.playedBanner(table), table.status === "open" ? this.seatsPanel(table) : null, table.status === "over" ? controls : null);
    this.renderGame(table);
    replaceChildren(this.bottom, table.status === "over" ? null : controls, table.status === "open" ? null : this.seatTools(table));
    this.focusAfterRender();
  }

  /** After taking a seat, the keyboard lands on "you are at seat N" (focus would
   * otherwise fall back to the page's start with the vanished "sit here" button). */
  focusAfterRender() {
    if (!this.focusYou || this.you.seat === null || this.you.seat === undefined) return;
    this.focusYou = false;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    const you = document.getElementById("you");
    if (lost && you) you.focus({ preventScroll: true });
  }

  header(table) {
    const origin = this.shareOrigin();
    const link = `${origin}/t/${table.code}`;
    const codeButton = h("button", { type: "button", class: "small", id: "copy-code", onclick: (e) => copyText(showCode(table.code), e.currentTarget) }, t("copy_code"));
    const linkButton = h("button", { type: "button", class: "small", id: "copy-link", onclick: (e) => copyText(link, e.currentTarget) }, t("copy_link"));
    const seated = this.you.seat !== null && this.you.seat !== undefined;
    const you = h("p", { class: "you", id: "you", tabindex: "-1" }, seated ? t("seated_as", { n: this.you.seat + 1 }) : t("spectator"));
    const codeText = () => h("span", { class: "big-code", id: "table-code", "aria-label": `${t("code")} ${table.code.split("").join(" ")}` }, showCode(table.code));
    const rules = h("button", { type: "button", class: "small", id: "rules-open", onclick: () => openRules(table.game) }, t("rules"));
    const replay = table.status === "over" ? h("a", { href: `/replay/${table.code}`, class: "button small", id: "to-replay" }, t("replay")) : null;
    const { leave, device, deviceHelp, rename } = this.seatButtons(table);
    const classroom = this.classroomLink(table);
    if (table.status !== "open") {
      // During play the head is one line: the code stays visible for latecomers and
      // spectators, the board gets the room; giving the seat up or carrying it to
      // another device waits under the board (seatTools).
      return h(
        "section",
        { class: "card table-head compact", "aria-label": t("table") },
        h("div", { class: "row" }, h("span", { class: "label" }, t("code")), codeText(), h("button", { type: "button", class: "small", id: "copy-code", "aria-label": t("copy_code"), onclick: (e) => copyText(showCode(table.code), e.currentTarget) }, t("copy")), rules, replay, classroom),
        h("p", { class: "meta-line muted" }, gameName(this.games, table.game), " · ", h("span", { class: `status status-${table.status}` }, statusText(table.status)), " · ", you),
        this.timerLine(),
        this.botsNote(table),
      );
    }
    return h(
      "section",
      { class: "card table-head", "aria-label": t("table") },
      h(
        "div",
        { class: "share" },
        h("p", { class: "label" }, t("code")),
        codeText(),
        h("div", { class: "row" }, codeButton, linkButton),
        h("p", { class: "link" }, h("span", { class: "label" }, `${t("link")}${t("colon")}`), h("a", { href: link, id: "table-link" }, link)),
        h("p", { class: "help" }, t("share_hint")),
        origin !== location.origin ? h("p", { class: "help", id: "lan-help" }, t("lan_link")) : null,
        this.localWarning(),
      ),
      h(
        "div",
        { class: "meta" },
        h("p", { class: "game-title" }, gameName(this.games, table.game), " · ", h("span", { class: `status status-${table.status}` }, statusText(table.status))),
        you,
        h("div", { class: "row" }, rules, rename, leave, device, classroom),
        deviceHelp,
        classroom ? h("p", { class: "help", id: "classroom-help" }, t("classroom_help")) : null,
      ),
    );
  }

  /** Where other devices reach this server: a page opened as localhost gives the
   * server's LAN address instead (`/api/status`, given only when it listens on the
   * network); any other address the page was opened with works for them as it is. */
  shareOrigin() {
    if (this.addresses === undefined) {
      this.addresses = null;
      api("/api/status")
        .then((status) => {
          this.addresses = (status && status.addresses) || [];
          if (this.msg) this.render();
        })
        .catch(() => (this.addresses = []));
    }
    const lan = (this.addresses || [])[0];
    return localOnly() && lan ? lan : location.origin;
  }

  /** A localhost page with no LAN address to give: its link reaches this computer only.
   * Said to the table's creator, who hands the link out; a player who joined on this
   * computer has nothing to do about it. */
  localWarning() {
    if (!this.you.owner || !localOnly() || this.addresses === null || this.addresses === undefined || this.addresses.length) return null;
    return h("p", { class: "help warn", id: "local-only" }, t("local_only"));
  }

  /** Tennis Quizz: the classroom screen (big code, score board, question in large
   * type) is this table's projector view; its creator finds it here: in the head before
   * the start, and while watching; a creator who plays has it under the board during
   * play, out of the way. The classroom page watches without the seat (`watch`), so a
   * seated creator's projector shows the public view. */
  classroomLink(table, where = "head") {
    const seated = this.you.seat !== null && this.you.seat !== undefined;
    if (table.game !== "tennis-quizz" || !this.you.owner) return null;
    const inHead = !seated || table.status === "open";
    if ((where === "head") !== inHead) return null;
    // A new tab: this page keeps the creator's seat (a teacher who plays is not "absent").
    return h("a", { href: `/static/games/tennis-quizz-host.html?table=${table.code}`, target: "_blank", rel: "noopener", class: "button small", id: "classroom-link" }, t("classroom"));
  }

  /** Giving the seat up, and the personal link that carries it to another device. */
  seatButtons(table) {
    const seated = this.you.seat !== null && this.you.seat !== undefined;
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
    const token = this.token;
    const device =
      seated && token
        ? h(
            "button",
            {
              type: "button",
              class: "small",
              id: "copy-seat-link",
              title: t("seat_link_help"),
              "aria-describedby": "seat-link-help",
              onclick: (e) => copyText(`${location.origin}/t/${table.code}#seat=${token}`, e.currentTarget),
            },
            t("seat_link"),
          )
        : null;
    const deviceHelp = device ? h("p", { class: "help", id: "seat-link-help" }, t("seat_link_help")) : null;
    // A new name without giving the seat up (it used to take leaving and sitting again).
    const mine = seated ? table.seats.find((s) => s.seat === this.you.seat) : null;
    const rename =
      mine && mine.kind === "person"
        ? h(
            "button",
            {
              type: "button",
              class: "small",
              id: "rename",
              onclick: () => {
                const asked = prompt(t("rename_prompt"), mine.name || "");
                const name = (asked || "").trim();
                if (!name || name === mine.name) return;
                store("partie.name", name);
                this.send({ type: "rename", name });
              },
            },
            t("rename"),
          )
        : null;
    return { leave, device, deviceHelp, rename };
  }

  /** Under the board during play and after it: the seat's own buttons. */
  seatTools(table) {
    const { leave, device, deviceHelp, rename } = this.seatButtons(table);
    const classroom = this.classroomLink(table, "tools");
    if (!leave && !device && !classroom && !rename) return null;
    return h("section", { class: "card seat-tools", "aria-label": t("your_seat") }, h("div", { class: "row" }, rename, leave, device, classroom), deviceHelp);
  }

  /** On a fresh server the compiled bots take a while to prepare: say so instead of
   * leaving the players in front of a silent table (`/api/status`). */
  botsNote(table) {
    const hasBots = table.seats.some((s) => s.kind === "bot" || s.zombie);
    if (table.status !== "playing" || !hasBots || this.botsReady) return null;
    if (!this.botsNoteEl) {
      this.botsNoteEl = h("p", { class: "muted", id: "bots-note", role: "status" });
      this.checkBots(table.game);
    }
    return this.botsNoteEl;
  }

  checkBots(game) {
    api("/api/status")
      .then((status) => {
        const ready = status && status.bots_ready ? status.bots_ready[game] : undefined;
        if (ready === false) {
          this.botsNoteEl.textContent = t("bots_warming");
          setTimeout(() => this.checkBots(game), 3000);
        } else {
          this.botsReady = true;
          this.botsNoteEl.remove();
        }
      })
      .catch(() => setTimeout(() => this.checkBots(game), 5000));
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
    else if (seat.kind === "bot") bits.push(botLabel(seat, lang));
    else bits.push(seat.name || t("seat_label", { n: seat.seat + 1 }));
    if (seat.zombie) bits.push(`(${seat.stand_in ? botLabel({ label: seat.stand_in }, lang) : t("bot")})`);
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
      // Tennis Quizz in teams: which team each place plays for, so partners sit together.
      const place = table.game === "tennis-quizz" && table.seats.length > 2 ? t("seat_team", { seat: t("seat_n", { n: seat.seat + 1 }), team: "AB"[seat.seat % 2] }) : t("seat_n", { n: seat.seat + 1 });
      const items = [h("span", { class: `seat-name kind-${seat.kind}` }, `${place}${t("colon")}${this.seatLabel(seat)}`)];
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
          const levels = (game && game.bot_levels) || [];
          const chosen = this.botChoice[seat.seat] || (game && game.default_bot) || (levels[0] && levels[0].bot);
          items.push(
            h("label", { for: id, class: "offscreen" }, t("put_bot")),
            h(
              "select",
              { id, "data-fkey": id, class: "small", onchange: (e) => (this.botChoice[seat.seat] = e.target.value) },
              levels.map((l) => levelOption(h, l, lang, l.bot === chosen)),
            ),
            h("button", { type: "button", class: "small", id: `${id}-go`, "data-fkey": `seat-action-${seat.seat}`, onclick: () => this.send({ type: "seat_bot", seat: seat.seat, bot: this.botChoice[seat.seat] || chosen }) }, t("put_bot")),
          );
        } else {
          // The same focus key as "Asseoir un bot": the keyboard stays on this seat's row.
          items.push(h("button", { type: "button", class: "small", id: `unbot-${seat.seat}`, "data-fkey": `seat-action-${seat.seat}`, onclick: () => this.send({ type: "seat_bot", seat: seat.seat, bot: null }) }, t("remove_bot")));
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
          h("button", { type: "button", id: "apply-options", onclick: () => this.applyOptions(game) }, t("apply_options")),
          h("button", { type: "button", class: "primary", id: "start", disabled: !ready, "aria-describedby": ready ? undefined : "start-help", onclick: () => {
            // Options changed in the form but not applied would be lost silently: the
            // start applies them first (the server takes the two messages in order).
            if (this.optionsEdited(game)) this.applyOptions(game);
            this.send({ type: "start" });
          } }, t("start")),
        ),
        ready ? null : h("p", { id: "start-help", class: "help" }, t("start_wait")),
        this.optionsNote ? h("p", { class: "help ok", id: "options-applied", role: "status" }, t("options_applied")) : null,
      );
    }
    if (table.status === "over") {
      // A quiz has no deal: its own words where a game has them ("les mêmes questions").
      const word = (key) => {
        const own = `${key}_${table.game.replace(/-/g, "_")}`;
        return t(own) !== own ? t(own) : t(key);
      };
      return h(
        "section",
        { class: "card owner again" },
        h("div", { class: "row" },
          h("button", { type: "button", class: "primary", id: "again-same", onclick: () => this.send({ type: "again", same_deal: true }) }, word("again_same")),
          h("button", { type: "button", id: "again-new", onclick: () => this.send({ type: "again", same_deal: false }) }, word("again_new")),
        ),
      );
    }
    return null;
  }

  /** The options the form shows, as the owner left them: the others (hidden ones such
   * as a fixed deal) are the server's to keep. */
  shownOptions(game) {
    const shown = new Set(((game && game.options) || []).map((o) => o.name));
    return Object.fromEntries(Object.entries(this.optionDraft || {}).filter(([k]) => shown.has(k)));
  }

  optionsEdited(game) {
    if (!this.optionDraft || !this.settingsDraft) return false;
    const table = this.msg.table;
    const now = table.options || {};
    const optionsChanged = Object.entries(this.shownOptions(game)).some(([k, v]) => JSON.stringify(v) !== JSON.stringify(now[k]));
    const settings = table.settings || {};
    const settingsChanged = Object.entries(this.settingsDraft).some(([k, v]) => (v || 0) !== (settings[k] || 0));
    return optionsChanged || settingsChanged;
  }

  applyOptions(game) {
    // The tag comes back in the answer to this very message ("done" or "refused"):
    // until then the form keeps the owner's values whatever other update arrives;
    // "done" refills it from the table (and says so), a refusal leaves the edits.
    this.optionsSerial = (this.optionsSerial || 0) + 1;
    const tag = `opt-${this.optionsSerial}`;
    const sent = this.send({ type: "options", options: this.shownOptions(game), settings: { ...(this.msg.table.settings || {}), ...this.settingsDraft }, tag });
    this.optionsTag = sent ? tag : null;
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
      if (module.update) for (const note of this.playedNotes || []) module.update({ ...note, text: playedText(note) });
    }
    if (this.gameModule) this.gameModule.update(this.msg);
    if (this.focusGame && this.gameModule) {
      this.focusGame = false;
      const active = document.activeElement;
      const status = this.gameRoot.querySelector("#tg-status, #tq-status, .tennis-mots-status");
      if (status && (!active || active === document.body || !active.isConnected)) {
        status.tabIndex = -1;
        status.focus({ preventScroll: true });
      }
    }
  }

  /** preview / ask: send and wait for this request's own answer (`requestOn`). */
  request(type, fields) {
    return requestOn(this.ws, type, fields);
  }
}

/** "Un robot a joué pour vous : 37 sur ↑A1, 45 sur ↑A1", each move as the server
 * described it from the seat's own view, in the page's language (the last 12). */
function playedText(msg) {
  const moves = (msg.moves || []).map((m) => pick(m.text || {}, lang)).filter(Boolean);
  if (!moves.length) return "";
  const shown = moves.slice(-12).join(", ");
  return moves.length > 12 ? t("played_for_you_many", { n: moves.length, moves: shown }) : t("played_for_you", { moves: shown });
}

/** Send a `preview` or an `ask` on `ws` and wait for its own answer. The server answers
 * one connection's messages in order, so the oldest request still waiting takes the
 * next answer of its kind: a word built card by card has several previews in flight,
 * and each must get its own (all of them used to take the first answer, so the last
 * card's preview could show the value of the word two cards earlier). */
export function requestOn(ws, type, fields) {
  return new Promise((resolve) => {
    if (!ws || ws.readyState !== WebSocket.OPEN) return resolve(null);
    const kind = type === "ask" ? "answer" : "preview";
    answersOf(ws)[kind].push(resolve);
    ws.send(JSON.stringify({ type, ...fields }));
  });
}

/** The requests of one socket still waiting, by the kind of answer they wait for; one
 * listener hands each answer (or its refusal) to the oldest of them. A socket that
 * closes answers them all with null. */
function answersOf(ws) {
  if (ws.partieWaiting) return ws.partieWaiting;
  const waiting = { preview: [], answer: [] };
  ws.partieWaiting = waiting;
  ws.addEventListener("message", (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch (_) {
      return;
    }
    const refused = msg.type === "refused";
    const kind = msg.type === "answer" || (refused && msg.ref === "ask") ? "answer" : msg.type === "preview" || (refused && msg.ref === "preview") ? "preview" : null;
    const next = kind && waiting[kind].shift();
    if (next) next(msg);
  });
  ws.addEventListener("close", () => {
    for (const kind of ["preview", "answer"]) while (waiting[kind].length) waiting[kind].shift()(null);
  });
  return waiting;
}

/** A personal link `/t/CODE#seat=TOKEN` carries a seat to another device. The token
 * rides in the fragment, which the browser never sends to the server; it is stored
 * like any token and wiped from the address bar at once. A link that would replace
 * another seat this browser holds at the table asks first (a crafted link must not
 * silently take a player's seat away from their own browser). */
export function adoptSeatLink(code) {
  const found = /(?:^#|&)seat=([A-Za-z0-9_-]{16,64})/.exec(location.hash);
  if (!found) return;
  history.replaceState(null, "", location.pathname + location.search);
  const held = load(tokenKey(code));
  if (held && held !== found[1] && !window.confirm(t("seat_link_replace"))) return;
  store(tokenKey(code), found[1]);
}

