// The browser client of `partie serve`: which page to show (lobby, a table, a replay)
// and the page frame (language switch). Each game's screen is a module loaded from
// /static/games/<game-id>.js (see docs/protocol.md); the client holds no game rules.

import { deckEditor, decksPage } from "./decks.js";
import { defiPage } from "./defi.js";
import { h, replaceChildren } from "./dom.js";
import { lobbyPage } from "./lobby.js";
import { replayPage } from "./replay.js";
import { lang, main, normalizeCode, showCode, switchLanguage, t } from "./shell.js";
import { TableClient, adoptSeatLink } from "./table.js";

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
  switchLanguage();
  frame();
});

// --- routing ------------------------------------------------------------------------------

function route() {
  frame();
  const path = location.pathname;
  let m = /^\/t\/([^/]+)\/?$/.exec(path);
  if (m) {
    const code = normalizeCode(decodeURIComponent(m[1]));
    if (!code) {
      replaceChildren(main, h("p", { class: "alert error" }, t("bad_code")), h("a", { href: "/", class: "button small" }, t("back_lobby")));
      return;
    }
    document.title = `${showCode(code)} · partie`;
    adoptSeatLink(code);
    new TableClient(code).start();
    return;
  }
  if (/^\/decks\/?$/.test(path)) {
    decksPage();
    return;
  }
  if (/^\/defi\/?$/.test(path)) {
    defiPage();
    return;
  }
  m = /^\/decks\/([a-f0-9]{6,24})\/?$/.exec(path);
  if (m) {
    deckEditor(m[1]);
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
