// deadeye's page: a lobby to open a table, then the game as one seat sees it (docs/protocol.md, "Tables").
// The page only makes seat-scoped calls (table.*): everything it shows is what its own seat may know.
import { Rpc, RpcError } from "./rpc.js";
import { say, closedBecause } from "./errors.js";
import { h, seatName, seatChip, section, SEAT_COLOURS, explained } from "./renderers/common.js";
import { rendererFor } from "./renderers/index.js";

const BOTS = ["random", "heuristic", "easy", "medium", "hard"];   // presets a seat may be given (or "human")
const HINT_BOTS = ["easy", "medium", "hard"];
const MAX_LOG = 400;

// The moves of the other seats are shown one at a time, `app.pace` ms apart (the player's choice, kept in this
// browser's localStorage; 0: at once), so that a person can follow bots that answer in a millisecond; "Skip" shows
// every waiting move at once.  The player's own move is shown as soon as it is told.
const PACES = [[0, "at once"], [400, "fast"], [900, "normal"], [1800, "slow"]];
const PACE_KEY = "deadeye.pace";

// Two choices of the player, off unless turned on, kept in this browser's localStorage: a move that is the only one
// offered is played by itself after AUTO_MS (the player sees it coming and may still play it first), and a short
// sound says that it is the player's move.
const AUTO_KEY = "deadeye.autoOne", SOUND_KEY = "deadeye.turnSound", AUTO_MS = 1200;

function stored(key) {
  try { return localStorage.getItem(key) === "1"; } catch { return false; }
}

function store(key, on) {
  try { localStorage.setItem(key, on ? "1" : "0"); } catch { /* not kept */ }
}

function storedPace() {
  try { const v = localStorage.getItem(PACE_KEY); return v === null ? 900 : Math.max(0, Number(v) || 0); }
  catch { return 900; }
}

const app = {
  rpc: null, hello: null, games: new Map(),
  lobby: null,                  // the table.open parameters of this table, when this page opened it ("replay by seed")
  links: {},                    // seat -> join token of the other human seats, when this page opened the table
  seated: new Map(),            // token -> table.join's reply, for every seat this connection holds (Back returns)
  table: null,                  // table.join's reply: table_id, seat, game, players, seats
  view: null, info: null, seed: null,
  log: [], logBase: 0, scoring: [], thinking: null, hint: null, busy: false, note: "", lit: new Set(),
  queue: [], timer: null, updates: 0, pace: storedPace(),     // the other seats' moves waiting to be shown
  help: {}, helps: new Map(),   // what each card of the game does (/help/<game>.json), fetched once a game
  autoOne: stored(AUTO_KEY), turnSound: stored(SOUND_KEY), auto: null, wasMine: false, sounds: 0, audio: null,
  openGroups: new Set(),        // the kinds of moves the player opened (a long list of moves, by kind)
};

const root = () => document.getElementById("app");

function fail(error) {
  const message = say(error);                      // in a player's words; the server's own text goes to the console
  app.note = message;
  if (app.table) render();
  else if (document.getElementById("lobby-note")) document.getElementById("lobby-note").textContent = message;
  else root().replaceChildren(header(), h("p", { class: "note", id: "lobby-note" }, message));
}

async function main() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  app.rpc = new Rpc(`${scheme}://${location.host}/rpc`);
  app.rpc.onclose = () => { app.note = "The connection to the server was lost: reload the page to carry on."; render(); };
  app.rpc.on("table.update", onUpdate);
  app.rpc.on("search.info", onSearchInfo);
  app.rpc.on("table.closed", (p) => {
    for (const [token, joined] of app.seated) if (joined.table_id === p.table_id) app.seated.delete(token);
    if (app.table && p.table_id === app.table.table_id) { app.note = closedBecause(p.reason); render(); } });
  app.rpc.on("protocol.error", (p) => { app.note = say(p); render(); });
  listenForHelp();
  await app.rpc.open();
  app.hello = await app.rpc.call("hello");
  for (const g of app.hello.games) app.games.set(g.name, g);
  window.addEventListener("popstate", () => route().catch(fail));       // Back and Forward between tables and lobby
  await route();
}

/** The screen the address names: a seat (`?join=<token>`) or the lobby. */
async function route() {
  const token = new URLSearchParams(location.search).get("join");
  if (token) await join(token); else renderLobby();
}

// What the page that opened a table knows beyond its own seat (the table.open parameters, the other seats' links),
// kept in this tab's sessionStorage under its own seat's token: a reload or Back finds them again.  Nothing of it
// is sent anywhere, and a person who joins by a link has none of it.
const STORE = (token) => `deadeye.host.${token}`;

function remember(token, host) {
  try { sessionStorage.setItem(STORE(token), JSON.stringify(host)); } catch { /* storage off: nothing kept */ }
}

