// Form fields generated from what the server describes: a game's option specs and the
// table's settings (timers, stand-in bot). Used by the lobby and the owner's controls.

import { h } from "./dom.js";
import { botLabel, levelOption } from "./i18n.js";
import { lang, pick, t } from "./shell.js";

/** The server's table settings: turn timer and how long a player may be away before a
 * bot stands in (both off by default). */
export function settingsFields(values, prefix, game) {
  const box = h("fieldset", { class: "options settings" }, h("legend", null, t("timers")));
  for (const name of ["turn_seconds", "away_seconds"]) {
    const id = `${prefix}-set-${name}`;
    box.appendChild(
      h(
        "div",
        { class: "field" },
        h("label", { for: id }, t(name)),
        h("input", {
          type: "number",
          id,
          "data-fkey": id,
          min: "0",
          max: "3600",
          step: "1",
          value: values[name] ?? 0,
          oninput: (e) => {
            const n = parseInt(e.target.value, 10);
            if (Number.isFinite(n) && n >= 0) values[name] = n;
          },
          onchange: (e) => {
            const n = parseInt(e.target.value, 10);
            values[name] = Number.isFinite(n) && n >= 0 ? n : 0;
          },
        }),
      ),
    );
  }
  const levels = (game && game.bot_levels) || [];
  if (levels.length) {
    const id = `${prefix}-set-zombie_bot`;
    const current = values.zombie_bot || "";
    box.appendChild(
      h(
        "div",
        { class: "field" },
        h("label", { for: id }, t("zombie_bot")),
        h(
          "select",
          {
            id,
            "data-fkey": id,
            onchange: (e) => {
              values.zombie_bot = e.target.value || null;
            },
          },
          h("option", { value: "", selected: !current }, t("zombie_default", { bot: botLabel(levels.find((l) => l.bot === game.default_bot) || { bot: game.default_bot }, lang) })),
          levels.map((l) => levelOption(h, l, lang, l.bot === current)),
        ),
      ),
    );
  }
  return box;
}

export function specDefault(specs, name) {
  const spec = (specs || []).find((s) => s.name === name);
  return spec ? spec.default : undefined;
}

/** Form fields generated from the game's OptionSpecs. `values` is updated in place.
 * `rerender(name)` is called after a change to options that shape the form (players). */
export function optionFields(specs, values, prefix, rerender, shapes = () => false, disabled = false) {
  const box = h("fieldset", { class: "options" }, h("legend", null, t("options")));
  for (const spec of specs || []) {
    const id = `${prefix}-opt-${spec.name}`;
    const current = spec.name in values ? values[spec.name] : spec.default;
    const label = pick(spec.label, lang) || spec.name;
    const help = spec.help ? pick(spec.help, lang) : "";
    const helpId = help ? `${id}-help` : undefined;
    const set = (value) => {
      values[spec.name] = value;
      if (shapes(spec.name)) rerender(spec.name);
    };
    let input;
    if (spec.type === "bool") {
      input = h("input", {
        type: "checkbox",
        id,
        "data-fkey": id,
        checked: Boolean(current),
        disabled,
        "aria-describedby": helpId,
        onchange: (e) => set(e.target.checked),
      });
      box.appendChild(
        h("div", { class: "field check" }, input, h("label", { for: id }, label), help ? h("p", { id: helpId, class: "help" }, help) : null),
      );
      continue;
    }
    if (spec.type === "choice") {
      input = h(
        "select",
        { id, "data-fkey": id, disabled, "aria-describedby": helpId, onchange: (e) => set(e.target.value) },
        (spec.choices || []).map((c) => {
          const value = typeof c === "object" && c !== null ? c.value : c;
          const text = typeof c === "object" && c !== null ? pick(c.label, lang) || String(value) : String(c);
          return h("option", { value, selected: value === current }, text);
        }),
      );
    } else if (spec.type === "int" || spec.type === "float") {
      input = h("input", {
        type: "number",
        id,
        "data-fkey": id,
        disabled,
        min: spec.min ?? undefined,
        max: spec.max ?? undefined,
        step: spec.type === "int" ? "1" : "any",
        value: current ?? "",
        "aria-describedby": helpId,
        // Kept as it is typed: a table update arriving mid-typing rebuilds the form
        // from `values`, and the digits typed so far must survive it.
        oninput: (e) => {
          const raw = e.target.value;
          const n = spec.type === "int" ? parseInt(raw, 10) : parseFloat(raw);
          if (Number.isFinite(n)) values[spec.name] = n;
        },
        onchange: (e) => {
          const raw = e.target.value;
          if (raw === "") {
            delete values[spec.name];
            if (shapes(spec.name)) rerender(spec.name);
            return;
          }
          const n = spec.type === "int" ? parseInt(raw, 10) : parseFloat(raw);
          if (Number.isFinite(n)) set(n);
        },
      });
    } else {
      input = h("input", {
        type: "text",
        id,
        "data-fkey": id,
        disabled,
        value: current ?? "",
        "aria-describedby": helpId,
        oninput: (e) => {
          values[spec.name] = e.target.value === "" && current === null ? null : e.target.value;
        },
        onchange: (e) => set(e.target.value === "" && current === null ? null : e.target.value),
      });
    }
    box.appendChild(
      h("div", { class: "field" }, h("label", { for: id }, label), input, help ? h("p", { id: helpId, class: "help" }, help) : null),
    );
  }
  return box;
}

