// BANG! with Gold Rush: the table as a ring of seats (character, life, known role, hand size, cards in play,
// equipment, nuggets, distance from you), the piles, the equipment row, the pending decision and the own hand; at the
// end, the winning side and every seat's role.  Encodings: docs/protocol.md "The BANG! information set",
// core/bang/data.pxd and core/bang/ACTIONS.md (a legal action is matched by its id, never by its label).
import { h, card, cardBack, section, seatChip, seatName, matching, SEAT_COLOURS, handSection, explained, mark } from "./common.js";

const KINDS = ["BANG!", "Missed!", "Beer", "Saloon", "Stagecoach", "Wells Fargo", "General Store", "Panic!",
               "Cat Balou", "Duel", "Indians!", "Gatling", "Barrel", "Dynamite", "Jail", "Mustang", "Scope",
               "Volcanic", "Schofield", "Remington", "Rev. Carabine", "Winchester"];
// card_kind and card_suit of data.pxd, one character per card 0..79 (kind in base 36), and card_rank
const KIND_OF = "000000000000000000000000011111111111122222234456677778888999aabccdeeeffghhiiijkl";
const SUIT_OF = "01112222222222222333333330000000333331111111001301112122220322100100111003330330";
const RANKS = [14, 12, 13, 14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5, 6, 7, 8,
               10, 11, 12, 13, 14, 6, 7, 8, 9, 10, 11, 5, 9, 9, 3, 9, 12, 11, 12, 14, 8, 13, 9, 10, 11, 12, 11, 8, 13,
               14, 10, 12, 13, 2, 10, 11, 4, 8, 9, 14, 10, 10, 11, 12, 13, 13, 14, 8];
const SUITS = ["♠", "♥", "♦", "♣"];
const RANK_NAMES = { 11: "J", 12: "Q", 13: "K", 14: "A" };
const EQUIP = ["Shot", "Bottle", "Pardner", "Rum", "Union Pacific", "Gold Rush", "Boots", "Calumet", "Gold Pan",
               "Gun Belt", "Horseshoe", "Lucky Charm", "Pickaxe", "Rucksack", "Wanted"];
const EQUIP_OF = "00011122233456789abcdeee";          // equip_kind
const EQUIP_COST = [1, 2, 2, 3, 4, 5, 3, 3, 3, 2, 2, 3, 4, 3, 2];
const CHARACTERS = ["Bart Cassidy", "Black Jack", "Calamity Janet", "El Gringo", "Jesse Jones", "Jourdonnais",
                    "Kit Carlson", "Lucky Duke", "Paul Regret", "Pedro Ramirez", "Rose Doolan", "Sid Ketchum",
                    "Slab the Killer", "Suzy Lafayette", "Vulture Sam", "Willy the Kid", "Don Bell", "Dutch Will",
                    "Jacky Murieta", "Josh McCloud", "Madam Yto", "Pretty Luzena", "Raddie Snake", "Simeon Picos"];
const ROLES = ["Sheriff", "Renegade", "Outlaw", "Deputy"];
const SIDES = ["the game stopped unfinished (move cap)", "the Sheriff's side wins", "the Outlaws win",
               "the Renegade wins"];
const STATUS = ["", "eliminated", "ghost", "ghost (playing)", "departed"];
const TARGETS = ["BANG!", "Panic!", "Cat Balou", "Duel", "Jail", "Bottle's BANG!", "Bottle's Panic!", "Pardner's Duel",
                 "Pardner's Cat Balou", "Jacky Murieta's shot", "Shot", "Wanted"];
const K_BARREL = 12, K_MUSTANG = 15, K_SCOPE = 16, K_VOLCANIC = 17, PAUL_REGRET = 8, ROSE_DOOLAN = 10;
const LOC_HAND = 8, LOC_PLAY = 16, A_SEAT = 80, A_EQUIP = 87, A_BUY = 111, A_DISCARD_TOP = 132;

const kindOf = (c) => parseInt(KIND_OF[c], 36);
const suitOf = (c) => Number(SUIT_OF[c]);
const rankText = (c) => RANK_NAMES[RANKS[c]] || String(RANKS[c]);
/** The name the labels and events use ("BANG! Q♥ #1", core/bang/labels.pyx). */
export const cardName = (c) => `${KINDS[kindOf(c)]} ${rankText(c)}${SUITS[suitOf(c)]} #${c}`;
const equipKind = (e) => parseInt(EQUIP_OF[e], 36);
const equipName = (e) => `${EQUIP[equipKind(e)]} #${e}`;
const equipCost = (e) => EQUIP_COST[equipKind(e)];
const participant = (v, p) => v.status[p] === 0 || v.status[p] === 3;
const byId = (id) => (_, a) => a === id;