function recall(token) {
  try { return JSON.parse(sessionStorage.getItem(STORE(token))) || null; } catch { return null; }
}

function newGame() {
  if (app.view && app.view.status !== "over"
      && !window.confirm("Start a new game? This one stays open: Back returns to it.")) return;
  history.pushState(null, "", "/");
  renderLobby(app.lobby ? { ...app.lobby.params, seed: null, me: app.lobby.me } : null);
}

// ------------------------------------------------------------------------------------------------ the lobby

function renderLobby(previous = null) {
  app.table = null;
  if (location.search) history.replaceState(null, "", "/");
  document.body.dataset.screen = "lobby";
  document.title = "deadeye";
  const games = [...app.games.values()];
  const pick = previous || { game: games[0].name, players: games[0].min_players, seats: null, seed: null };
  const form = h("form", { id: "lobby", class: "panel lobby", onsubmit: (e) => { e.preventDefault(); start(); } });
  const gameSel = h("select", { id: "game", name: "game" },
    games.map((g) => h("option", { value: g.name, selected: g.name === pick.game }, g.title || g.name)));
  const playersSel = h("select", { id: "players", name: "players" });
  const mySeat = h("select", { id: "my-seat", name: "my-seat" });
  const seatsBox = h("div", { id: "seats", class: "seats" });
  const optionsBox = h("div", { id: "options", class: "options" });
  const seed = h("input", { id: "seed", name: "seed", type: "number", min: 0, step: 1, placeholder: "random",
                            value: pick.seed ?? "" });
  const rulesLink = h("a", { href: "#", id: "lobby-rules" }, "the rules");
  rulesLink.addEventListener("click", (e) => { e.preventDefault(); showRules(gameSel.value); });

  const fillSeats = () => {
    const n = Number(playersSel.value);
    const me = Math.min(mySeat.value === "" ? pick.me || 0 : Number(mySeat.value), n - 1);
    mySeat.replaceChildren(...Array.from({ length: n }, (_, s) => h("option", { value: s, selected: s === me }, `seat ${s}`)));
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, s) => {
      if (s === Number(mySeat.value)) return h("div", { class: "seat-row" }, h("span", { class: "seat-chip", style: { background: SEAT_COLOURS[s] } }, `seat ${s}`), " you");
      const chosen = (pick.seats && pick.seats[s] && (pick.seats[s].bot || "human")) || old[s] || "medium";
      return h("div", { class: "seat-row" },
        h("span", { class: "seat-chip", style: { background: SEAT_COLOURS[s] } }, `seat ${s}`), " ",
        h("select", { class: "seat-select", "data-seat": s },
          [...BOTS, "human"].map((b) => h("option", { value: b, selected: b === chosen },
            b === "human" ? "a person (seat link)" : `bot: ${b}`))));
    }));
  };
  const fillGame = () => {
    const g = app.games.get(gameSel.value);
    const n = Math.min(Math.max(Number(playersSel.value) || pick.players, g.min_players), g.max_players);
    playersSel.replaceChildren(...Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) =>
      h("option", { value: g.min_players + i, selected: g.min_players + i === n }, `${g.min_players + i} players`)));
    optionsBox.replaceChildren(...g.options.map((o) => optionControl(o, pick.options || {})));
    fillSeatOptions();
    fillSeats();
  };
  gameSel.addEventListener("change", () => { pick.seats = null; fillGame(); });
  // a seat option lists the seats of the player count chosen: refilled with the seats, keeping its choice
  const fillSeatOptions = () => {
    const n = Number(playersSel.value);
    for (const sel of optionsBox.querySelectorAll("select.option[data-kind=seat]")) {
      const was = sel.value === "" ? (sel.dataset.initial ?? "") : sel.value;
      delete sel.dataset.initial;
      sel.replaceChildren(h("option", { value: "" }, "drawn from the seed"),
        ...Array.from({ length: n }, (_, s) => h("option", { value: s }, `seat ${s}`)));
      sel.value = was !== "" && Number(was) < n ? was : "";
    }
  };
  playersSel.addEventListener("change", () => { fillSeats(); fillSeatOptions(); });
  mySeat.addEventListener("change", fillSeats);
  form.append(
    h("h2", {}, "A new table"),
    h("label", {}, "Game ", gameSel, " ", rulesLink),
    h("label", {}, "Players ", playersSel),
    h("label", {}, "Your seat ", mySeat),
    h("div", {}, h("h3", {}, "The other seats"), seatsBox),
    h("label", {}, "Seed ", seed, h("small", {}, " the same seed, seats and bots give the same game")),
    optionsBox,
    h("button", { id: "start", type: "submit" }, "Sit down and play"));
  root().replaceChildren(header(), h("p", { class: "note", id: "lobby-note" }, app.note), form);
  fillGame();
  app.note = "";
}

/** The form control of one game option, by its kind in `hello` (core/options.py): a checkbox, a number within its
 * range, a select of the seats or of the choices, a text of names; set to `given[name]` or the default. */
