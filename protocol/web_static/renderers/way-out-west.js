// Way Out West: the five towns (their buildings, cattle, cowboys and farmer), the turn order and the auction,
// and every seat's money, wanted tokens and supply.
import { h, section, seatChip, money, SEAT_COLOURS, explained } from "./common.js";

const TOWNS = ["San Antonia", "Kansas City", "Abilene", "Dodge City", "Deadwood"];
const SPACES = [3, 4, 4, 5, 6], CORRALS = [4, 5, 5, 6, 7];
const BT = ["Stagecoach", "Train", "Bank", "Store", "Hotel", "Jail"];
const PHASES = ["setup", "auction", "auction (raising)", "actions", "sheriff", "gunfight", "wanted token", "over"];
const BOXES = ["Buy Cattle", "Buy Cowboys", "Move Cowboys", "Move Cattle", "Build Stagecoach", "Build Train", "Build Bank",
               "Build Store", "Build Hotel", "Build Jail", "Place Farmer", "Gunfight"];

const colour = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];
const pieces = (n, seat, cls, title) => Array.from({ length: n }, () =>
  h("span", { class: `piece ${cls}`, title, style: { background: colour(seat) } }));

export default {
  /** The income after rounds 3, 6, 9 and 12 (rules 3), from the events of the move that ended the round. */
  roundScoring(before, event, ctx) {
    const income = (event.events || []).map((e) => e.match(/^income after round (\d+): seat (\d+) earns \$(\d+)/)).filter(Boolean);
    if (!income.length) return null;
    const after = ctx.info;
    return { caption: `Round ${income[0][1]}: income`, head: ["seat", "earns", "money now", "wanted tokens"],
             rows: income.map((m) => [Number(m[2]) === ctx.seat ? "you" : `seat ${m[2]}`, money(Number(m[3])),
                                      money(after.money[Number(m[2])]), after.wanted[Number(m[2])]]) };
  },

  render(ctx) {
    const v = ctx.info, n = v.n_players;
    const towns = TOWNS.map((name, t) => {
      const built = BT.map((type, k) => v.building[t][k] >= 0
        ? h("span", { class: "building", ...explained(ctx, type, `${type} of seat ${v.building[t][k]}`),
                      style: { borderColor: colour(v.building[t][k]) } }, type)
        : null).filter(Boolean);
      const cattle = [], cowboys = [];
      for (let p = 0; p < n; p++) {
        cattle.push(...pieces(v.cattle[t][p], p, "cattle", `cattle of seat ${p}`));
        cowboys.push(...pieces(v.cowboys[t][p], p, "cowboy", `cowboy of seat ${p}`));
      }
      const mine = ctx.legal.filter((a) => a.label.endsWith(` ${name}`) || a.label.includes(` ${name} `) || a.label.includes(` ${name}:`));
      return h("div", { class: `town ${mine.length ? "playable" : ""}`, "data-town": name, "data-mark": `town:${name}`,
                        onclick: mine.length ? () => (mine.length === 1 ? ctx.act(mine[0].action) : ctx.highlight(mine.map((a) => a.action))) : null },
        h("div", { class: "town-name" }, `${t + 1} ${name}`, v.farmer_at[t] ? h("span", { class: "farmer", ...explained(ctx, "farmer", "a farmer") }, " · farmer") : null),
        h("div", { class: "small" }, `buildings ${built.length}/${SPACES[t]}`), h("div", { class: "buildings" }, built),
        h("div", { class: "small" }, `corral ${cattle.length}/${CORRALS[t]}`), h("div", { class: "herd" }, cattle),
        h("div", { class: "small" }, "cowboys"), h("div", { class: "posse" }, cowboys));
    });
    const order = v.order.slice(0, n).map((s, i) => h("span", {}, `${i + 1}: `, seatChip(ctx, s), " "));
    const auction = v.phase === 1 || v.phase === 2 ? h("div", { class: "small" }, `auction: high bid ${money(v.high_bid)}; `,
      Array.from({ length: n }, (_, p) => `seat ${p} ${v.in_auction[p] ? `bids ${money(v.bid[p])}` : "out"}`).join(", ")) : null;
    const income = ctx.view.notes?.income;
    const players = Array.from({ length: n }, (_, p) => h("div", { class: `seat-panel ${v.current === p ? "active" : ""}`, "data-seat": p, "data-mark": `seat:${p}` },
      h("div", { class: "seat-head" }, seatChip(ctx, p), ` ${money(v.money[p])} · wanted ${v.wanted[p]}`,
        income ? h("span", { class: "income", title: "the income this seat would earn if it were paid now" },
          ` · income now ${money(income[p])}`) : null),
      h("div", { class: "small" }, `supply: ${v.cowboy_supply[p]} cowboys, ${v.cattle_supply[p]} cattle, `,
        BT.map((type, k) => `${v.bt_supply[p][k]} ${type}`).join(", "), v.farmer_placed[p] ? "; farmer placed" : "; farmer to place")));
    const left = BOXES.map((b, i) => (v.boxes_left[i] ? h("span", { class: "box", ...explained(ctx, b) }, `${b} ${v.boxes_left[i]}`) : null))
      .filter(Boolean);
    const boxes = v.phase === 3 ? h("div", { class: "small boxes" }, "action boxes left: ",
      left.flatMap((el, i) => (i ? [", ", el] : [el]))) : null;
    return h("div", { class: "wow-board" },
      h("div", { class: "small" }, `round ${v.round} of 12 · ${PHASES[v.phase] || v.phase} · turn order `, order,
        ` · treasury ${money(v.treasury)} · wanted pool ${v.wanted_pool}`),
      auction, boxes,
      h("div", { class: "towns" }, towns),
      section("The players", h("div", { class: "seats-row" }, players)));
  },
};
