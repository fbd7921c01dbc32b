// Initiative Board of doria-nb: the AP track 40 … 1 and the gray 0 square with every
// Initiative Marker, the Doom Counter track, the Round Marker and the Group XP track.
// Plain ES module for anywidget 0.11: no build step, no imports.
// State (all from Python, see doria_nb/ui/initiative_board.py: board_json): one `state` dict.
// The only message sent back is the intent {type: "select", key}; Python decides.

const ROWS = 4;
const PER_ROW = 10;

function h(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function drawMarker(marker, send) {
  const button = h("button", `dib-marker dib-${marker.kind}`);
  button.type = "button";
  button.dataset.key = marker.key;
  button.dataset.kind = marker.kind;
  button.dataset.focus = `marker:${marker.key}`;
  if (marker.square !== null && marker.square !== undefined) {
    button.dataset.square = String(marker.square);
  }
  button.setAttribute("aria-label", marker.aria);
  button.setAttribute("aria-pressed", marker.selected ? "true" : "false");
  button.title = marker.aria;
  for (const flag of ["active", "next", "selected", "acted", "unconscious"]) {
    if (marker[flag]) button.classList.add(`dib-${flag}`);
  }
  const badge = marker.active ? "▶" : marker.unconscious ? "z" : marker.acted ? "✓" : "";
  if (badge) button.append(h("span", "dib-badge", badge));
  button.append(h("span", "dib-abbr", marker.abbr));
  if (marker.ap !== marker.square && !marker.unconscious) {
    button.append(h("span", "dib-ap", marker.ap));
  }
  button.addEventListener("click", () => send({ type: "select", key: marker.key }));
  return button;
}

function drawSquare(square, markers, send) {
  const cell = h("div", square === 0 ? "dib-square dib-zero" : "dib-square");
  cell.dataset.square = String(square);
  cell.setAttribute("role", "listitem");
  const here = markers.filter((m) => m.square === square);
  const names = here.map((m) => m.label).join(", ");
  const where = square === 0 ? "Gray 0 square (0 and below)" : `Square ${square}`;
  cell.setAttribute("aria-label", names ? `${where}: ${names}` : where);
  cell.append(h("span", "dib-number", square === 0 ? "0 ▾" : square));
  const stack = h("div", square === 0 ? "dib-stack dib-zero-list" : "dib-stack");
  for (const marker of here) {
    if (square !== 0) {
      stack.append(drawMarker(marker, send));
      continue;
    }
    // The gray 0 square holds every marker at 0 AP or below: one readable row each, with the
    // name and the AP it ended on, instead of a pile of tiny letters.
    const row = h("div", "dib-zero-row");
    row.append(drawMarker(marker, send));
    row.append(h("span", "dib-zero-label", `${marker.label}: ${marker.ap} AP`));
    stack.append(row);
  }
  if (square === 0 && here.length === 0) stack.append(h("span", "dib-none", "nobody"));
  cell.append(stack);
  return cell;
}

function drawTrack(state, send) {
  const section = h("section", "dib-track");
  const top = state.top;
  section.setAttribute(
    "aria-label",
    `Initiative track, ${top} down to 1, and the gray 0 square`,
  );
  const markers = state.markers || [];
  const grid = h("div", "dib-grid");
  grid.setAttribute("role", "list");
  for (let row = 0; row < ROWS; row++) {
    for (let col = 0; col < PER_ROW; col++) {
      const square = top - row * PER_ROW - col;
      if (square >= 1) grid.append(drawSquare(square, markers, send));
    }
  }
  section.append(grid);

  const foot = h("div", "dib-foot");
  foot.append(drawSquare(0, markers, send));
  const out = markers.filter((m) => m.unconscious);
  const tray = h("div", "dib-out");
  tray.dataset.square = "out";
  tray.append(h("span", "dib-out-title", "Unconscious (off the track)"));
  const stack = h("div", "dib-stack");
  for (const marker of out) stack.append(drawMarker(marker, send));
  if (out.length === 0) stack.append(h("span", "dib-none", "none"));
  tray.append(stack);
  foot.append(tray);
  section.append(foot);
  return section;
}

function strip(title, className) {
  const section = h("section", `dib-strip ${className}`);
  section.setAttribute("aria-label", title);
  section.append(h("h4", "dib-strip-title", title));
  const row = h("div", "dib-strip-row");
  row.setAttribute("role", "list");
  section.append(row);
  return [section, row];
}

const DOOM_GLYPH = { head: "☠", plain: "", "extra activation": "!", level: "▲" };

function drawDoom(doom) {
  const [section, row] = strip("Doom Counter", "dib-doom");
  for (const square of doom.squares) {
    const kind = square.kind.replace(" ", "-");
    const cell = h("div", `dib-cell dib-doom-${kind}`);
    cell.setAttribute("role", "listitem");
    cell.dataset.doom = square.square === null ? "head" : String(square.square);
    const here = square.square === doom.position;
    cell.setAttribute("aria-label", `${square.label}${here ? ": the Doom Counter" : ""}`);
    cell.title = square.label;
    cell.append(h("span", "dib-number", square.square === null ? "head" : square.square));
    cell.append(h("span", "dib-glyph", DOOM_GLYPH[square.kind] || "\u00a0"));
    if (here) {
      cell.classList.add("dib-here");
      cell.append(h("span", "dib-token dib-doom-token", "DC"));
    }
    row.append(cell);
  }
  const legend = h("p", "dib-legend", "! red: Extra Activation · ▲ orange: Monster Level Up");
  section.append(legend);
  return section;
}

function drawRound(round) {
  const [section, row] = strip("Round Marker", "dib-round");
  const levels = new Set(round.level_rounds);
  for (const value of round.squares) {
    const cell = h("div", "dib-cell");
    cell.setAttribute("role", "listitem");
    cell.dataset.round = String(value);
    const level = levels.has(value);
    if (level) cell.classList.add("dib-level-round");
    const here = value === round.value;
    let words = `Round ${value}${level ? ", heroes level up" : ""}`;
    if (here) words += round.door_opened ? ": the Round Marker, door side up" : ": the Round Marker";
    cell.setAttribute("aria-label", words);
    cell.title = words;
    cell.append(h("span", "dib-number", value));
    cell.append(h("span", "dib-glyph", level ? "★" : "\u00a0"));
    if (here) {
      cell.classList.add("dib-here");
      const token = h("span", "dib-token dib-round-token", round.door_opened ? "DOOR" : "R");
      if (round.door_opened) token.classList.add("dib-door");
      cell.append(token);
    }
    row.append(cell);
  }
  section.append(h("p", "dib-legend", "★ the heroes level up after this round"));
  return section;
}

function drawXp(xp) {
  const [section, row] = strip("Group XP", "dib-xp");
  for (let i = 1; i <= xp.shown; i++) {
    const cell = h("div", "dib-cell dib-xp-cell");
    cell.setAttribute("role", "listitem");
    cell.dataset.xp = String(i);
    const filled = i <= xp.value;
    if (filled) cell.classList.add("dib-filled");
    const point = i % xp.per_point === 0;
    if (point) cell.classList.add("dib-point");
    cell.setAttribute("aria-label", `XP ${i}${filled ? ", collected" : ""}`);
    cell.append(h("span", "dib-number", i));
    cell.append(h("span", "dib-glyph", filled ? "●" : "○"));
    if (point) cell.append(h("span", "dib-point-mark", "+1"));
    row.append(cell);
  }
  const more = xp.value > xp.shown ? ` (${xp.value - xp.shown} more not drawn)` : "";
  section.append(
    h(
      "p",
      "dib-legend",
      `${xp.value} collected${more}; every ${xp.per_point} make 1 Attribute Point for each ` +
        `character (+1 marks)`,
    ),
  );
  return section;
}

function drawDescription(state, memory) {
  const details = h("details", "dib-description");
  details.open = memory.open;
  details.addEventListener("toggle", () => {
    memory.open = details.open;
  });
  details.append(h("summary", null, "The board in words"));
  const text = h("div", "dib-words");
  text.setAttribute("aria-live", "polite");
  for (const line of (state.description || "").split("\n")) {
    text.append(h("p", null, line));
  }
  details.append(text);
  return details;
}

function draw(root, model, memory) {
  const state = model.get("state") || {};
  const active = document.activeElement;
  const focusKey = active && root.contains(active) ? active.dataset.focus : null;
  const send = (message) => model.send(message);

  root.replaceChildren();
  const head = h("div", "dib-head");
  head.append(h("h3", "dib-title", "Initiative Board"));
  if (state.phase) head.append(h("span", "dib-phase", `Phase: ${state.phase}`));
  root.append(head);
  root.append(drawTrack(state, send));
  const side = h("div", "dib-side");
  if (state.doom) side.append(drawDoom(state.doom));
  if (state.round) side.append(drawRound(state.round));
  if (state.xp) side.append(drawXp(state.xp));
  root.append(side);
  root.append(drawDescription(state, memory));

  if (focusKey) {
    for (const node of root.querySelectorAll("[data-focus]")) {
      if (node.dataset.focus === focusKey) {
        node.focus();
        break;
      }
    }
  }
}

function render({ model, el }) {
  const root = h("div", "doria-initiative-board-view");
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", "Initiative Board");
  el.append(root);
  const memory = { open: false };
  const redraw = () => draw(root, model, memory);
  redraw();
  model.on("change:state", redraw);
  return () => model.off("change:state", redraw);
}

export default { render };
