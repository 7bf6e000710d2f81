#!/usr/bin/env node
// A front end in another language for `deadeye serve`, written from docs/protocol.md alone.
//
// It starts the engine, checks `hello`, referees a 3-player Wyatt Earp game on the server (referee mode), lets two
// seats be played by engine bots through `bot.choose` and plays the third seat itself with seeded random picks from
// `game.view`, until the game is over. Then it closes the game, sends `shutdown` and checks that the server exits 0.
// Every reply is checked against the contract. On success it prints one line of JSON (a summary) on stdout and
// exits 0; on any failure it prints `play.mjs: <why>` on stderr and exits 1. A timer guards against hangs.
//
// Usage:
//   node play.mjs [--seed N] [--seats SPEC,SPEC,self] [--timeout-ms MS] [-- SERVER COMMAND...]
// The server command is, in order: the words after `--`, else the environment variable DEADEYE_SERVE (split on
// spaces), else `deadeye serve`.

import { spawn } from "node:child_process";
import { isDeepStrictEqual } from "node:util";
import { decodeMultiStream, encode } from "@msgpack/msgpack";

const PROTOCOL_VERSION = 2; // the version of docs/protocol.md this client was written for
const REQUEST = 0;
const RESPONSE = 1;
const NOTIFICATION = 2;
const MAX_MOVES = 20000; // a Wyatt Earp game is far shorter; more means the loop is stuck

/** A failure of the engine or of this client: reported on stderr, exit status 1. */
class ClientError extends Error {}

/** An error reply from the server: carries its stable `code`. */
class RemoteError extends ClientError {
  constructor(method, error) {
    super(`${method}: the server answered ${error.code}: ${error.message}`);
    this.code = error.code;
  }
}

function parseArgs(argv) {
  const options = { seed: 1, seats: ["random", "ismcts:iterations=50", "self"], timeoutMs: 300000, command: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new ClientError(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === "--") {
      options.command = argv.slice(i + 1);
      break;
    } else if (arg === "--seed") {
      options.seed = Number(value());
      if (!Number.isSafeInteger(options.seed) || options.seed < 0) throw new ClientError("--seed takes an integer >= 0");
    } else if (arg === "--seats") {
      options.seats = value().split(",").map((s) => s.trim());
    } else if (arg === "--timeout-ms") {
      options.timeoutMs = Number(value());
      if (!(options.timeoutMs > 0)) throw new ClientError("--timeout-ms takes a number > 0");
    } else {
      throw new ClientError(`unknown argument ${JSON.stringify(arg)} (see the usage at the top of play.mjs)`);
    }
  }
  if (options.command === null) {
    const fromEnv = (process.env.DEADEYE_SERVE || "").trim();
    options.command = fromEnv ? fromEnv.split(/\s+/) : ["deadeye", "serve"];
  }
  if (options.command.length === 0) throw new ClientError("empty server command after --");
  if (options.seats.length !== 3 || options.seats.filter((s) => s === "self").length !== 1) {
    throw new ClientError("--seats needs three entries, exactly one of them 'self'");
  }
  return options;
}

/** mulberry32: a small seeded generator, so the same --seed gives the same picks (and, with it, the same game). */
function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof Uint8Array);
const isInt = (v) => Number.isInteger(v);

function expect(condition, what) {
  if (!condition) throw new ClientError(`contract broken: ${what}`);
}

/**
 * One engine process and the MessagePack-RPC session with it.
 * Requests get fresh msgids from a counter; the reader matches each response to its request by msgid.
 */
class Engine {
  constructor(command, { callTimeoutMs }) {
    this.command = command;
    this.callTimeoutMs = callTimeoutMs;
    this.nextMsgid = 1;
    this.pending = new Map(); // msgid -> {method, resolve, reject, timer}
    this.notifications = { "search.info": 0 };
    this.stream = { messages: 0, chunks: 0, bytes: 0 }; // what came from the server's stdout
    this.failure = null; // the first fatal error seen by the reader or the process watcher
    this.exitCode = undefined; // set when the process exits (null if killed by a signal)
    this.exited = new Promise((resolve) => {
      this.child = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
      this.child.on("exit", (code, signal) => {
        this.exitCode = code;
        this.exitSignal = signal;
        resolve(code);
      });
    });
    this.child.on("error", (err) => {
      this.fail(new ClientError(`cannot run ${JSON.stringify(command.join(" "))}: ${err.message}`));
    });
    this.child.stdin.on("error", (err) => this.fail(new ClientError(`writing to the server: ${err.message}`)));
    this.reading = this.readLoop();
  }