function cardOf(ctx, c, opts = {}) {
  const red = suitOf(c) === 1 || suitOf(c) === 2;
  return card(ctx, KINDS[kindOf(c)], { cls: `bang ${kindOf(c) >= K_BARREL ? "blue" : "brown"} ${opts.cls || ""}`,
    sub: h("span", { class: red ? "red" : "" }, `${rankText(c)}${SUITS[suitOf(c)]}`), test: byId(c), title: cardName(c),
    help: KINDS[kindOf(c)] });
}

/** A clickable tag for something on the table (a card in play, an equipment card, a row slot), explained by the
 * help of its kind (`help`). */
function tag(ctx, text, id, cls, title, help) {
  const fits = matching(ctx, byId(id));
  return h("span", { class: `bang-tag ${cls} ${fits.length ? "playable" : ""}`, ...explained(ctx, help, title || text),
                     onclick: fits.length ? () => ctx.act(id) : null }, text);
}

/** Distance from a to b among the participants (rules 5; core/bang/state.pyx distance). */
export function distance(v, a, b) {
  const ring = [...Array(v.n_players).keys()].filter((p) => participant(v, p));
  const ia = ring.indexOf(a), ib = ring.indexOf(b);
  if (ia < 0 || ib < 0) return null;
  const steps = Math.abs(ia - ib), inPlay = (p, k) => v.loc.some((l, c) => l === LOC_PLAY + p && kindOf(c) === k);
  let d = Math.min(steps, ring.length - steps);
  if (inPlay(b, K_MUSTANG)) d += 1;
  if (v.character[b] === PAUL_REGRET) d += 1;
  if (inPlay(a, K_SCOPE)) d -= 1;
  if (v.character[a] === ROSE_DOOLAN) d -= 1;
  return Math.max(d, 1);
}

function reach(v, p) {
  const w = v.loc.findIndex((l, c) => l === LOC_PLAY + p && kindOf(c) >= K_VOLCANIC);
  return w < 0 ? { name: "Colt .45", range: 1, card: -1 } : { name: KINDS[kindOf(w)], range: kindOf(w) - K_VOLCANIC + 1, card: w };
}

/** Who must decide what now, from the top frame of the pending-decision stack (core/bang/text.py pending). */
function pending(ctx, v) {
  if (v.over) return "the game is over";
  const f = v.fr_n - 1, [kind, a, b, c] = [v.fr_kind[f], v.fr_a[f], v.fr_b[f], v.fr_c[f]];
  const s = (p) => seatName(ctx, p);
  const what = {
    2: "a phase-1 choice", 3: "phase 2: play, buy or end the turn", 4: `the target of ${TARGETS[a] || "a card"}`,
    5: `which card of ${s(a)} to ${b ? "take" : "discard"}`, 6: "how to use the card",
    8: `${s(b)} must answer a BANG! effect from ${s(a)}`, 9: `${s(b)} must answer Indians! from ${s(a)}`,
    10: `a Duel between ${s(a)} and ${s(b)}: ${s(c)} to answer`, 11: `General Store: ${s(a)} picks`,
    12: `${s(a)} is dying (a Beer?)`, 13: "Sid Ketchum's two cards", 14: "which flipped card counts",
    15: "phase 3: discard down to the hand limit" }[kind] || "";
  return [seatChip(ctx, v.current), ` decides: ${what}`];
}

function roleBadge(ctx, v, p) {
  const r = v.role[p];
  if (r === 255) return h("span", { class: "role unknown", title: "role unknown to you" }, "role ?");
  const dark = r === 1 && v.dark_side ? ` (Dark ${v.dark_side === 1 ? "Deputy" : "Outlaw"})` : "";
  return h("span", { class: `role r${r}`, ...explained(ctx, ROLES[r]) }, r === 0 ? "★ Sheriff" : ROLES[r] + dark);
}

