// Hearts: the own hand as playing cards (a legal card is clicked to pass or play it), the trick on the table
// around the four seats, the points taken so far.
import { h, card, cardBack, section, seatChip, seatName, handSection } from "./common.js";

const RANKS = "23456789TJQKA", SUITS = "CDHS", SYMBOLS = ["♣", "♦", "♥", "♠"];
const DIRECTIONS = ["no pass", "left", "across", "right"];
const label = (c) => RANKS[c >> 2] + SUITS[c & 3];
const has = (mask, c) => Math.floor(mask / 2 ** c) % 2 === 1;      // masks are 52 bits: no 32-bit bit operators

function playing(ctx, c, opts = {}) {
  const red = (c & 3) === 1 || (c & 3) === 2;
  return card(ctx, `${RANKS[c >> 2].replace("T", "10")}${SYMBOLS[c & 3]}`,
    { cls: `hearts ${red ? "red" : "black"}`, test: (l, a) => a === c, ...opts });
}

function cardsOf(mask) {
  const out = [];
  for (let c = 0; c < 52; c++) if (has(mask, c)) out.push(c);
  // by suit (spades, hearts, clubs, diamonds: colours alternate), then rank
  const order = [2, 3, 1, 0];
  return out.sort((a, b) => order[a & 3] - order[b & 3] || (a >> 2) - (b >> 2));
}

export default {
  hand(v, seat) {
    return new Map(cardsOf(v.hand[seat]).map((c) => [label(c), 1]));
  },

  gameScoring(ctx) {
    return { head: ["penalty points"], rows: ctx.info.points.map((p) => [p]) };
  },

  render(ctx) {
    const v = ctx.info, me = ctx.seat;
    const done = v.n_played > 0 && v.n_played % 4 === 0;
    const k = done ? v.n_played / 4 - 1 : Math.floor(v.n_played / 4);
    const inTrick = done ? 4 : v.n_played % 4;
    const played = {};
    for (let i = 0; i < inTrick; i++) played[(v.leader[k] + i) % 4] = v.plays[4 * k + i];
    const spot = (seat, where) => h("div", { class: `spot ${where} ${v.current === seat ? "to-move" : ""}`,
                                              "data-mark": `seat:${seat}` },
      seatChip(ctx, seat), h("div", { class: "small" }, `${v.hand_n[seat]} cards · ${v.points[seat]} points`),
      seat in played ? playing(ctx, played[seat], { test: null }) : h("div", { class: "card empty" }),
      seat !== me ? h("div", { class: "fan mini" }, Array.from({ length: v.hand_n[seat] }, () => cardBack())) : null);
    const table = h("div", { class: "hearts-table" },
      spot((me + 2) % 4, "north"), spot((me + 1) % 4, "west"), spot((me + 3) % 4, "east"), spot(me, "south"),
      h("div", { class: "centre small" }, v.phase === 0 ? `passing ${DIRECTIONS[v.pass_dir]}: ${v.n_passed}/12 cards passed`
        : done ? `trick ${k + 1} taken by ${v.winner[k] === me ? "you" : `seat ${v.winner[k]}`}` : `trick ${k + 1}`,
        v.hearts_broken ? h("div", {}, "hearts are broken") : null));
    // passed[p] is what seat p passed (docs/protocol.md, "The Hearts information set"): the own row is what this seat
    // gave away; what it received is the row of the seat that passes to it, shown once the passing is over
    const exchanged = v.phase !== 0 && v.pass_dir !== 0, from = (me + 4 - v.pass_dir) % 4, to = (me + v.pass_dir) % 4;
    const gave = v.passed[me].filter((c) => c !== 255), received = exchanged ? v.passed[from].filter((c) => c !== 255) : [];
    const named = (cards) => cards.map((c) => `${RANKS[c >> 2].replace("T", "10")}${SYMBOLS[c & 3]}`).join(", ");
    return h("div", { class: "hearts-board" }, table,
      handSection(`Your hand (${v.hand_n[me]})${v.phase === 0 ? ` · pass three cards ${DIRECTIONS[v.pass_dir]}` : ""}`,
        h("div", { class: "hand" }, cardsOf(v.hand[me]).map((c) => playing(ctx, c))),
        received.length ? h("p", { class: "small", id: "hearts-received" },
          `you received ${named(received)} from ${seatName(ctx, from)}`) : null,
        exchanged && gave.length ? h("p", { class: "small", id: "hearts-passed" },
          `you passed ${named(gave)} to ${seatName(ctx, to)}`) : null));
  },
};