  /** Record the first fatal error and reject every waiting call with it; later calls fail at once. */
  fail(error) {
    if (this.failure === null) this.failure = error;
    for (const [msgid, call] of this.pending) {
      clearTimeout(call.timer);
      call.reject(this.failure);
      this.pending.delete(msgid);
    }
  }

  async readLoop() {
    try {
      // No framing on the wire: a streaming decoder takes values split or joined across chunks.
      for await (const message of decodeMultiStream(this.counted(this.child.stdout))) {
        this.stream.messages++;
        this.dispatch(message);
      }
      // End of the server's stdout: every answer it sent has been read. After the answer to shutdown that is the
      // expected end; at any other time it is a failure (the process is exiting or has crashed).
      if (!this.shutdownAnswered) this.fail(new ClientError("the server closed its stdout before answering shutdown"));
    } catch (err) {
      const why = err instanceof ClientError ? err : new ClientError(`the server's stdout is not MessagePack: ${err.message}`);
      this.fail(why);
    }
  }

  /** The stdout chunks as they are read, counted: a value may span several chunks, and a chunk hold several. */
  async *counted(stdout) {
    for await (const chunk of stdout) {
      this.stream.chunks++;
      this.stream.bytes += chunk.length;
      yield chunk;
    }
  }

  dispatch(message) {
    expect(Array.isArray(message), `a message is an array, got ${JSON.stringify(message)}`);
    if (message[0] === RESPONSE) {
      expect(message.length === 4, `a response has 4 elements, got ${message.length}`);
      const [, msgid, error, result] = message;
      const call = this.pending.get(msgid);
      expect(call !== undefined, `a response to msgid ${msgid}, which no request is waiting for`);
      this.pending.delete(msgid);
      clearTimeout(call.timer);
      if (error !== null) {
        expect(result === null, `${call.method}: error and result both set`);
        expect(isMap(error) && typeof error.code === "string" && typeof error.message === "string",
          `${call.method}: an error is {code, message}, got ${JSON.stringify(error)}`);
        call.reject(new RemoteError(call.method, error));
      } else {
        expect(isMap(result), `${call.method}: a result is a map, got ${JSON.stringify(result)}`);
        if (call.method === "shutdown") this.shutdownAnswered = true;
        call.resolve(result);
      }
    } else if (message[0] === NOTIFICATION) {
      expect(message.length === 3, `a notification has 3 elements, got ${message.length}`);
      const [, method, params] = message;
      expect(typeof method === "string" && Array.isArray(params) && params.length === 1 && isMap(params[0]),
        `a notification is [2, method, [{...}]], got ${JSON.stringify(message)}`);
      if (method === "protocol.error") {
        throw new ClientError(`protocol.error from the server: ${params[0].code}: ${params[0].message}`);
      }
      this.notifications[method] = (this.notifications[method] || 0) + 1;
    } else if (message[0] === REQUEST) {
      throw new ClientError("the server sent a request; the protocol says it never does");
    } else {
      throw new ClientError(`unknown message type ${JSON.stringify(message[0])}`);
    }
  }

  /** Send a request and wait for its response: the result map, or a RemoteError carrying the code. */
  call(method, params = {}) {
    if (this.failure !== null) return Promise.reject(this.failure);
    const msgid = this.nextMsgid++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(msgid);
        reject(new ClientError(`${method}: no answer within ${this.callTimeoutMs} ms`));
      }, this.callTimeoutMs);
      this.pending.set(msgid, { method, resolve, reject, timer });
      this.child.stdin.write(encode([REQUEST, msgid, method, [params]]));
    });
  }

  /** A call that must fail with this error code; the failure is the expected outcome. */
  async callExpectingError(method, params, code) {
    try {
      await this.call(method, params);
    } catch (err) {
      if (err instanceof RemoteError && err.code === code) return;
      throw err;
    }
    throw new ClientError(`${method} ${JSON.stringify(params)} succeeded; expected the error ${code}`);
  }

  /** After `shutdown`: close stdin, wait for the process and the reader to end, return the exit status. */
  async waitExit(timeoutMs) {
    this.child.stdin.end();
    let timer;
    const limit = new Promise((_, reject) => {
      const late = new ClientError(`the server did not exit within ${timeoutMs} ms of shutdown`);
      timer = setTimeout(() => reject(late), timeoutMs);
    });
    try {
      await Promise.race([Promise.all([this.exited, this.reading]), limit]);
    } finally {
      clearTimeout(timer);
    }
    if (this.failure !== null) throw this.failure;
    return this.exitCode;
  }

  kill() {
    if (this.child && this.exitCode === undefined) this.child.kill("SIGKILL");
  }
}