function optionControl(o, given) {
  const value = o.name in given ? given[o.name] : o.default;
  const data = { class: "option", id: `option-${o.name}`, name: o.name, "data-option": o.name, "data-kind": o.kind,
                 "data-default": JSON.stringify(o.default) };
  let control;
  if (o.kind === "bool") control = h("input", { ...data, type: "checkbox", checked: value === true });
  else if (o.kind === "int") {
    control = h("input", { ...data, type: "number", min: o.low, max: o.high, step: 1, required: true,
                           value: value ?? o.low });
  } else if (o.kind === "seat") {                                // its seats are filled with the player count
    control = h("select", { ...data, "data-initial": value === null ? "" : String(value) });
  } else if (o.kind === "choice") {
    control = h("select", data, o.choices.map((c, i) => h("option", { value: i, selected: c === value },
      c === null ? "the usual rules" : String(c))));
  } else {                                                       // names: one text, commas between the names
    control = h("input", { ...data, type: "text", placeholder: "drawn from the seed (or names, with commas)",
                           value: value === null ? "" : Array.isArray(value) ? value.join(", ") : String(value) });
  }
  return h("label", { class: "option-row", title: o.help, for: data.id }, `${o.name.replace(/_/g, " ")} `, control,
    h("small", {}, ` ${o.help}`));
}

/** The value of an option's control, as `table.open` takes it (undefined: none given, the default). */
function optionValue(input) {
  const kind = input.dataset.kind;
  if (kind === "bool") return input.checked;
  if (kind === "int") return input.value === "" ? undefined : Math.trunc(Number(input.value));
  if (kind === "seat") return input.value === "" ? null : Number(input.value);
  if (kind === "choice") {
    const o = app.games.get(document.getElementById("game").value).options.find((x) => x.name === input.dataset.option);
    return o.choices[Number(input.value)];
  }
  const names = input.value.split(",").map((n) => n.trim()).filter(Boolean);
  return names.length ? names : null;
}

function readLobby() {
  const game = document.getElementById("game").value;
  const players = Number(document.getElementById("players").value);
  const me = Number(document.getElementById("my-seat").value);
  const seats = Array.from({ length: players }, () => ({ human: true }));
  for (const sel of document.querySelectorAll(".seat-select")) {
    const s = Number(sel.dataset.seat);
    seats[s] = sel.value === "human" ? { human: true } : { bot: sel.value };
  }
  const params = { game, players, seats };
  const seed = document.getElementById("seed").value.trim();
  if (seed !== "") params.seed = Number(seed);
  const options = {};
  for (const input of document.querySelectorAll(".option")) {
    const value = optionValue(input);                          // sent only when it differs from the default
    if (value !== undefined && JSON.stringify(value) !== input.dataset.default) options[input.dataset.option] = value;
  }
  if (Object.keys(options).length) params.options = options;
  return { params, me };
}

async function start() {
  const { params, me } = readLobby();
  await openTable(params, me).catch(fail);
}

async function openTable(params, me, push = false) {
  const opened = await app.rpc.call("table.open", params);
  const links = {};
  for (const [seat, token] of Object.entries(opened.tokens)) if (Number(seat) !== me) links[seat] = token;
  await join(opened.tokens[String(me)], { lobby: { params, me }, links }, push);
}

// ------------------------------------------------------------------------------------------------ the table

/** Sit at the seat of `token` (`host`: what the page that opened the table knows), or back at a seat this
 * connection holds already (Back). */
async function join(token, host = null, push = false) {
  let joined = app.seated.get(token);
  if (!joined) {
    joined = await app.rpc.call("table.join", { token }).catch((e) => { fail(e); return null; });
    if (!joined) { renderLobby(); return; }
    app.seated.set(token, joined);
  }
  if (host) remember(token, host);
  app.help = await cardHelp(joined.game);
  const known = host || recall(token) || { lobby: null, links: {} };
  const address = `/?join=${encodeURIComponent(token)}`;                  // a reload sits down again
  if (push) history.pushState(null, "", address); else history.replaceState(null, "", address);
  Object.assign(app, { table: joined, view: joined.view, info: joined.view.information_set.view,
                       lobby: known.lobby, links: known.links || {},
                       seed: joined.seed ?? known.lobby?.params.seed ?? null, log: [], logBase: 0, scoring: [],
                       hint: null, thinking: null, busy: false, note: "", lit: new Set(), queue: [] });
  clearTimeout(app.timer);
  app.timer = null;
  render();
  const seen = await app.rpc.call("table.view", { table_id: joined.table_id });
  app.log = seen.events.filter((e) => e.text).map((e) => ({ ...e, seat: e.actor }));  // the whole history
  setView(seen.view, seen.seed);
  render();
}

