// Plus haut's browser screen: the round on the table, the hand, the rounds taken.
// It renders only the view the server sends; what is legal comes from `legal`.

import { h, replaceChildren } from "../dom.js";

export const strings = {
  fr: {
    ph_table: "Sur la table",
    ph_hand: "Votre main",
    ph_taken: "Manches prises",
    ph_turn: "À vous : posez une carte",
    ph_wait: "Au tour de {name}",
    ph_over: "Partie finie : {names} gagne",
    ph_lay: "Poser le {card}",
  },
  en: {
    ph_table: "On the table",
    ph_hand: "Your hand",
    ph_taken: "Rounds taken",
    ph_turn: "Your turn: lay a card",
    ph_wait: "{name} to play",
    ph_over: "Game over: {names} wins",
    ph_lay: "Lay the {card}",
  },
};

let ctx = null;
let els = null;

export function mount(root, context) {
  ctx = context;
  els = {
    status: h("p", { id: "ph-status", "aria-live": "polite" }),
    table: h("ul", { id: "ph-table", "aria-label": ctx.t("ph_table") }),
    taken: h("p", { id: "ph-taken" }),
    hand: h("div", { id: "ph-hand", role: "toolbar", "aria-label": ctx.t("ph_hand") }),
    message: h("p", { id: "ph-message", role: "alert" }),
  };
  root.appendChild(h("section", { class: "plus-haut", "aria-label": "Plus haut" },
    els.status, h("h3", {}, ctx.t("ph_table")), els.table, els.taken,
    h("h3", {}, ctx.t("ph_hand")), els.hand, els.message));
}

function nameOf(msg, seat) {
  const s = ((msg.table && msg.table.seats) || []).find((x) => x.seat === seat);
  return (s && (s.name || s.bot)) || `#${seat + 1}`;
}

export function update(message) {
  if (!els) return false;
  if (message.type === "refused") {
    if (message.ref !== "act") return false;
    els.message.textContent = message[ctx.lang] || message.fr || message.code;
    return true;
  }
  if (message.type !== "table" || !message.view) return false;
  const view = message.view;
  els.message.textContent = "";
  const mine = view.to_act.includes(ctx.seat) && !ctx.readOnly;
  if (view.over) {
    const best = Math.max(...view.taken);
    const names = view.taken.map((n, s) => (n === best ? nameOf(message, s) : null)).filter(Boolean).join(", ");
    els.status.textContent = ctx.t("ph_over", { names });
  } else {
    els.status.textContent = mine ? ctx.t("ph_turn") : ctx.t("ph_wait", { name: nameOf(message, view.to_act[0]) });
  }
  replaceChildren(els.table, ...view.table.map(([seat, card]) => h("li", { class: "ph-laid" }, `${nameOf(message, seat)} : ${card}`)));
  els.taken.textContent = `${ctx.t("ph_taken")} : ` + view.taken.map((n, s) => `${nameOf(message, s)} ${n}`).join(", ");
  const legal = new Set((message.legal || []).map((a) => a.card));
  replaceChildren(els.hand, ...(view.hand || []).map((card) =>
    h("button", {
      type: "button",
      class: "ph-card",
      "data-card": String(card),
      "aria-label": ctx.t("ph_lay", { card }),
      disabled: !mine || !legal.has(card),
      onclick: () => ctx.send({ type: "lay", card }),
    }, String(card))));
  return false;
}