function checkHello(hello, botSpecs) {
  expect(hello.engine === "deadeye", `hello.engine is "deadeye", got ${JSON.stringify(hello.engine)}`);
  expect(typeof hello.version === "string", "hello.version is a string");
  if (hello.protocol !== PROTOCOL_VERSION) {
    throw new ClientError(`the server speaks protocol ${hello.protocol}; this client was written for ${PROTOCOL_VERSION}`);
  }
  const game = (hello.games || []).find((g) => g.name === "wyatt-earp");
  expect(game !== undefined, "hello lists the game wyatt-earp");
  expect(game.min_players <= 3 && 3 <= game.max_players, `wyatt-earp takes 3 players (${game.min_players}..${game.max_players})`);
  for (const spec of botSpecs) {
    const name = spec.split(":")[0];
    expect(hello.bots.includes(name), `hello lists the bot ${name} (bots: ${hello.bots.join(", ")})`);
  }
  for (const method of ["game.new", "game.view", "game.apply", "game.close", "bot.choose", "shutdown"]) {
    expect(hello.methods.includes(method), `hello lists the method ${method}`);
  }
}

function checkResult(result, players, where) {
  expect(isMap(result), `${where}: a result map once the game is over`);
  expect(Array.isArray(result.returns) && result.returns.length === players, `${where}: returns has one entry per seat`);
  expect(Array.isArray(result.scores) && result.scores.length === players, `${where}: scores has one entry per seat`);
  const total = result.returns.reduce((a, b) => a + b, 0);
  expect(Math.abs(total - 1) < 1e-9, `${where}: returns share one win, got ${JSON.stringify(result.returns)}`);
}

