// What went wrong, in a player's words: a protocol error's code (docs/protocol.md, "Errors") as a sentence.  The
// server's own message is for developers: it goes to the console, never onto the page.
import { RpcError } from "./rpc.js";

const SENTENCES = {
  bad_token: "This seat link no longer opens a table: the game may have ended, or the server was restarted. Start a new game.",
  unknown_table: "This table is closed. Start a new game.",
  not_seated: "You are no longer seated at this table: reload the page to sit down again.",
  not_your_turn: "It is not your turn yet: wait for the other players.",
  illegal_action: "That move is not allowed right now: pick one of your moves.",
  game_over: "The game is over: there are no more moves to make.",
  busy: "The server is busy with other games right now: try again in a moment, or close a game you have finished.",
  bad_bot: "That bot cannot play this game here: choose another one.",
  invalid_params: "The server did not accept these settings: check the game's options and try again.",
  unknown_game: "This server does not have that game.",
  unknown_game_id: "That game is not open any more. Start a new game.",
  unknown_method: "This server is a different version from the page: reload the page.",
  parse_error: "The page and the server misunderstood each other: reload the page.",
  invalid_request: "The page and the server misunderstood each other: reload the page.",
  bad_view: "The server could not read that position.",
};

const CLOSED = {
  "the game is over": "The table has closed: the game is over.",
  "the table was left idle": "The table was closed after nobody played at it for a long while. Start a new game.",
};

/** A sentence for `error` (an RpcError, a protocol.error notification's params, or anything thrown); `doing` says
 * what the player tried ("your move"), when that helps. */
export function say(error, doing = "") {
  const code = error instanceof RpcError ? error.code : error && typeof error === "object" ? error.code : null;
  if (code || error instanceof RpcError) console.info("deadeye: the server said", error.message || error);
  else console.error(error);
  const sentence = SENTENCES[code]
    || (error instanceof Error && /connection closed|cannot connect/.test(error.message)
      ? "The connection to the server was lost: reload the page to carry on."
      : "Something went wrong: reload the page to carry on.");
  return doing ? `${doing}: ${sentence[0].toLowerCase()}${sentence.slice(1)}` : sentence;
}

/** Why a table closed, in a player's words (the reasons `table.closed` gives). */
export function closedBecause(reason) {
  return CLOSED[reason] || "The table was closed. Start a new game.";
}