/** What each card of `game` does (the server's `/help/<game>.json`: the player rules' words), fetched once a game;
 * {} when it cannot be had (the cards are then shown without it). */
async function cardHelp(game) {
  if (!app.helps.has(game)) {
    const help = await fetch(`/help/${encodeURIComponent(game)}.json`).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
    app.helps.set(game, help);
  }
  return app.helps.get(game);
}

/** A card that explains itself: its title is the tooltip of a mouse; a tap on a phone (on a card that a tap does not
 * play, nor a group of moves it opens), a long press or a right click opens the same words in a popover, closed by
 * the next tap or Escape. */
function listenForHelp() {
  const close = () => document.getElementById("card-help")?.remove();
  document.addEventListener("click", (e) => {
    const el = e.target.closest?.("[data-help]");
    if (el && !el.closest(".playable, button, a, select, input, summary")) { showHelp(el); return; }
    if (!e.target.closest?.("#card-help")) close();
  });
  document.addEventListener("contextmenu", (e) => {
    const el = e.target.closest?.("[data-help]");
    if (el) { e.preventDefault(); showHelp(el); }
  });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") close(); });
}

function showHelp(el) {
  document.getElementById("card-help")?.remove();
  const pop = h("div", { id: "card-help", class: "card-help", role: "tooltip" },
    el.dataset.helpName ? h("strong", {}, `${el.dataset.helpName}: `) : null, el.dataset.help);
  document.body.append(pop);
  const r = el.getBoundingClientRect();
  const left = Math.max(4, Math.min(document.documentElement.clientWidth - pop.offsetWidth - 4, r.left));
  pop.style.left = `${left + window.scrollX}px`;
  pop.style.top = `${r.bottom + window.scrollY + 4}px`;
}

function setView(view, seed) {
  app.view = view;
  app.info = view.information_set.view;
  if (seed !== undefined && seed !== null) app.seed = seed;
}

function onUpdate(update) {
  if (!app.table || update.table_id !== app.table.table_id) return;
  app.updates += 1;
  const own = update.event.actor === app.table.seat;
  app.queue.push(update);
  if (own && app.queue.length === 1) { clearTimeout(app.timer); app.timer = null; }
  if (app.timer === null) showNext();
  else renderStatus();
}

/** Show the oldest waiting move, and wait `app.pace` before the next (a move told in no words takes no time). */
function showNext() {
  app.timer = null;
  const update = app.queue.shift();
  if (!update) { renderStatus(); return; }
  show(update);
  const wait = update.event.text && update.event.actor !== app.table.seat ? app.pace : 0;
  if (wait > 0) app.timer = setTimeout(showNext, wait);
  else if (app.queue.length) showNext();
}

function skip() {
  clearTimeout(app.timer);
  app.timer = null;
  while (app.queue.length) show(app.queue.shift(), false);
  render();
}

function show(update, draw = true) {
  const renderer = rendererFor(app.table.game);
  const before = app.info;
  if (update.event.text) app.log.push({ ...update.event, seat: update.event.actor });   // "": told with its move
  if (renderer.roundScoring) {
    const table = renderer.roundScoring(before, update.event, ctxFor(update.view));
    if (table) app.scoring.push(table);
  }
  if (app.log.length > MAX_LOG) app.logBase += app.log.splice(0, app.log.length - MAX_LOG).length;
  app.thinking = null;
  setView(update.view, update.seed);
  if (draw) render();
}

function renderStatus() {
  const el = document.getElementById("status");
  if (el) el.replaceChildren(...statusLine());
}

function onSearchInfo(info) {
  if (app.hint && app.hint.msgid === info.msgid) {
    app.hint.progress = info;
    const el = document.getElementById("hint-progress");
    if (el) el.textContent = `thinking... ${info.iterations} iterations, ${(info.elapsed_ms / 1000).toFixed(1)} s`;
    return;
  }
  if (!app.table || info.table_id !== app.table.table_id) return;
  app.thinking = info;
  const text = document.getElementById("thinking-text");
  if (text && text.dataset.seat === String(info.seat)) {
    text.textContent = thinkingText(info);             // the Move now button stays put under the pointer
    return;
  }
  const el = document.getElementById("status");
  if (el) el.replaceChildren(...statusLine());
}

/** A table bot's progress; a paced table's bots report 0 iterations (docs/protocol.md, "Pace"): only the time then. */
function thinkingText(t) {
  const seconds = `${(t.elapsed_ms / 1000).toFixed(1)} s`;
  return t.iterations > 0 ? ` thinking... ${t.iterations.toLocaleString("en-US")} iterations, ${seconds}` : ` thinking... ${seconds}`;
}

