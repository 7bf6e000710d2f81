// Wyatt Earp: the posters, the piles, every seat's tableau (its groups of outlaws with their sheriff cards) and
// the own hand; at a round's end the scoring table: capture points per outlaw and seat, and who was paid.
import { h, card, cardBack, section, seatChip, money, counted, handSection, mark } from "./common.js";

export const OUTLAWS = ["Belle Starr", "Billy the Kid", "Bob Dalton", "Butch Cassidy", "Jesse James",
                        "Sundance Kid", "Wes Hardin"];
export const CARDS = [...OUTLAWS, ...OUTLAWS.map((o) => `Photo ${o}`), "Stagecoach Robbery", "Bank Robbery",
                      "Fastest Gun", "Wanted", "Hideout", "Wyatt Earp"];
const PHASES = ["draw", "play", "target", "search", "immediate", "Photo window", "defence", "discard", "game over"];
const STAGECOACH = 14, BANK = 15, FASTEST = 16, HIDEOUT = 18;

const kind = (t) => (t < 7 ? "outlaw" : t < 14 ? "photo" : "sheriff");

/** The card of the hand that an action plays, discards or defends with, from its label (core/wyatt_earp/labels.pyx:
 * "play set: 3 x Belle Starr", "play Photo Wes Hardin", "play Wanted mode 1: ...", "discard Hideout", "defend with
 * Wyatt Earp"); null for the actions that take no card from the hand (a draw, "take X from the discard pile", a
 * shot's target, a search).  The whole name is compared, never a part of the label. */
export function handCard(label) {
  const m = label.match(/^play set: \d+ x (.+)$/) || label.match(/^play (Wanted|Wyatt Earp) mode \d/)
    || label.match(/^play (.+)$/) || label.match(/^discard (.+)$/) || label.match(/^defend with (.+)$/);
  return m && CARDS.includes(m[1]) ? m[1] : null;
}

/** Does an action take the discard pile's top card ("take Belle Starr from the discard pile")? */
const takesTop = (label) => /^take .+ from the discard pile$/.test(label);

function cardOf(ctx, t, opts = {}) {
  return card(ctx, CARDS[t], { cls: `we ${kind(t)}`, ...opts });
}

/** Capture points of seat p's group of outlaw x (rules 10.1): outlaw card 2, Photo 4, Stagecoach 1, Bank 2,
 * Fastest Gun 3; 0 under a Hideout. */
export function capturePoints(v, p, x) {
  const attached = v.attached[p][x].slice(0, v.attached_n[p][x]);
  if (attached.includes(HIDEOUT)) return 0;
  let cp = 2 * v.outlaws[p][x] + 4 * v.photo[p][x];
  for (const c of attached) cp += c === STAGECOACH ? 1 : c === BANK ? 2 : c === FASTEST ? 3 : 0;
  return cp;
}

function tableau(ctx, v, p) {
  const groups = [];
  for (let x = 0; x < 7; x++) {
    if (!v.outlaws[p][x] && !v.photo[p][x]) continue;
    const cards = [];
    for (let i = 0; i < v.outlaws[p][x]; i++) cards.push(cardOf(ctx, x, { cls: "we outlaw tiny" }));
    if (v.photo[p][x]) cards.push(cardOf(ctx, 7 + x, { cls: "we photo tiny" }));
    for (const c of v.attached[p][x].slice(0, v.attached_n[p][x])) cards.push(cardOf(ctx, c, { cls: "we sheriff tiny" }));
    groups.push(h("div", { class: "group", title: `${OUTLAWS[x]}: ${capturePoints(v, p, x)} capture points`,
                           "data-mark": mark(`group:${p}`, OUTLAWS[x]) },
      h("div", { class: "group-name" }, OUTLAWS[x], h("span", { class: "cp" }, ` ${capturePoints(v, p, x)} CP`),
        v.fg_seat === p && v.fg_outlaw === x ? " ★" : ""),
      h("div", { class: "fan" }, cards)));
  }
  return groups.length ? h("div", { class: "tableau" }, groups) : h("div", { class: "tableau empty" }, "no groups yet");
}