/** Referee one game: bots play their seats through bot.choose, this client plays `self` from game.view. */
async function playGame(engine, options) {
  const players = options.seats.length;
  const selfSeat = options.seats.indexOf("self");
  const random = seededRandom(options.seed);

  const hello = await engine.call("hello");
  checkHello(hello, options.seats.filter((s) => s !== "self"));

  const created = await engine.call("game.new", { game: "wyatt-earp", players, seed: options.seed });
  expect(isInt(created.game_id) && created.game_id > 0, "game.new gives a positive game_id");
  expect(created.status === "playing" && isInt(created.turn) && created.turn >= 0 && created.turn < players,
    `game.new gives a seat to move and status playing, got ${JSON.stringify(created)}`);
  const gameId = created.game_id;
  let turn = created.turn;

  // The error path once: playing for a seat that is not to move is refused, and the game is unchanged.
  const notToMove = (turn + 1) % players;
  await engine.callExpectingError("game.apply", { game_id: gameId, action: 0, seat: notToMove }, "not_your_turn");
  const before = await engine.call("game.view", { game_id: gameId, seat: turn });
  expect(before.turn === turn && before.status === "playing", "a refused game.apply changes nothing");

  const counts = { moves: 0, self_moves: 0, bot_moves: 0, by_label: 0 };
  let status = "playing";
  let result = null;
  while (status === "playing") {
    expect(counts.moves < MAX_MOVES, `the game ends within ${MAX_MOVES} moves`);
    let action; // what is sent to game.apply: an id or a label
    let label;
    let expectedId; // the id game.apply must report
    if (turn === selfSeat) {
      const view = await engine.call("game.view", { game_id: gameId, seat: selfSeat });
      expect(view.seat === selfSeat && view.turn === turn && view.status === "playing", "game.view: seat, turn, status");
      expect(Array.isArray(view.legal) && view.legal.length > 0, "game.view lists legal actions for the seat to move");
      expect(isMap(view.information_set) && view.information_set.seat === selfSeat, "game.view holds the seat's information set");
      const pick = view.legal[Math.floor(random() * view.legal.length)];
      expect(isInt(pick.action) && typeof pick.label === "string", "a legal action is {action: int, label: string}");
      // Alternate: apply by id, then by label (the server matches labels ignoring case and repeated spaces).
      const byLabel = counts.self_moves % 2 === 1;
      action = byLabel ? pick.label.toUpperCase() : pick.action;
      label = pick.label;
      if (byLabel) counts.by_label++;
      counts.self_moves++;
      expectedId = pick.action;
    } else {
      const choice = await engine.call("bot.choose", { game_id: gameId, seat: turn, bot: options.seats[turn] });
      expect(choice.seat === turn && isInt(choice.action) && typeof choice.label === "string", "bot.choose: seat, action, label");
      expect(isMap(choice.stats) && typeof choice.stats.bot === "string" && isInt(choice.stats.iterations),
        "bot.choose: stats with bot and iterations");
      action = choice.action;
      label = choice.label;
      expectedId = choice.action;
      counts.bot_moves++;
    }
    // The host's call (no seat): its reply tells who truly moves next (a seat's reply tells only what it knows).
    const applied = await engine.call("game.apply", { game_id: gameId, action });
    expect(applied.action === expectedId && applied.seat === turn && applied.label === label,
      `game.apply played ${JSON.stringify(action)} for seat ${turn}, got ${JSON.stringify(applied)}`);
    expect(Array.isArray(applied.events), "game.apply: events is an array");
    counts.moves++;
    status = applied.status;
    turn = applied.turn;
    result = applied.result;
    if (status === "over") {
      expect(turn === -1, "turn is -1 once the game is over");
      checkResult(result, players, "game.apply");
    } else {
      expect(status === "playing" && result === null && isInt(turn) && turn >= 0 && turn < players,
        `game.apply: a seat to move while playing, got ${JSON.stringify({ status, turn, result })}`);
    }
  }

  const finalView = await engine.call("game.view", { game_id: gameId, seat: selfSeat });
  expect(finalView.status === "over" && finalView.turn === -1, "the final view shows the game over");
  expect(Array.isArray(finalView.legal) && finalView.legal.length === 0, "no legal actions once the game is over");
  checkResult(finalView.result, players, "game.view");
  expect(isDeepStrictEqual(finalView.result, result), "the final view's result is the one game.apply gave");
  await engine.callExpectingError("bot.choose",
    { game_id: gameId, seat: 0, bot: options.seats.find((s) => s !== "self") }, "game_over");

  const closed = await engine.call("game.close", { game_id: gameId });
  expect(Object.keys(closed).length === 0, "game.close answers {}");
  await engine.callExpectingError("game.view", { game_id: gameId, seat: 0 }, "unknown_game_id");

  return {
    engine: hello.engine, version: hello.version, protocol: hello.protocol,
    game: "wyatt-earp", players, seed: options.seed, seats: options.seats, game_id: gameId,
    ...counts, status, result, final_view_result: finalView.result,
  };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const engine = new Engine(options.command, { callTimeoutMs: Math.min(options.timeoutMs, 60000) });
  const guard = setTimeout(() => {
    engine.kill();
    process.stderr.write(`play.mjs: timed out after ${options.timeoutMs} ms\n`);
    process.exit(1);
  }, options.timeoutMs);
  try {
    const summary = await playGame(engine, options);
    const bye = await engine.call("shutdown");
    expect(Object.keys(bye).length === 0, "shutdown answers {}");
    const status = await engine.waitExit(10000);
    expect(status === 0, `the server exits 0 after shutdown, got status ${status} (signal ${engine.exitSignal})`);
    summary.server_exit = status;
    summary.search_info = engine.notifications["search.info"];
    summary.stream = engine.stream;
    process.stdout.write(JSON.stringify(summary) + "\n");
  } finally {
    clearTimeout(guard);
    engine.kill();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`play.mjs: ${err instanceof ClientError ? err.message : err.stack || err}\n`);
    process.exit(1);
  },
);