async function act(action) {
  if (app.busy || app.view.status === "over") return;
  app.busy = true;
  app.note = "";
  app.hint = null;
  app.lit = new Set();
  render();
  try {
    const told = app.updates;
    const reply = await app.rpc.call("table.act", { table_id: app.table.table_id, action });
    if (app.updates === told) setView(reply.view);       // else the moves told since are newer than this reply
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    app.note = say(error, "Your move was refused");
    const seen = await app.rpc.call("table.view", { table_id: app.table.table_id });
    setView(seen.view, seen.seed);
  } finally {
    app.busy = false;
  }
  render();
}

async function hint(bot) {
  const msgid = app.rpc.peekId();
  app.hint = { msgid, bot, progress: null, reply: null };
  render();
  try {
    const reply = await app.rpc.call("table.hint", { table_id: app.table.table_id, bot, info_ms: 200 });
    if (app.hint && app.hint.msgid === msgid) app.hint.reply = reply;
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    app.hint = null;
    app.note = say(error, "No hint");
  }
  render();
}

/** The same game again with the same seats, bots and options, and a new deal. */
async function rematch() {
  const { seed, ...params } = app.lobby.params;
  await openTable(params, app.lobby.me, true).catch(fail);               // Back returns to the finished game
}

async function replay() {
  const params = { ...app.lobby.params, seed: app.seed };
  await openTable(params, app.lobby.me, true).catch(fail);               // Back returns to the finished game
}

function ctxFor(view) {
  const legal = app.busy || app.queue.length || view.turn !== app.table.seat ? [] : view.legal;
  return { view, info: view.information_set.view, seat: app.table.seat, players: app.table.players,
           seats: app.table.seats, legal, act: (a) => act(a).catch(fail), help: app.help,
           highlight: (ids) => { app.lit = new Set(ids); renderActions(); } };
}

/** The pace of the other seats' moves, and Skip while some wait to be shown. */
function paceControls() {
  const choices = PACES.some(([ms]) => ms === app.pace) ? PACES : [...PACES, [app.pace, `${app.pace / 1000} s`]];
  const select = h("select", { id: "pace", title: "how fast the other players' moves are shown",
    onchange: (e) => { app.pace = Number(e.target.value);
      try { localStorage.setItem(PACE_KEY, String(app.pace)); } catch { /* not kept */ } } },
    choices.map(([ms, name]) => h("option", { value: ms, selected: ms === app.pace }, name)));
  return h("span", { class: "pace" }, app.queue.length ? h("span", { id: "waiting" },
      `${app.queue.length} more move${app.queue.length === 1 ? "" : "s"} to show `) : null,
    app.queue.length ? h("button", { id: "skip", type: "button", onclick: skip }, "Skip") : null,
    h("label", {}, " moves shown ", select), " ", settings());
}

/** The player's two switches: play a lone move by itself, and a sound on the player's move. */
function settings() {
  const box = (id, key, field, text, title) => h("label", { class: "setting", title },
    h("input", { type: "checkbox", id, checked: app[field], onchange: (e) => {
      app[field] = e.target.checked;
      store(key, app[field]);
      if (field === "turnSound" && app[field]) beep(false);      // a tap: the browser lets the page's sound play
      if (field === "autoOne") renderActions();
    } }), ` ${text}`);
  return h("span", { class: "settings" },
    box("auto-one", AUTO_KEY, "autoOne", "play a lone move by itself", "when you have exactly one move, it is played after a short pause"),
    " ", box("turn-sound", SOUND_KEY, "turnSound", "sound on my move", "a short sound when it becomes your move"));
}

/** A short tone (Web Audio: no file); `counted`: one more turn announced (the page keeps the count in body's
 * data-sounds). */
function beep(counted = true) {
  try {
    app.audio ||= new (window.AudioContext || window.webkitAudioContext)();
    const osc = app.audio.createOscillator(), gain = app.audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, app.audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, app.audio.currentTime + 0.25);
    osc.connect(gain).connect(app.audio.destination);
    osc.start();
    osc.stop(app.audio.currentTime + 0.25);
  } catch { /* no sound in this browser */ }
  if (counted) document.body.dataset.sounds = String(++app.sounds);
}

function statusLine() {
  return [...statusWords(), paceControls()];
}

function statusWords() {
  const v = app.view, seat = app.table.seat;
  if (v.status === "over") return ["The game is over."];
  if (app.queue.length) return ["Following the other players' moves..."];
  if (app.busy) return [h("span", { class: "spinner" }), " your move is on its way (another seat may be deciding)"];
  if (v.turn === seat && v.legal.length) return [h("strong", {}, "Your move.")];
  const ctx = ctxFor(v);
  const out = [seatChip(ctx, v.turn), " to move"];
  if (app.thinking && app.thinking.seat === v.turn) {
    const t = app.thinking;
    out.push(h("span", { class: "thinking" }, h("span", { class: "spinner" }),
      h("span", { id: "thinking-text", "data-seat": String(t.seat) }, thinkingText(t))),
      " ", h("button", { id: "hurry", type: "button", title: "the bot plays its best move so far",
                         onclick: () => app.rpc.call("table.hurry", { table_id: app.table.table_id }).catch(fail) },
             "Move now"));
  } else {
    out.push(h("span", { class: "thinking" }, " ..."));
  }
  return out;
}

