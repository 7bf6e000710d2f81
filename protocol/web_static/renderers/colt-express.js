// Colt Express: the train (each car's roof and inside, with the bandits, the marshal and the loot), the cards
// played this round, each bandit's bullets and loot, and the own hand.
import { h, card, cardBack, section, seatChip, money, counted, SEAT_COLOURS, handSection, explained, mark } from "./common.js";

const BANDITS = ["Belle", "Cheyenne", "Django", "Doc", "Ghost", "Tuco"];
const TYPES = ["Move", "Floor change", "Fire", "Rob", "Punch", "Marshal"];
const BULLET = 12, PLACE_BANDIT = 16;

function kindName(v, seat, kind) {
  if (kind === BULLET) return "Bullet";
  const type = TYPES[kind % 6];
  if (v.n_slots < 2) return type;
  const bandit = v.bandit_of[seat][Math.floor(kind / 6)];
  return bandit >= 0 ? `${BANDITS[bandit]}'s ${type}` : type;
}

function tokenName(t, value) {
  const what = t < 18 ? "purse" : t < 24 ? "jewel" : t < 26 ? "strongbox" : "ransom purse";
  return `${what} ${value ? money(value) : "$?"}`;
}

function token(ctx, t, value) {
  const cls = t < 18 || t >= 26 ? "purse" : t < 24 ? "jewel" : "strongbox";
  const kind = t < 18 ? "purse" : t < 24 ? "jewel" : t < 26 ? "strongbox" : "ransom purse";
  return h("span", { class: `loot ${cls}`, ...explained(ctx, kind, tokenName(t, value)) }, value ? money(value) : "$?");
}

function bandit(ctx, v, b) {
  const seat = v.controller[b];
  return h("span", { class: "bandit", ...explained(ctx, BANDITS[b], `${BANDITS[b]} (seat ${seat})`),
                     "data-mark": mark("bandit", BANDITS[b]),
                     style: { background: SEAT_COLOURS[seat % SEAT_COLOURS.length] } }, BANDITS[b]);
}

export default {
  hand(v, seat) {
    return new Map(counted(Array.from({ length: 13 }, (_, k) => kindName(v, seat, k)), v.hand[seat]));
  },

  render(ctx) {
    const v = ctx.info, me = ctx.seat;
    const inGame = [0, 1, 2, 3, 4, 5].filter((b) => v.controller[b] >= 0);
    const cars = [];
    for (let c = 0; c < v.n_cars; c++) {
      const level = (lv) => h("div", { class: `level ${lv ? "roof" : "inside"}` },
        inGame.filter((b) => v.car[b] === c && v.level[b] === lv).map((b) => bandit(ctx, v, b)),
        !lv && v.marshal_car === c ? h("span", { class: "marshal", ...explained(ctx, "the marshal"), "data-mark": "marshal" }, "★ Marshal") : null,
        v.tok_place.map((p, t) => (p === c * 2 + lv ? token(ctx, t, v.tok_value[t]) : null)));
      cars.push(h("div", { class: `car ${c === 0 ? "locomotive" : ""}`, "data-mark": mark("car", c) },
        h("div", { class: "car-name" }, c === 0 ? "locomotive" : `car ${c}${c === v.n_cars - 1 ? " (caboose)" : ""}`),
        level(1), level(0)));
    }
    const pile = [];
    for (let i = 0; i < v.pile_n; i++) {
      const b = v.pile_bandit[i], k = v.pile_kind[i], seat = v.controller[b];
      pile.push(h("div", { class: `pile-card ${i < v.pile_next ? "done" : ""}`,
                           "data-mark": i === v.pile_n - 1 ? "pile:last" : null },
        h("div", { class: "small" }, BANDITS[b]),
        k === 255 ? cardBack(1, "face down") : card(ctx, kindName(v, seat, k), { cls: "ce", test: null,
          help: k === BULLET ? "Bullet" : TYPES[k % 6] })));
    }
    const bandits = inGame.map((b) => {
      const seat = v.controller[b];
      const loot = v.tok_place.map((p, t) => (p === PLACE_BANDIT + b ? token(ctx, t, v.tok_value[t]) : null)).filter(Boolean);
      const hit = v.received[b].reduce((a, x) => a + x, 0);
      return h("div", { class: `seat-panel ${v.decider === seat ? "active" : ""}`, "data-mark": mark("seat", seat) },
        h("div", { class: "seat-head" }, bandit(ctx, v, b), " ", seatChip(ctx, seat)),
        h("div", { class: "small" }, `${v.bullets_left[b]} bullets left · ${hit} received · ${v.hand_n[seat]} cards in hand`),
        h("div", {}, loot.length ? loot : h("span", { class: "small" }, "no loot")));
    });
    const hand = [];
    v.hand[me].forEach((count, k) => {
      for (let i = 0; i < count; i++) {
        const name = kindName(v, me, k), type = k === BULLET ? null : TYPES[k % 6];
        hand.push(card(ctx, name, { cls: `ce ${k === BULLET ? "bullet" : ""}`, help: type || "Bullet", marks: "",
          test: type ? (l) => l.startsWith("play ") && l.includes(v.n_slots < 2 ? ` ${type} ` : name) : null }));
      }
    });
    return h("div", { class: "ce-board" },
      h("div", { class: "small" }, `round ${v.round} of 5 · turn ${v.turn + 1} · first player seat ${v.first}`),
      h("div", { class: "train" }, cars),
      section(`Cards played this round (${v.pile_n})`, h("div", { class: "pile-row" }, pile.length ? pile : "none yet")),
      h("div", { class: "seats-row" }, bandits),
      handSection(`Your hand (${v.hand_n[me]}) · deck ${v.deck_n[me]}`, h("div", { class: "hand" }, hand)));
  },
};
