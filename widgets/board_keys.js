// Board keyboard of doria-nb: a focusable strip next to the Bokeh board.
// Tab reaches it; arrow keys, Enter, Space and Home go to Python as intents ({key}); Python
// moves the cursor square on the board, acts on Enter exactly as a click, and sends back the
// words shown here (the cursor square and what lies there).

const KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Home"]);

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "doria-board-keys";
  root.tabIndex = 0;
  root.setAttribute("role", "application");
  root.setAttribute("aria-roledescription", "board");
  // JupyterLab's own shortcuts (arrows move between cells, Enter edits one) must not take
  // the board's keys: Lumino skips elements marked so.
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const hint = document.createElement("span");
  hint.className = "dbk-hint";
  hint.textContent = "⌨ Board: Tab here, arrows move the cursor, Enter acts as a click.";
  const where = document.createElement("span");
  where.className = "dbk-where";
  where.setAttribute("aria-live", "polite");
  root.append(hint, where);
  el.append(root);

  const draw = () => {
    const text = model.get("text") || "";
    where.textContent = text;
    root.setAttribute("aria-label", `Board. ${text}`);
    root.dataset.cursor = model.get("cursor") || "";
  };

  const onKey = (event) => {
    if (!KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    model.send({ kind: "key", key: event.key === " " ? "Enter" : event.key });
  };
  const onFocus = () => model.send({ kind: "focus" });

  root.addEventListener("keydown", onKey);
  root.addEventListener("focus", onFocus);
  model.on("change:text", draw);
  model.on("change:cursor", draw);
  draw();

  return () => {
    root.removeEventListener("keydown", onKey);
    root.removeEventListener("focus", onFocus);
    model.off("change:text", draw);
    model.off("change:cursor", draw);
  };
}

export default { render };