function header() {
  const t = app.table;
  const game = t ? app.games.get(t.game) : null;
  return h("header", { class: "top" },
    h("h1", {}, "deadeye"),
    t ? h("span", { class: "where" }, `${game?.title || t.game} · table ${t.table_id} · you are seat ${t.seat}`,
          app.seed !== null ? ` · seed ${app.seed}` : "") : h("span", { class: "where" }, "play against the engine"),
    t ? h("nav", {},
      h("a", { href: `/rules/${t.game}.html`, id: "rules-link", onclick: (e) => { e.preventDefault(); showRules(t.game); } }, "Rules"),
      h("button", { id: "new-game", type: "button", onclick: newGame }, "New game")) : null);
}

function render() {
  if (!app.table) return;
  document.body.dataset.screen = "table";
  const v = app.view, ctx = ctxFor(v);
  const renderer = rendererFor(app.table.game);
  let board;
  try {
    board = renderer.render(ctx);
  } catch (error) {             // a renderer's bug must not hide the game: fall back to the generic one
    console.error(error);
    board = rendererFor(null).render(ctx);
  }
  const main = h("main", { id: "game", "data-state": v.status === "over" ? "over" : "playing",
                           "data-game": app.table.game, "data-seat": app.table.seat, "data-turn": v.turn },
    h("div", { id: "status", class: "status" }, ...statusLine()),
    app.note ? h("p", { class: "note", id: "note" }, app.note) : null,
    v.status === "over" ? resultPanel(ctx) : null,
    h("div", { class: "layout" },
      h("div", { class: "left" }, h("div", { id: "actions", class: "actions" }),
        h("div", { id: "board", class: "board" }, lastMove(), board),
        scoringPanels()),
      h("div", { class: "right" }, linksPanel(), hintPanel(ctx), logPanel())));
  root().replaceChildren(header(), main);
  renderActions();
  lightLastMove();
  document.title = tabTitle();
  const mine = ctx.legal.length > 0;
  if (mine && !app.wasMine && app.turnSound) beep();
  app.wasMine = mine;
}

/** The tab's title: whether it is the player's move (seen from another tab), or the game is over. */
function tabTitle() {
  const game = app.games.get(app.table.game)?.title?.split(" (")[0] || app.table.game;
  if (app.view.status === "over") return `Game over · ${game} · deadeye`;
  if (ctxFor(app.view).legal.length) return `● Your move · ${game} · deadeye`;
  return `${game} · deadeye`;
}

/** What the last move touched, lit inside the board's drawing: the marks of its `focus` (the game's text on the
 * server: "seat:2", "card:Q♠") on the elements the renderer marked with the same `data-mark`. */
function lightLastMove() {
  const e = app.log[app.log.length - 1];
  const marks = new Set(e?.focus || []);
  if (!marks.size) return;
  for (const el of document.querySelectorAll("#board [data-mark]")) {
    if (marks.has(el.dataset.mark)) el.classList.add("last-moved");
  }
}

/** The last move shown, on top of the board in the colour of the seat that made it. */
function lastMove() {
  const e = app.log[app.log.length - 1];
  if (!e) return null;
  const colour = e.seat === null || e.seat === undefined ? "#777" : SEAT_COLOURS[e.seat % SEAT_COLOURS.length];
  return h("div", { id: "last-move", class: "last-move", style: { borderLeftColor: colour } },
    h("span", { class: "small" }, "Last move: "), h("span", { class: "narration" }, e.text));
}

function renderActions() {
  const box = document.getElementById("actions");
  if (!box) return;
  const ctx = ctxFor(app.view);
  clearTimeout(app.auto?.timer);
  app.auto = null;
  if (!ctx.legal.length) { box.replaceChildren(); return; }
  const buttons = ctx.legal.map((a) => h("button", {
    type: "button", class: `action ${app.lit.has(a.action) ? "lit" : ""}`, "data-action": a.action,
    "data-label": a.label, "data-group": a.group ?? null, onclick: () => ctx.act(a.action) }, a.text || a.label));
  const grouped = ctx.legal.length > 12 && ctx.legal.some((a) => a.group);
  const list = grouped ? groupedActions(ctx, buttons) : h("div", { class: "action-list" }, buttons);
  const filter = ctx.legal.length > 16 ? h("input", { id: "action-filter", placeholder: "filter the moves", type: "search",
    oninput: (e) => { const q = e.target.value.toLowerCase();
      for (const b of buttons) b.hidden = !`${b.dataset.label} ${b.textContent}`.toLowerCase().includes(q);
      for (const d of box.querySelectorAll("details.action-group")) {
        d.hidden = !d.querySelector("button.action:not([hidden])");
        if (q) d.open = true;
      } } }) : null;
  box.replaceChildren(...[h("h3", {}, `Your moves (${ctx.legal.length})`), filter, list, autoNote(ctx), notOffered()]
    .filter(Boolean));
}

