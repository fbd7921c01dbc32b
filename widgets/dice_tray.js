// Dice tray of doria-nb: draws the rolls Python sends as ten-sided dice.
// Plain ES module for anywidget 0.11: no build step, no imports.
// State (all from Python): rolls (list of roll dicts), verdict, outcome_kind, summary,
// animate, serial. Python decides everything; this file only draws.

const SVG_NS = "http://www.w3.org/2000/svg";
const ROLL_MS = 650;
const TICK_MS = 65;

function h(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function signed(n) {
  return n < 0 ? `− ${Math.abs(n)}` : `+ ${n}`;
}

// One ten-sided die: a kite-shaped face with the number, and a glyph caption so that
// explosions and fumble ones never rely on colour alone.
function drawDie(face, kind, title) {
  const wrap = h("span", `ddt-die ddt-die-${kind}`);
  wrap.setAttribute("title", title);
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 48 52");
  svg.setAttribute("class", "ddt-die-svg");
  svg.setAttribute("aria-hidden", "true");
  const kite = document.createElementNS(SVG_NS, "polygon");
  kite.setAttribute("points", "24,2 46,21 24,50 2,21");
  kite.setAttribute("class", "ddt-die-shape");
  const facet = document.createElementNS(SVG_NS, "polyline");
  facet.setAttribute("points", "10.3,32 24,40 37.7,32");
  facet.setAttribute("class", "ddt-die-facet");
  const text = document.createElementNS(SVG_NS, "text");
  text.setAttribute("x", "24");
  text.setAttribute("y", "22");
  text.setAttribute("text-anchor", "middle");
  text.setAttribute("dominant-baseline", "middle");
  text.setAttribute("class", "ddt-face-text");
  text.textContent = String(face);
  svg.append(kite, facet, text);
  const caption = {
    ten: "10 ↻",
    one: "1 ✖",
    fixed: "= 6",
  }[kind];
  wrap.append(svg, h("span", "ddt-die-caption", caption || "\u00a0"));
  return wrap;
}

function drawChain(faces, roll) {
  const chain = h("span", "ddt-chain");
  if (faces.length > 1) chain.classList.add("ddt-exploded");
  faces.forEach((face, i) => {
    if (i > 0) {
      const link = h("span", "ddt-link", "→");
      link.setAttribute("title", "the 10 explodes: rolled again and added");
      chain.append(link);
    }
    let kind = "plain";
    let title = `${face}`;
    if (roll.fixed) {
      kind = "fixed";
      title = "Dice Rolling: this die counts 6";
    } else if (face === 10 && i < faces.length - 1) {
      kind = "ten";
      title = "10: explodes, rolled again";
    } else if (i === 0 && face === 1 && roll.shows_fumble) {
      kind = roll.fumble ? "one" : "one-ignored";
      title = roll.fumble ? "an original one: part of the fumble" : "an original one";
    } else if (i > 0 && face === 1) {
      title = "1 after a 10: the die counts 11, not a one";
    }
    chain.append(drawDie(face, kind, title));
  });
  if (faces.length > 1) {
    const sum = faces.reduce((a, b) => a + b, 0);
    chain.append(h("span", "ddt-chain-sum", `= ${sum}`));
  }
  return chain;
}

function drawRoll(roll, rolling) {
  const box = h("div", "ddt-roll");
  if (roll.fumble) box.classList.add("ddt-roll-fumble");
  if (roll.crit_kind === "crit") box.classList.add("ddt-roll-crit");
  box.dataset.label = roll.label;

  const head = h("div", "ddt-head");
  head.append(h("span", "ddt-label", roll.label), h("span", "ddt-expr", roll.expression));
  if (roll.who) head.append(h("span", "ddt-who", roll.who));
  box.append(head);

  const dice = h("div", "ddt-dice");
  roll.chains.forEach((faces, i) => {
    if (i > 0) dice.append(h("span", "ddt-plus", "+"));
    dice.append(drawChain(faces, roll));
  });
  if (roll.modifier) dice.append(h("span", "ddt-mod", signed(roll.modifier)));
  for (const bonus of roll.bonuses || []) {
    const text = bonus.name ? `${signed(bonus.value)} ${bonus.name}` : signed(bonus.value);
    dice.append(h("span", "ddt-bonus", text));
  }
  box.append(dice);

  const foot = h("div", "ddt-foot");
  foot.append(h("span", "ddt-total", rolling ? "= …" : `= ${roll.total}`));
  if (roll.target !== null && roll.target !== undefined) {
    foot.append(h("span", "ddt-target", `vs TN ${roll.target}`));
  }
  if (!rolling) {
    if (roll.fumble) foot.append(h("span", "ddt-badge ddt-badge-fumble", "✖ FUMBLE (two ones)"));
    if (roll.crit_text) {
      const failure = roll.crit_kind === "crit-fail";
      const badge = h(
        "span",
        `ddt-badge ${failure ? "ddt-badge-critfail" : "ddt-badge-crit"}`,
        `${failure ? "▽" : "★"} ${roll.crit_text}`,
      );
      foot.append(badge);
    }
    if (roll.note) foot.append(h("span", "ddt-note", roll.note));
  }
  box.append(foot);
  return box;
}

function draw(root, model, rolling) {
  const rolls = model.get("rolls") || [];
  const summary = model.get("summary") || "";
  root.replaceChildren();
  root.setAttribute("aria-label", `Dice tray: ${summary}`);
  root.classList.toggle("ddt-rolling", rolling);

  const visual = h("div", "ddt-visual");
  visual.setAttribute("aria-hidden", "true");
  if (rolls.length === 0) {
    visual.append(h("p", "ddt-empty", "No roll yet."));
  }
  const row = h("div", "ddt-rolls");
  rolls.forEach((roll, i) => {
    if (i > 0) row.append(h("div", "ddt-vs", "vs"));
    row.append(drawRoll(roll, rolling));
  });
  visual.append(row);

  const verdict = model.get("verdict");
  if (verdict && !rolling) {
    const kind = model.get("outcome_kind") || "none";
    visual.append(h("div", `ddt-verdict ddt-verdict-${kind}`, verdict));
  }
  root.append(visual);

  // The words a screen reader hears: the whole roll and its verdict.
  const spoken = h("p", "ddt-sr-only", rolling ? "Rolling…" : summary);
  spoken.setAttribute("aria-live", "polite");
  root.append(spoken);
}

function prefersReducedMotion() {
  return Boolean(
    globalThis.matchMedia && globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches,
  );
}

function render({ model, el }) {
  const root = h("div", "doria-dice-tray");
  root.setAttribute("role", "group");
  el.append(root);

  let ticker = null;
  let settle = null;
  const stop = () => {
    if (ticker !== null) clearInterval(ticker);
    if (settle !== null) clearTimeout(settle);
    ticker = settle = null;
  };

  const roll = () => {
    stop();
    const hasDice = (model.get("rolls") || []).length > 0;
    if (!model.get("animate") || !hasDice || prefersReducedMotion()) {
      draw(root, model, false);
      return;
    }
    draw(root, model, true);
    ticker = setInterval(() => {
      for (const text of root.querySelectorAll(".ddt-face-text")) {
        text.textContent = String(1 + Math.floor(Math.random() * 10));
      }
    }, TICK_MS);
    settle = setTimeout(() => {
      stop();
      draw(root, model, false);
    }, ROLL_MS);
  };

  const redraw = () => {
    if (ticker === null) draw(root, model, false);
  };

  draw(root, model, false);
  model.on("change:serial", roll);
  model.on("change:animate", redraw);
  model.on("change:summary", redraw);

  return () => {
    stop();
    model.off("change:serial", roll);
    model.off("change:animate", redraw);
    model.off("change:summary", redraw);
  };
}

export default { render };
