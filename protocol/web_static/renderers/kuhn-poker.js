// Kuhn poker: the two cards (the other face down until a showdown), the betting so far and the pot.
import { h, card, cardBack, section, seatChip, handSection } from "./common.js";

const NAMES = ["Jack", "Queen", "King"];

export default {
  hand(v, seat) {
    return new Map(v.card[seat] === 255 ? [] : [[NAMES[v.card[seat]], 1]]);
  },

  render(ctx) {
    const v = ctx.info, me = ctx.seat, other = 1 - me;
    const pot = 2 + v.moves.slice(0, v.n_moves).filter((m) => m === 1).length;
    const face = (seat) => (v.card[seat] === 255 ? cardBack(1, "unseen")
      : card(ctx, NAMES[v.card[seat]], { cls: "kuhn", sub: "JQK"[v.card[seat]] }));
    const betting = v.n_moves ? v.moves.slice(0, v.n_moves).map((m, i) =>
      h("span", { class: `chip-move ${m ? "bet" : "pass"}`, "data-mark": i === v.n_moves - 1 ? "betting:last" : null,
                  title: `player ${i % 2}: ${m ? "Bet" : "Pass"}`, "data-help": ctx.help?.[m ? "Bet" : "Pass"] || null },
        `player ${i % 2}: ${m ? "Bet" : "Pass"}`)) : ["no bets yet"];
    return h("div", { class: "kuhn-board" },
      h("div", { class: "kuhn-row", "data-mark": `seat:${other}` }, seatChip(ctx, other), face(other)),
      h("div", { class: "pot" }, h("div", { class: "chips" }, Array.from({ length: pot }, () => h("span", { class: "chip" }))),
        `pot: ${pot} chips`),
      h("div", { class: "betting" }, betting),
      handSection("Your card", h("div", { class: "kuhn-row", "data-mark": `seat:${me}` }, face(me),
        ctx.legal.map((a) => card(ctx, a.label, { cls: "kuhn-move", test: (l, id) => id === a.action })))));
  },
};