/** A long list of moves by kind (the `group` the game's text gives each move: Way Out West's action boxes): the
 * moves of no kind first, then one folding group a kind, closed unless the player opened it or a move in it is lit. */
function groupedActions(ctx, buttons) {
  const loose = [], kinds = new Map();
  buttons.forEach((b, i) => {
    const g = ctx.legal[i].group || "";
    if (!g) loose.push(b); else (kinds.get(g) || kinds.set(g, []).get(g)).push(b);
  });
  const groups = [...kinds].map(([g, bs]) => {
    const open = app.openGroups.has(g) || bs.some((b) => b.classList.contains("lit"));
    const details = h("details", { class: "action-group", "data-group": g, open },
      h("summary", { ...explained(ctx, g) }, `${g} (${bs.length})`), h("div", { class: "action-list" }, bs));
    details.addEventListener("toggle", () => { if (details.open) app.openGroups.add(g); else app.openGroups.delete(g); });
    return details;
  });
  return h("div", { class: "action-groups" }, loose.length ? h("div", { class: "action-list" }, loose) : null, groups);
}

/** Why a usual move is not offered now (the view's `unavailable`: the sentences deadeye play prints). */
function notOffered() {
  const reasons = app.view.unavailable || [];
  if (!reasons.length) return null;
  return h("details", { id: "not-offered", class: "not-offered", open: reasons.length <= 2 },
    h("summary", {}, `Not offered now (${reasons.length})`), h("ul", {}, reasons.map((r) => h("li", {}, r))));
}

/** With "play a lone move by itself" on, a move that is the only one offered is played after AUTO_MS, and said. */
function autoNote(ctx) {
  if (!app.autoOne || ctx.legal.length !== 1 || app.view.status === "over") return null;
  const only = ctx.legal[0], view = app.view;
  app.auto = { timer: setTimeout(() => { if (app.view === view && !app.busy) ctx.act(only.action); }, AUTO_MS) };
  return h("p", { id: "auto-note", class: "small" }, `Your only move, ${only.text || only.label}, is played by itself...`);
}

/** The game-over screen: who won, each seat's score (by rule where the game's text gives a breakdown, and the
 * renderer's own columns), a rematch (the same table, a new deal) and a replay by seed. */
function resultPanel(ctx) {
  const r = app.view.result;
  if (!r) return null;
  const extra = rendererFor(app.table.game).gameScoring?.(ctx) || { head: [], rows: [] };
  const parts = r.breakdown || { head: [], rows: [] };
  const name = (s) => (s === ctx.seat ? "you" : (r.names && r.names[s]) || `seat ${s}`);
  const winners = r.returns.map((x, s) => [x, s]).filter(([x]) => x > 0).map(([, s]) => s);
  const mine = r.returns[ctx.seat];
  const headline = mine >= 1 ? "You win!" : mine > 0 ? "You share the win." : "You lose.";
  const others = winners.filter((s) => s !== ctx.seat).map(name);
  const won = others.length ? ` ${mine > 0 ? "With you" : others.length > 1 ? "The winners" : "The winner"}: ${others.join(", ")}.` : "";
  return h("section", { class: "panel game-over", id: "game-over" },
    h("h2", { id: "game-over-headline" }, headline, h("small", {}, won)),
    h("table", { id: "result", class: "scoring" },
      h("tr", {}, h("th", {}, "seat"), h("th", {}, "score"), extra.head.map((c) => h("th", {}, c)),
        parts.head.map((c) => h("th", { class: "rule" }, c)), h("th", {}, "result")),
      r.scores.map((score, s) => h("tr", { class: s === ctx.seat ? "me" : "" },
        h("td", {}, seatChip(ctx, s), r.names && s !== ctx.seat && r.names[s] !== `seat ${s}` ? ` ${r.names[s]}` : ""),
        h("td", {}, String(score)),
        (extra.rows[s] || []).map((c) => h("td", {}, String(c))),
        (parts.rows[s] || []).map((c) => h("td", { class: "rule" }, String(c))),
        h("td", {}, r.returns[s] >= 1 ? "wins" : r.returns[s] > 0 ? `shares the win (${r.returns[s].toFixed(2)})` : "loses")))),
    parts.note ? h("p", { id: "result-note", class: "small" }, parts.note) : null,
    h("div", { class: "game-over-actions" },
      app.lobby ? h("button", { id: "rematch", type: "button", onclick: () => rematch() }, "Rematch") : null,
      app.lobby && app.seed !== null ? h("button", { id: "replay", type: "button", onclick: () => replay() }, "Replay this seed") : null,
      h("button", { id: "new-game-over", type: "button", onclick: newGame }, "New game")));
}

