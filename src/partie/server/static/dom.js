// Small DOM helpers shared by the shell and the game screens. Text always goes in
// through text nodes or textContent, never innerHTML, so names and chat are inert.

/**
 * h("button", {class: "x", onclick: fn, "aria-label": "..."}, "text", child)
 * Props starting with "on" are listeners; `text` sets textContent; `dataset` an object;
 * booleans set or drop the attribute; everything else is an attribute.
 */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  if (props) {
    for (const [key, value] of Object.entries(props)) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith("on") && typeof value === "function") {
        el.addEventListener(key.slice(2), value);
        (el._listeners ||= []).push([key.slice(2), value]);
      } else if (key === "text") {
        el.textContent = String(value);
      } else if (key === "dataset") {
        Object.assign(el.dataset, value);
      } else if (key === "value") {
        el.value = value;
      } else if (key === "checked") {
        el.checked = Boolean(value);
      } else if (value === true) {
        el.setAttribute(key, "");
      } else {
        el.setAttribute(key, String(value));
      }
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** A field a person types into: rebuilding it mid-typing would lose what a number
 * field cannot give back (its selection), so the field itself is kept. */
function typedInto(node) {
  if (node.tagName === "TEXTAREA") return true;
  return node.tagName === "INPUT" && !["checkbox", "radio", "button", "submit"].includes(node.type);
}

/** ``kept`` (the field being typed into) takes the rebuilt field's attributes and
 * listeners, so it acts as the new render says (its draft, its limits) while keeping
 * what the person typed. The rebuilt field, which the render's own code may still read
 * (a button's handler reading ``input.value``), follows the kept one's value. */
function adopt(kept, fresh) {
  fresh.value = kept.value;
  kept._mirror = fresh;
  if (!kept._mirrored) {
    kept._mirrored = true;
    kept.addEventListener("input", () => {
      kept._mirror.value = kept.value;
    });
  }
  for (const [type, fn] of kept._listeners || []) kept.removeEventListener(type, fn);
  kept._listeners = fresh._listeners || [];
  for (const [type, fn] of kept._listeners) kept.addEventListener(type, fn);
  for (const attr of [...kept.attributes]) {
    if (!fresh.hasAttribute(attr.name)) kept.removeAttribute(attr.name);
  }
  for (const attr of fresh.attributes) {
    if (attr.name !== "value") kept.setAttribute(attr.name, attr.value);
  }
}

/** Replace an element's children, keeping focus on the element with the same
 * data-fkey when a re-render rebuilds it (typing in a form survives updates). A field
 * being typed into is moved into the new tree in place of its rebuilt twin, with its
 * value, caret and selection: "2" selected then "9" typed must read "9", not "29". */
export function replaceChildren(el, ...children) {
  const active = document.activeElement;
  const fkey = active && el.contains(active) ? active.dataset.fkey : undefined;
  let selection = null;
  if (fkey && "selectionStart" in active) {
    try {
      selection = [active.selectionStart, active.selectionEnd];
    } catch (_) {
      selection = null;
    }
  }
  el.replaceChildren();
  append(el, children);
  if (fkey) {
    let again = el.querySelector(`[data-fkey="${CSS.escape(fkey)}"]`);
    if (again && typedInto(active) && again.tagName === active.tagName && again.type === active.type) {
      adopt(active, again);
      again.replaceWith(active);
      again = active;
    }
    if (again) {
      again.focus({ preventScroll: true });
      if (selection && selection[0] !== null && "setSelectionRange" in again) {
        try {
          again.setSelectionRange(selection[0], selection[1]);
        } catch (_) {
          /* not a text field */
        }
      }
    }
  }
}

/** Render a small Markdown subset (headings, lists, paragraphs, **bold**, `code`)
 * as DOM nodes: the rules text is ours but still never goes through innerHTML. */
export function markdown(text) {
  const out = document.createDocumentFragment();
  const blocks = String(text).replace(/\r\n/g, "\n").split(/\n\s*\n/);
  for (const block of blocks) {
    const lines = block.split("\n").filter((l) => l.trim() !== "");
    if (!lines.length) continue;
    const heading = /^(#{1,6})\s+(.*)$/.exec(lines[0]);
    if (heading && lines.length === 1) {
      const level = Math.min(6, heading[1].length + 2);
      out.appendChild(h(`h${level}`, null, inline(heading[2])));
      continue;
    }
    if (lines.every((l) => /^\s*([-*]|\d+\.)\s+/.test(l))) {
      const ordered = /^\s*\d+\./.test(lines[0]);
      const list = h(ordered ? "ol" : "ul");
      for (const l of lines) list.appendChild(h("li", null, inline(l.replace(/^\s*([-*]|\d+\.)\s+/, ""))));
      out.appendChild(list);
      continue;
    }
    out.appendChild(h("p", null, inline(lines.join(" "))));
  }
  return out;
}

function inline(text) {
  const parts = [];
  const re = /(\*\*([^*]+)\*\*|`([^`]+)`|\*([^*]+)\*)/g;
  let last = 0;
  let m;
  while ((m = re.exec(text))) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    if (m[2] !== undefined) parts.push(h("strong", null, m[2]));
    else if (m[3] !== undefined) parts.push(h("code", null, m[3]));
    else parts.push(h("em", null, m[4]));
    last = re.lastIndex;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
