// Drawing helpers shared by the renderers: elements, cards, seat names and colours, clickable cards.

/** An element: `h("div", {class: "x", onclick: f}, child, "text", ...)`; null and false children are skipped. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export const SEAT_COLOURS = ["#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98", "#ca6f1e", "#2e4053"];  // one a seat, up to 7

export function seatName(ctx, seat) {
  if (seat === ctx.seat) return "you";
  const who = ctx.seats && ctx.seats[seat];
  return who && who.bot ? `seat ${seat} (${who.bot})` : `seat ${seat}`;
}

export function seatChip(ctx, seat) {
  return h("span", { class: "seat-chip", style: { background: SEAT_COLOURS[seat % SEAT_COLOURS.length] } },
    seatName(ctx, seat));
}

/** The legal actions whose label `test` accepts. */
export function matching(ctx, test) {
  return ctx.legal.filter((a) => test(a.label, a.action));
}

/** What a card (equipment, character, building...) does, from the game's help (the server's `/help/<game>.json`,
 * the player rules' words): "" when the game gives none. */
export function helpOf(ctx, key) {
  return (ctx.help && Object.hasOwn(ctx.help, key) && ctx.help[key]) || "";
}

/** The attributes that make an element explain itself: its `title` says what it does (a tooltip), and `data-help`
 * (a tap on a phone, a long press or a right click shows it in a popover: app.js). */
export function explained(ctx, key, name = key) {
  const help = helpOf(ctx, key);
  return help ? { title: `${name}: ${help}`, "data-help": help, "data-help-name": name } : { title: name };
}

/** A mark of the board that the last move may light (`focus` of a move in the protocol: "seat:2", "card:Q♠"). */
export const mark = (kind, name) => `${kind}:${String(name).replace(/ /g, "_")}`;

/** A card face: `text` on a card, clickable when some legal action fits `test` (one: played at once; several:
 * the action buttons that fit are lit so the player picks one); `help`: the key of what it does (default `text`). */
export function card(ctx, text, { cls = "", sub = null, test = null, title = null, help = null, marks = null } = {}) {
  const fits = test ? matching(ctx, test) : [];
  const about = explained(ctx, help ?? text, title || text);
  const el = h("div", { class: `card ${cls} ${fits.length ? "playable" : ""}`.trim(), ...about,
                        "data-card": text, "data-mark": marks ?? mark("card", text) },
    h("span", { class: "card-name" }, text), sub !== null ? h("span", { class: "card-sub" }, sub) : null);
  if (fits.length) {
    el.addEventListener("click", () => (fits.length === 1 ? ctx.act(fits[0].action)
                                                          : ctx.highlight(fits.map((a) => a.action))));
  }
  return el;
}

export function cardBack(n = 1, label = null) {
  return h("div", { class: "card back", title: label || `${n} card${n === 1 ? "" : "s"}` },
    h("span", { class: "card-name" }, n > 1 ? `×${n}` : ""));
}

export function section(title, ...children) {
  return h("section", { class: "panel" }, h("h3", {}, title), ...children);
}

/** The seat's own hand (or card), as a section of the board: on a phone it comes first (style.css). */
export function handSection(title, ...children) {
  const el = section(title, ...children);
  el.classList.add("own-hand");
  return el;
}

export const money = (n) => `$${Number(n).toLocaleString("en-US")}`;

/** Counts per name as a list of [name, count] with count > 0. */
export function counted(names, counts) {
  return names.map((n, i) => [n, counts[i] || 0]).filter(([, c]) => c > 0);
}