function scoringPanels() {
  if (!app.scoring.length) return null;
  return section("Scoring of each round", app.scoring.map((t) => h("div", { class: "round-scoring" },
    h("h4", {}, t.caption),
    h("table", { class: "scoring" }, h("tr", {}, t.head.map((c) => h("th", {}, c))),
      t.rows.map((row) => h("tr", {}, row.map((c) => h("td", {}, String(c)))))),
    t.note ? h("p", { class: "small" }, t.note) : null)));
}

function linksPanel() {
  const seats = Object.keys(app.links);
  if (!seats.length) return null;
  return section("Seat links for the other people",
    h("p", { class: "small" }, "Send each person their link: it opens this table at their seat, and shows them only what that seat sees."),
    seats.map((s) => {
      const url = `${location.origin}/?join=${encodeURIComponent(app.links[s])}`;
      return h("div", { class: "join" }, `seat ${s}: `, h("a", { class: "join-link", "data-seat": s, href: url, target: "_blank" }, url));
    }));
}

/** A legal action's label in a player's words (its `text` in the view), as its button says it. */
function words(label) {
  return app.view.legal.find((a) => a.label === label)?.text || label;
}

function hintPanel(ctx) {
  const mine = ctx.legal.length > 0 && app.view.status !== "over";
  const select = h("select", { id: "hint-bot" }, HINT_BOTS.map((b) => h("option", { value: b, selected: b === (app.hint?.bot || "hard") }, b)));
  const body = [];
  if (app.hint && !app.hint.reply) body.push(h("p", { id: "hint-progress" }, h("span", { class: "spinner" }), " thinking..."));
  if (app.hint && app.hint.reply) {
    const r = app.hint.reply;
    body.push(h("p", { id: "hint-choice" }, `${app.hint.bot} would play `, h("strong", {}, words(r.label)),
      ` (${r.stats.iterations.toLocaleString("en-US")} iterations, ${(r.stats.elapsed_ms / 1000).toFixed(1)} s)`));
    if (r.shares && r.shares.length) {
      body.push(h("table", { class: "shares", id: "hint-shares" },
        h("tr", {}, h("th", {}, "move"), h("th", {}, "visits"), h("th", {}, "share"), h("th", {}, "mean result")),
        r.shares.map((a) => h("tr", {}, h("td", {}, words(a.label)), h("td", {}, String(a.visits)),
          h("td", {}, h("div", { class: "bar", style: { width: `${Math.round(a.share * 100)}%` } }), `${(a.share * 100).toFixed(0)}%`),
          h("td", {}, a.value.toFixed(2))))));
    } else body.push(h("p", { class: "small" }, "this bot does not search: no visit shares"));
  }
  return section("Hint", h("div", {}, "What would ", select, " play here? ",
    h("button", { id: "hint", type: "button", disabled: !mine || (app.hint && !app.hint.reply),
                  onclick: () => hint(select.value).catch(fail) }, "Ask")), ...body);
}

function logPanel() {
  // each move as the server's narrator tells it to this seat (core/narrate.py): the page adds no words of its own,
  // only the colour of the seat that moved
  const items = app.log.slice().reverse().map((e, i) => h("li", {
    class: `${e.seat === null || e.seat === undefined ? "table-event" : ""} ${i === 0 ? "latest" : ""}`.trim() || null,
    style: e.seat === null || e.seat === undefined ? null : { borderLeftColor: SEAT_COLOURS[e.seat % SEAT_COLOURS.length] } },
    h("span", { class: "narration" }, e.text)));
  // numbered from the oldest entry, so an entry keeps its number; the margin fits the longest number
  const last = app.logBase + app.log.length;
  return section("What happened (newest first)", h("ol", { id: "log", class: "log", reversed: true, start: last,
    style: { paddingLeft: `calc(${String(last).length}ch + 1.4em)` } }, items));
}

/** The rules dialog: the server renders the Markdown (/rules/<game>.html, raw HTML escaped); the dialog shows its
 * article. */
async function showRules(game) {
  const dialog = document.getElementById("rules") || document.body.appendChild(h("dialog", { id: "rules" }));
  const address = `/rules/${encodeURIComponent(game)}.html`;
  const response = await fetch(address);
  const text = h("div", { class: "rules-text" });
  if (response.ok) {
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    text.replaceChildren(...(page.querySelector("article.rules-text")?.childNodes || []));
  } else text.replaceChildren(h("p", {}, `no rules for ${game}`));
  dialog.replaceChildren(h("form", { method: "dialog" }, h("button", { id: "rules-close" }, "Close")), text,
    h("a", { href: address, target: "_blank" }, "the rules in a page of their own"));
  dialog.showModal();
}

window.addEventListener("unhandledrejection", (e) => fail(e.reason));
main().catch(fail);
