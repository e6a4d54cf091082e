// The "Règles" panel: the rules the server serves (/api/rules/{game}), a question box,
// and a pointer to the docs where the route is missing.

import { h, replaceChildren, markdown } from "./dom.js";
import { ApiError, api, lang, t } from "./shell.js";

// --- rules panel ------------------------------------------------------------------------

export async function openRules(gameId) {
  const dialog = document.getElementById("rules");
  const body = h("div", { class: "rules-body" }, t("loading"));
  replaceChildren(
    dialog,
    h(
      "div",
      { class: "rules-head" },
      h("h2", { id: "rules-title" }, t("rules")),
      h("button", { type: "button", class: "close", onclick: () => dialog.close() }, t("close")),
    ),
    body,
  );
  dialog.showModal();
  try {
    const rules = await api(`/api/rules/${encodeURIComponent(gameId)}?lang=${lang}`);
    const nodes = [askBox(gameId)];
    if (rules.intro) nodes.push(h("div", { class: "rules-intro" }, markdown(rules.intro)));
    if (rules.title) dialog.querySelector("#rules-title").textContent = rules.title;
    for (const section of rules.sections || []) {
      nodes.push(h("section", { id: section.id ? `rules-${section.id}` : undefined }, h("h3", null, section.title || ""), markdown(section.text || "")));
    }
    replaceChildren(body, nodes);
  } catch (_) {
    const page = `docs/${gameId}.md`;
    replaceChildren(
      body,
      h("p", null, t("rules_missing")),
      h("p", null, h("code", null, page), " — ", h("code", null, `partie rules ${gameId}`)),
    );
  }
}

/** "A question about the rules?": the answerer's passages, or the closest ones when it
 * is not sure (it says so). */
function askBox(gameId) {
  const input = h("input", { id: "rules-q", type: "search", maxlength: "200", autocomplete: "off" });
  const out = h("div", { class: "rules-answer", id: "rules-answer", "aria-live": "polite" });
  const form = h(
    "form",
    {
      class: "rules-ask",
      onsubmit: async (event) => {
        event.preventDefault();
        const q = input.value.trim();
        if (!q) return;
        replaceChildren(out, h("p", { class: "muted" }, t("loading")));
        try {
          const answer = await api(`/api/rules/${encodeURIComponent(gameId)}/ask?q=${encodeURIComponent(q)}&lang=${lang}`);
          const hits = answer.answers && answer.answers.length ? answer.answers : answer.closest || [];
          // A situation told with numbers, read with the game's rules: the verdict first.
          const why = answer.situation && answer.situation.why;
          replaceChildren(
            out,
            why ? h("p", { class: "situation", id: "rules-situation" }, h("strong", null, t("rules_situation")), " ", why) : null,
            // The verdict above is the rules' own; only the passages' ranking is unsure.
            // No passage at all: say so and how to ask again, not "the closest:" over nothing.
            hits.length || why ? null : h("p", { class: "muted", id: "rules-none" }, t("rules_none")),
            hits.length && !(answer.answers && answer.answers.length) ? h("p", { class: "muted" }, answer.example_first ? t("rules_example_first") : why ? t("rules_closest") : t("rules_unsure")) : null,
            hits.slice(0, 3).map((hit) => h("blockquote", null, h("p", { class: "label" }, hit.section || ""), markdown(hit.text || ""))),
          );
        } catch (err) {
          replaceChildren(out, h("p", { class: "alert error" }, err instanceof ApiError ? err.text() : t("offline_now")));
        }
      },
    },
    h("label", { for: "rules-q" }, t("rules_ask")),
    h("div", { class: "row" }, input, h("button", { type: "submit", class: "small" }, t("rules_ask_go"))),
  );
  return h("div", null, form, out);
}