function seatPanel(ctx, v, p, style) {
  const me = ctx.seat, alive = participant(v, p);
  const life = h("span", { class: "bullets", title: `${Math.max(v.life[p], 0)} of ${v.max_life[p]} life points` },
    Array.from({ length: v.max_life[p] }, (_, i) => h("span", { class: i < v.life[p] ? "life" : "life lost" })));
  const blue = [];
  v.loc.forEach((l, c) => { if (l === LOC_PLAY + p && kindOf(c) < K_VOLCANIC)
    blue.push(tag(ctx, `${KINDS[kindOf(c)]} ${rankText(c)}${SUITS[suitOf(c)]}`, c, "blue", cardName(c), KINDS[kindOf(c)])); });
  const gun = reach(v, p);
  const weapon = gun.card < 0 ? h("span", { class: "bang-tag weapon", ...explained(ctx, "Colt .45") }, "Colt .45 · range 1")
    : tag(ctx, `${gun.name} · range ${gun.range}`, gun.card, "weapon", cardName(gun.card), gun.name);
  const equipment = [];
  v.eq_loc.forEach((l, e) => { if (l === LOC_PLAY + p) equipment.push(tag(ctx, EQUIP[equipKind(e)], A_EQUIP + e, "equip", equipName(e), EQUIP[equipKind(e)])); });
  const dist = p !== me ? distance(v, me, p) : null;
  const target = matching(ctx, byId(A_SEAT + p)).length > 0;
  const marks = STATUS[v.status[p]];
  return h("div", { class: `seat-panel bang-seat ${v.turn_player === p ? "active" : ""} ${v.current === p ? "deciding" : ""}
                             ${alive ? "" : "out"} ${target ? "playable" : ""}`.replace(/\s+/g, " ").trim(),
                    style, "data-seat": p, "data-mark": mark("seat", p), onclick: target ? () => ctx.act(A_SEAT + p) : null,
                    title: target ? `choose ${seatName(ctx, p)}` : null },
    h("div", { class: "seat-head" }, seatChip(ctx, p), " ",
      h("strong", { class: "character", ...explained(ctx, CHARACTERS[v.character[p]]) }, CHARACTERS[v.character[p]]), " ",
      roleBadge(ctx, v, p)),
    h("div", {}, marks ? h("span", { class: "mark" }, v.status[p] === 1 || v.status[p] === 4 ? `✝ ${marks}` : `👻 ${marks}`) : life,
      v.gold_rush ? h("span", { class: "nuggets", title: "gold nuggets" }, ` ◆ ${v.nuggets[p]}`) : null,
      dist !== null ? h("span", { class: "small", title: "distance from you" }, ` · distance ${dist}`) : null),
    h("div", { class: "fan mini", title: `${v.hand_n[p]} cards in hand` },
      Array.from({ length: Math.min(v.hand_n[p], 10) }, () => cardBack()), h("span", { class: "small" }, ` ${v.hand_n[p]} in hand`)),
    h("div", { class: "in-play" }, alive || blue.length ? weapon : null, blue, equipment));
}

export default {
  hand(v, seat) {
    return new Map(v.loc.map((l, c) => [l, c]).filter(([l]) => l === LOC_HAND + seat).map(([, c]) => [cardName(c), 1]));
  },

  render(ctx) {
    const v = ctx.info, me = ctx.seat, n = v.n_players;
    // the ring: you at the bottom, the others in seat order (clockwise, as the turn passes)
    const seats = Array.from({ length: n }, (_, i) => {
      const p = (me + i) % n, angle = (2 * Math.PI * i) / n;
      return seatPanel(ctx, v, p, { left: `${50 - 38 * Math.sin(angle)}%`, top: `${50 + 39 * Math.cos(angle)}%` });
    });
    const top = v.discard_n ? v.discard[v.discard_n - 1] : 255;
    const pedro = matching(ctx, byId(A_DISCARD_TOP));
    const discard = top === 255 ? h("div", { class: "card empty" }) : cardOf(ctx, top, { cls: "tiny" });
    if (pedro.length) { discard.classList.add("playable"); discard.addEventListener("click", () => ctx.act(A_DISCARD_TOP)); }
    const transit = Array.from({ length: v.transit_n }, (_, i) => v.transit[i])
      .map((c) => (c === 255 ? cardBack(1, "a card you cannot see") : cardOf(ctx, c, { cls: "tiny" })));
    const row = v.gold_rush ? h("div", { class: "eq-row" }, v.eq_row.map((e, slot) => (e < 0
      ? h("span", { class: "bang-tag equip empty" }, "empty")
      : tag(ctx, `${EQUIP[equipKind(e)]} ◆${equipCost(e)}`, A_BUY + slot, "equip", equipName(e), EQUIP[equipKind(e)]))),
      h("span", { class: "small" }, ` equipment deck ${v.eq_n}`)) : null;
    const turn = ["", " (extra turn)", " (skipped by Jail)"][v.turn_kind] || "";
    const centre = h("div", { class: "bang-centre" },
      v.over ? h("div", { id: "bang-winner", class: "winner", "data-winner": v.winner }, SIDES[v.winner])
        : h("div", { id: "bang-pending", class: "pending" }, ctx.view.decision || pending(ctx, v)),
      h("div", { class: "small" }, "turn of ", seatChip(ctx, v.turn_player), turn, ` · BANG!s played ${v.bangs}`),
      h("div", { class: "piles" },
        h("div", { class: "pile" }, cardBack(v.deck_n, "the draw pile"), h("div", { class: "small" }, `deck ${v.deck_n}`)),
        h("div", { class: "pile" }, discard, h("div", { class: "small" }, `discard ${v.discard_n}`)),
        transit.length ? h("div", { class: "pile" }, h("div", { class: "fan" }, transit), h("div", { class: "small" }, "revealed / in transit")) : null),
      row);
    const hand = [];
    v.loc.forEach((l, c) => { if (l === LOC_HAND + me) hand.push(cardOf(ctx, c)); });
    return h("div", { class: "bang-board" },
      h("div", { class: `bang-ring n${n}` }, centre, seats),
      handSection(`Your hand (${v.hand_n[me]})`, h("div", { class: "hand" }, hand.length ? hand : h("span", { class: "small" }, "empty"))));
  },
};
