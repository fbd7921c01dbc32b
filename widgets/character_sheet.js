// Character sheet of doria-nb: attributes, calculated values with their arithmetic, and the
// Character Mat (Body, Belt, Backpack). Plain ES module for anywidget 0.11: no build step, no
// imports. Python sends the whole state (model "state"); this file only draws it and sends
// intents back with model.send: {type: "select" | "deselect" | "move" | "damage" | "repair"}.
// Python decides what is legal.

function h(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// A whole number with its sign, as the sheet prints it: +2, 0, −1.
function signed(n) {
  if (n > 0) return `+${n}`;
  return n < 0 ? `−${-n}` : "0";
}

function button(className, text, focusKey, onClick) {
  const node = h("button", className, text);
  node.type = "button";
  if (focusKey) node.dataset.focus = focusKey;
  node.addEventListener("click", onClick);
  return node;
}

function drawCard(card, state, send) {
  const selected = state.selected === card.key;
  const node = button(
    `doria-card doria-card-${card.type}${selected ? " doria-card-selected" : ""}${
      card.damaged ? " doria-card-damaged" : ""
    }${card.requirements_met ? "" : " doria-card-unmet"}`,
    null,
    `card:${card.key}`,
    () => send(selected ? { type: "deselect" } : { type: "select", card: card.key }),
  );
  node.dataset.key = card.key;
  node.dataset.card = card.id;
  node.setAttribute("aria-pressed", selected ? "true" : "false");
  node.setAttribute("aria-label", `${card.label} ${selected ? "Selected." : "Select to move it."}`);
  node.title = card.text || card.name;
  node.append(h("span", "doria-card-name", card.name));
  const values = h("span", "doria-card-values");
  for (const line of card.lines) values.append(h("span", "doria-card-line", line));
  node.append(values);
  node.append(
    h(
      "span",
      `doria-card-req ${card.requirements_met ? "doria-req-met" : "doria-req-unmet"}`,
      card.requirement_text,
    ),
  );
  if (card.damaged) node.append(h("span", "doria-card-damaged-marker", card.damaged_text));
  return node;
}

function drawValues(state) {
  const table = h("table", "doria-sheet-values");
  const caption = h("caption", null, "Calculated values (always rounded down)");
  table.append(caption);
  const head = h("tr");
  for (const title of ["", "Calculated", "Equipment", "Encumbrance", "Maximum", "Current"]) {
    const th = h("th", null, title);
    th.scope = "col";
    head.append(th);
  }
  const thead = h("thead");
  thead.append(head);
  table.append(thead);
  const body = h("tbody");
  for (const value of state.values) {
    const row = h("tr", `doria-value doria-value-${value.key}`);
    const th = h("th", null);
    th.scope = "row";
    th.append(h("abbr", null, value.label));
    th.firstChild.title = value.name;
    row.append(th);
    const base = h("td", "doria-value-base");
    base.append(h("strong", null, value.base), h("span", "doria-formula", value.formula));
    row.append(base);
    const mod = h("td", "doria-value-modifier");
    mod.append(
      h("strong", null, signed(value.modifier)),
      h("span", "doria-formula", value.modifier_text),
    );
    row.append(mod);
    const enc = h("td", "doria-value-encumbrance");
    if (value.key === "ip") {
      enc.append(
        h("strong", null, value.encumbrance ? `−${value.encumbrance}` : "0"),
        h("span", "doria-formula", value.encumbrance_text),
      );
    } else {
      enc.append(h("span", "doria-formula", "—"));
    }
    row.append(enc);
    const max = h("td", "doria-value-maximum");
    max.append(h("strong", null, value.maximum), h("span", "doria-formula", value.maximum_text));
    row.append(max);
    const current = h("td", "doria-value-current");
    if (value.current === null || value.current === undefined) {
      current.append(h("span", "doria-formula", "= maximum"));
    } else {
      current.append(h("strong", null, `${value.current} / ${value.maximum}`));
    }
    row.append(current);
    body.append(row);
  }
  table.append(body);
  return table;
}

function drawMat(state, send) {
  const mat = h("div", "doria-mat");

  const body = h("section", "doria-mat-body");
  body.setAttribute("aria-label", "Body: equipped cards");
  body.append(h("h4", "doria-mat-title", "Body (equipped)"));
  const grid = h("div", "doria-body-grid");
  for (const slot of state.body) {
    const place = h("div", `doria-slot doria-slot-${slot.slot.replace(" ", "-")}`);
    place.dataset.slot = slot.slot;
    place.append(h("span", "doria-slot-label", slot.label));
    if (slot.card) {
      place.append(drawCard(slot.card, state, send));
    } else if (slot.filled_by) {
      place.append(h("span", "doria-slot-filled", `↔ ${slot.filled_text}`));
    } else {
      place.append(h("span", "doria-slot-empty", "empty"));
    }
    grid.append(place);
  }
  body.append(grid);
  mat.append(body);

  const belt = h("section", "doria-mat-belt");
  belt.setAttribute("aria-label", "Belt: not equipped, quick to reach");
  belt.append(
    h("h4", "doria-mat-title", `Belt (${state.belt.length} of ${state.belt_spaces}; 4 AP to take out)`),
  );
  const beltRow = h("div", "doria-mat-row");
  for (let i = 0; i < state.belt_spaces; i += 1) {
    const place = h("div", "doria-belt-place");
    const card = state.belt[i];
    place.append(card ? drawCard(card, state, send) : h("span", "doria-slot-empty", "empty"));
    beltRow.append(place);
  }
  belt.append(beltRow);
  mat.append(belt);

  const pack = h("section", "doria-mat-backpack");
  pack.setAttribute("aria-label", "Backpack: any number of cards");
  pack.append(
    h("h4", "doria-mat-title", `Backpack (${state.backpack.length}; 10 AP to take out)`),
  );
  const packRow = h("div", "doria-mat-row");
  if (state.backpack.length === 0) packRow.append(h("span", "doria-slot-empty", "empty"));
  for (const card of state.backpack) packRow.append(drawCard(card, state, send));
  pack.append(packRow);
  mat.append(pack);
  return mat;
}

function drawDetails(details, send) {
  const box = h("section", "doria-card-details");
  box.setAttribute("aria-label", `Details of the ${details.name}`);
  const title = h("h4", "doria-details-title", details.name);
  box.append(title);
  const facts = [
    `${details.type}${details.zone ? `, equipped in ${details.zone}` : ""}`,
    `in ${details.where}`,
  ];
  if (details.set) facts.push(details.set);
  for (const flag of details.flags) facts.push(flag);
  box.append(h("p", "doria-details-facts", facts.join(" · ")));
  if (details.text) box.append(h("p", "doria-details-text", details.text));
  const values = h("ul", "doria-details-values");
  for (const line of details.lines) values.append(h("li", null, line));
  values.append(
    h(
      "li",
      details.requirements_met ? "doria-req-met" : "doria-req-unmet",
      `Requirements: ${details.requirement_text}`,
    ),
  );
  if (details.damaged) values.append(h("li", "doria-card-damaged-marker", details.damaged_text));
  box.append(values);

  box.append(h("p", "doria-details-where", "Where it may go:"));
  const list = h("ul", "doria-destinations");
  for (const dest of details.destinations) {
    const item = h(
      "li",
      `doria-destination ${dest.ok ? "doria-destination-ok" : "doria-destination-no"}`,
    );
    item.dataset.destination = dest.destination;
    if (dest.ok) {
      item.append(
        button(
          "doria-destination-button",
          `${dest.destination_label}: ${dest.text}`,
          `dest:${dest.destination}`,
          () => send({ type: "move", card: details.key, destination: dest.destination }),
        ),
      );
    } else {
      item.append(h("span", "doria-destination-label", `${dest.destination_label}: `));
      item.append(h("span", "doria-destination-reason", dest.text));
    }
    list.append(item);
  }
  box.append(list);

  const actions = h("div", "doria-details-actions");
  if (details.can_damage) {
    actions.append(
      button("doria-damage-button", "Mark damaged", "damage", () =>
        send({ type: "damage", card: details.key }),
      ),
    );
  }
  if (details.can_repair) {
    actions.append(
      button("doria-repair-button", details.repair_text || "Repair", "repair", () =>
        send({ type: "repair", card: details.key }),
      ),
    );
  }
  actions.append(button("doria-deselect-button", "Close", "deselect", () => send({ type: "deselect" })));
  box.append(actions);
  return box;
}

function drawMoveControls(state, send, memory) {
  const box = h("div", "doria-move-controls");
  const id = `doria-move-${Math.random().toString(36).slice(2)}`;
  const label = h("label", "doria-move-label", "Move a card (legal moves only): ");
  label.htmlFor = id;
  const select = h("select", "doria-move-select");
  select.id = id;
  select.dataset.focus = "move-select";
  const groups = new Map();
  for (const move of state.moves) {
    let group = groups.get(move.card);
    if (!group) {
      group = document.createElement("optgroup");
      group.label = move.card_name;
      groups.set(move.card, group);
      select.append(group);
    }
    const option = h("option", null, move.label);
    option.value = `${move.card}|${move.destination}`;
    group.append(option);
  }
  const values = state.moves.map((m) => `${m.card}|${m.destination}`);
  let chosen = memory.chosen;
  if (!values.includes(chosen)) {
    const ofSelected = state.moves.find((m) => m.card === state.selected);
    chosen = ofSelected ? `${ofSelected.card}|${ofSelected.destination}` : values[0] || "";
  }
  if (memory.selected !== state.selected && state.selected) {
    const ofSelected = state.moves.find((m) => m.card === state.selected);
    if (ofSelected) chosen = `${ofSelected.card}|${ofSelected.destination}`;
  }
  memory.selected = state.selected;
  memory.chosen = chosen;
  select.value = chosen;
  select.disabled = values.length === 0;
  select.addEventListener("change", () => {
    memory.chosen = select.value;
  });
  const move = button("doria-move-button", "Move", "move-button", () => {
    const value = select.value;
    if (!value) return;
    const [card, destination] = value.split("|");
    send({ type: "move", card, destination });
  });
  move.disabled = values.length === 0;
  if (values.length === 0) box.append(h("span", "doria-move-none", "No legal move."));
  box.append(label, select, move);
  return box;
}

function draw(root, model, memory) {
  const state = model.get("state") || {};
  const active = document.activeElement;
  const focusKey = active && root.contains(active) ? active.dataset.focus : null;
  const send = (message) => model.send(message);

  root.replaceChildren();
  root.setAttribute("aria-label", `Character sheet: ${state.summary || ""}`);
  if (state.empty) {
    root.append(h("p", "doria-sheet-empty", "No character yet."));
  } else {
    const header = h("div", "doria-sheet-header");
    header.append(h("h3", "doria-sheet-name", state.name));
    header.append(h("span", "doria-sheet-kind", `${state.kind}, level ${state.level}`));
    root.append(header);
    if (state.setup_text) root.append(h("p", "doria-sheet-setup", state.setup_text));

    const attributes = h("dl", "doria-sheet-attributes");
    for (const attr of state.attributes) {
      const item = h("div", `doria-attribute doria-attribute-${attr.key}`);
      const dt = h("dt", null);
      const abbr = h("abbr", null, attr.key);
      abbr.title = attr.name;
      dt.append(abbr);
      item.append(dt, h("dd", null, attr.value));
      attributes.append(item);
    }
    root.append(attributes);
    root.append(drawValues(state));

    const skills = h("ul", "doria-sheet-skills");
    for (const skill of state.skills) {
      skills.append(h("li", skill.startsWith("✔") ? "doria-skill-ok" : "doria-skill-no", skill));
    }
    skills.append(h("li", "doria-sheet-defense", `Defense rolls: ${state.defense.join(", ") || "none"}`));
    skills.append(
      h("li", "doria-sheet-resistance", `Psi resistance rolls: ${state.psi_resistance.join(", ") || "none"}`),
    );
    if (state.bonuses.length) {
      skills.append(h("li", "doria-sheet-bonuses", `Bonuses: ${state.bonuses.join(", ")}`));
    }
    root.append(skills);

    root.append(drawMat(state, send));
    if (state.details) root.append(drawDetails(state.details, send));
    root.append(drawMoveControls(state, send, memory));
  }
  const message = state.message || { text: "", kind: "info" };
  const said = h("p", `doria-sheet-message doria-message-${message.kind}`, message.text);
  said.setAttribute("role", "status");
  said.setAttribute("aria-live", "polite");
  root.append(said);
  root.append(h("p", "doria-sheet-summary doria-sr-only", state.summary || ""));

  // Keep the keyboard focus where it was (the DOM was redrawn); if that control is gone
  // (a card moved away), focus the selected card.
  if (focusKey) {
    const again =
      root.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`) ||
      (state.selected && root.querySelector(`[data-focus="${CSS.escape(`card:${state.selected}`)}"]`));
    if (again) again.focus();
  }
}

function render({ model, el }) {
  const root = h("div", "doria-character-sheet");
  root.setAttribute("role", "region");
  el.append(root);
  const memory = { chosen: null, selected: null };
  const redraw = () => draw(root, model, memory);
  redraw();
  model.on("change:state", redraw);
  return () => model.off("change:state", redraw);
}

export default { render };
