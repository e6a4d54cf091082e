// Telling a player whose page is in the background that it is their turn, as card sites
// do: the title (the table page writes it), a short sound if they switched it on, a
// vibration on phones that allow it, a browser notification if they ticked it. Sound
// and notification are off until the player asks; both choices are kept for next time.

import { h, replaceChildren } from "./dom.js";
import { translator } from "./i18n.js";
import { lang, load, store } from "./shell.js";

const SOUND_KEY = "partie.notice.sound";
const NOTIFY_KEY = "partie.notice.notify";

const WORDS = {
  fr: {
    notice_legend: "Quand c'est à vous et que la page est en arrière-plan",
    notice_sound: "Un son",
    notice_notify: "Une notification du navigateur",
    notice_refused: "Le navigateur n'autorise pas les notifications de cette page.",
    notice_body: "À vous de jouer — table {code}",
  },
  en: {
    notice_legend: "When it is your turn and the page is in the background",
    notice_sound: "A sound",
    notice_notify: "A browser notification",
    notice_refused: "The browser does not allow this page's notifications.",
    notice_body: "Your turn — table {code}",
  },
};

let wasTurn = false;
let audio = null;
let box = null;

const say = (key, vars) => translator(lang, WORDS)(key, vars);
const canNotify = () => "Notification" in window;

/** A short rising two-note chime made on the spot (no sound file to fetch). */
function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    audio = audio || new Context();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const start = audio.currentTime + 0.02;
    [660, 880].forEach((freq, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      const at = start + i * 0.12;
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.11);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.12);
    });
  } catch (_) {
    /* no audio device: the title still says it */
  }
}

function notify(code) {
  if (load(NOTIFY_KEY) !== "on" || !canNotify() || Notification.permission !== "granted") return;
  try {
    const note = new Notification("partie", { body: say("notice_body", { code }), tag: `partie-turn-${code}` });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch (_) {
    /* a phone's browser that only notifies through a service worker: the vibration and
       the title remain */
  }
}

/** Called on every redraw of a table page: a turn that has just begun while the page
 * is not in view is announced once. */
export function turnNotice(turn, code) {
  const fresh = Boolean(turn) && !wasTurn;
  wasTurn = Boolean(turn);
  if (!fresh || document.visibilityState === "visible") return;
  if (load(SOUND_KEY) === "on") chime();
  if (navigator.vibrate) {
    try {
      navigator.vibrate([120, 80, 120]);
    } catch (_) {
      /* not allowed here */
    }
  }
  notify(code);
}

function checkbox(id, key, onTick) {
  const input = h("input", { type: "checkbox", id, checked: load(key) === "on" ? true : undefined });
  input.addEventListener("change", () => {
    store(key, input.checked ? "on" : null);
    if (input.checked && onTick) onTick(input);
  });
  return input;
}

/** The two switches, drawn once and kept (a redraw does not take the keyboard's focus
 * away from them); ``noticeSwitches`` rewrites their words in the page's language. */
export function noticeSwitches() {
  if (box) return box;
  const sound = checkbox("notice-sound", SOUND_KEY, () => chime());
  const note = h("p", { class: "help", id: "notice-note", role: "status" });
  const asks = checkbox("notice-notify", NOTIFY_KEY, async (input) => {
    let answer = Notification.permission;
    if (answer === "default") {
      try {
        answer = await Notification.requestPermission();
      } catch (_) {
        answer = "denied";
      }
    }
    if (answer !== "granted") {
      input.checked = false;
      store(NOTIFY_KEY, null);
      note.textContent = say("notice_refused");
    }
  });
  box = h(
    "fieldset",
    { class: "notice", id: "notice" },
    h("legend", null),
    h("label", { class: "check", for: "notice-sound" }, sound, h("span", null)),
    canNotify() ? h("label", { class: "check", for: "notice-notify" }, asks, h("span", null)) : null,
    note,
  );
  return box;
}

/** The switches' words in the page's language; shown to a seated player only. */
export function showNoticeSwitches(seated) {
  const el = noticeSwitches();
  el.hidden = !seated;
  replaceChildren(el.querySelector("legend"), say("notice_legend"));
  replaceChildren(el.querySelector('label[for="notice-sound"] span'), say("notice_sound"));
  const asks = el.querySelector('label[for="notice-notify"] span');
  if (asks) replaceChildren(asks, say("notice_notify"));
}