export default {
  hand(v, seat) {
    return new Map(counted(CARDS, v.hand[seat]));
  },

  render(ctx) {
    const v = ctx.info, n = v.n_players;
    const posters = h("div", { class: "posters" }, OUTLAWS.map((o, x) => h("div", { class: `poster ${v.opened[x] ? "opened" : ""}` },
      h("div", { class: "poster-head" }, "WANTED"), h("div", { class: "poster-name" }, o),
      h("div", { class: "poster-money" }, money(v.poster[x])), v.opened[x] ? h("div", { class: "badge" }, "opened") : null)));
    const top = v.discard_n ? v.discard[v.discard_n - 1] : 255;
    const piles = h("div", { class: "piles" },
      h("div", { class: "pile", "data-mark": "pile:draw" }, cardBack(v.draw_n, "the draw pile"), h("div", {}, `draw pile: ${v.draw_n}`)),
      h("div", { class: "pile", "data-mark": "pile:discard" }, top === 255 ? h("div", { class: "card empty" }) :
        cardOf(ctx, top, { test: takesTop }), h("div", {}, `discard pile: ${v.discard_n}`)),
      h("div", { class: "pile info" }, `round ${v.round} · ${PHASES[v.phase] || v.phase}`, h("br"),
        "dealer ", seatChip(ctx, v.dealer), h("br"), "turn of ", seatChip(ctx, v.active),
        v.pending !== 255 ? h("div", {}, `resolving: ${CARDS[v.pending]}`) : null));
    const seats = [];
    for (let p = 0; p < n; p++) {
      if (p === ctx.seat) continue;
      const known = counted(CARDS, v.known[p]);
      seats.push(h("div", { class: `seat-panel ${v.active === p ? "active" : ""}`, "data-mark": mark("seat", p) },
        h("div", { class: "seat-head" }, seatChip(ctx, p), ` ${money(v.money[p])} · ${v.hand_n[p]} cards`),
        h("div", { class: "fan" }, Array.from({ length: Math.min(v.hand_n[p], 12) }, () => cardBack()),
          known.length ? h("span", { class: "small" }, ` known: ${known.map(([c, k]) => (k > 1 ? `${k}× ${c}` : c)).join(", ")}`) : null),
        tableau(ctx, v, p)));
    }
    const me = ctx.seat;
    const hand = [];
    v.hand[me].forEach((count, t) => {
      for (let i = 0; i < count; i++) hand.push(cardOf(ctx, t, { test: (l) => handCard(l) === CARDS[t] }));
    });
    return h("div", { class: "we-board" }, posters, piles, h("div", { class: "seats-row" }, seats),
      section(`Your tableau · ${money(v.money[me])}`, tableau(ctx, v, me)),
      handSection(`Your hand (${v.hand_n[me]})`, h("div", { class: "hand" }, hand)));
  },

  roundScoring(before, event, ctx) {
    const ends = (event.events || []).findIndex((e) => e.startsWith("the round ends"));
    if (ends < 0 || !before) return null;
    const paid = {};
    for (const e of event.events.slice(ends)) {
      const m = e.match(/^seat (\d+) collects \$([\d,]+) for (.+)$/);
      if (m) (paid[m[3]] ||= []).push(`seat ${m[1]} ${money(Number(m[2].replace(/,/g, "")))}`);
    }
    const n = before.n_players, rows = [];
    for (let x = 0; x < 7; x++) {
      const has = Array.from({ length: n }, (_, p) => before.outlaws[p][x] > 0 || before.photo[p][x] > 0);
      if (!has.some(Boolean)) continue;
      const cps = has.map((g, p) => (g ? capturePoints(before, p, x) : null));
      const total = cps.reduce((a, c) => a + (c || 0), 0);
      const hidden = (p) => before.attached[p][x].slice(0, before.attached_n[p][x]).includes(HIDEOUT);
      const outcome = total < 8 ? `below 8: ${money(before.poster[x])} stay on the poster`
        : (paid[OUTLAWS[x]] || ["nobody paid"]).join(", ");
      rows.push([OUTLAWS[x] + (before.opened[x] ? "*" : ""),
                 ...cps.map((c, p) => (c === null ? "-" : hidden(p) ? "0 (Hideout)" : c)), total, outcome]);
    }
    if (!rows.length) rows.push(["no outlaw on the table", ...Array(n).fill("-"), 0, "nobody is paid"]);
    return { caption: `Round ${before.round}: ${event.events[ends]}`,
             head: ["outlaw", ...Array.from({ length: n }, (_, p) => (p === ctx.seat ? "you" : `seat ${p}`)), "CP in all", "paid"],
             rows,
             note: "Capture points (CP): outlaw card 2, Photo 4, Stagecoach 1, Bank Robbery 2, Fastest Gun 3; a Hideout makes its group 0. An outlaw pays only with 8 CP or more in all. * opened this round." };
  },
};
