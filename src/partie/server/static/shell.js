// What every page of the browser client shares: the language in use, the HTTP helper
// and its error, table codes, browser storage, and the page's banner and alert line.
// `lang` and `t` are live bindings: a module that imports them sees the switch.

import { h, replaceChildren } from "./dom.js";
import { SHELL, getLang, setLang, translator, pick } from "./i18n.js";

const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_RE = new RegExp(`^[${CODE_ALPHABET}]{6}$`);

export let lang = getLang();
export let t = translator(lang, SHELL);
let onLangChange = () => {};

/** The page in view re-renders itself here when the language changes. */
export function onLanguage(fn) {
  onLangChange = fn;
}

/** French ↔ English, kept for the next visit. */
export function switchLanguage() {
  lang = lang === "fr" ? "en" : "fr";
  setLang(lang);
  t = translator(lang, SHELL);
  onLangChange();
}

export { pick };

// --- small utilities ------------------------------------------------------------------

/** "abc def" / "abcdef" / "ABC-DEF" → "ABCDEF", or null when it is not a code. */
export function normalizeCode(text) {
  const code = String(text || "").toUpperCase().replace(/[\s-]/g, "");
  return CODE_RE.test(code) ? code : null;
}

export function showCode(code) {
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}

export function store(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (_) {
    /* private mode: the seat will not survive a reload, play still works */
  }
}

export function load(key) {
  try {
    return localStorage.getItem(key);
  } catch (_) {
    return null;
  }
}

export const tokenKey = (code) => `partie.token.${code}`;
export const ownerKey = (code) => `partie.owner.${code}`;
export const autoSitKey = (code) => `partie.autosit.${code}`;

export class ApiError extends Error {
  constructor(status, body) {
    super(body && (body.en || body.code) ? body.en || body.code : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
  text() {
    return this.body.fr || this.body.en ? pick(this.body, lang) : this.message;
  }
}

export async function api(path, options = {}) {
  const init = { headers: { Accept: "application/json" }, ...options };
  if (options.json !== undefined) {
    init.method = init.method || "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.json);
    delete init.json;
  }
  return answerOf(await fetch(path, init));
}

/** A fetch's JSON body, or an `ApiError` carrying the refusal when it is not OK. */
export async function answerOf(response) {
  let body = null;
  try {
    body = await response.json();
  } catch (_) {
    body = null;
  }
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

export async function copyText(text, button) {
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

export function gameName(games, id) {
  const game = games && games.find((g) => g.id === id);
  return game ? game.name : id;
}

export function statusText(status) {
  return t(`status_${status}`);
}

export const main = document.getElementById("main");
export const banner = document.getElementById("banner");
export const alerts = document.getElementById("alerts");

let alertTimer = null;

/** One line the player must read (a refusal, an error): it stays long enough to be read
 * (other players' moves do not wipe it) and can be closed. */
export function alertLine(text, kind = "error", { keep = false, id } = {}) {
  clearTimeout(alertTimer);
  if (!text) {
    replaceChildren(alerts);
    return;
  }
  const close = h("button", { type: "button", class: "tiny", "aria-label": t("close"), onclick: () => alertLine(null) }, "✕");
  replaceChildren(alerts, h("p", { class: `alert ${kind}`, role: "alert", id }, h("span", null, text), " ", close));
  // A line the player must not miss (what a bot played for them) stays until closed.
  if (!keep) alertTimer = setTimeout(() => alertLine(null), 12000);
}

export function setBanner(text) {
  banner.hidden = !text;
  banner.textContent = text || "";
}

