// The protocol over a WebSocket: one MessagePack-RPC message per binary frame (docs/protocol.md, "Transport").
import { encode, decode } from "./vendor/msgpack/index.js";

export class RpcError extends Error {
  constructor(error) {
    super(`${error.code}: ${error.message}`);
    this.code = error.code;
  }
}

/** A connection to `deadeye web`'s /rpc: `call` sends a request and resolves with its result; `on` handles a
 * notification by method name. */
export class Rpc {
  constructor(url) {
    this.url = url;
    this.nextId = 1;
    this.pending = new Map();
    this.handlers = new Map();
    this.onclose = () => {};
  }

  open() {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.url);
      ws.binaryType = "arraybuffer";
      ws.onopen = () => resolve(this);
      ws.onerror = () => reject(new Error(`cannot connect to ${this.url}`));
      ws.onclose = (e) => {
        for (const { reject: fail } of this.pending.values()) fail(new Error("the connection closed"));
        this.pending.clear();
        this.onclose(e);
      };
      ws.onmessage = (e) => this.receive(decode(new Uint8Array(e.data)));
      this.ws = ws;
    });
  }

  receive(message) {
    if (message[0] === 1) {
      const [, msgid, error, result] = message;
      const waiter = this.pending.get(msgid);
      if (!waiter) return;
      this.pending.delete(msgid);
      if (error) waiter.reject(new RpcError(error)); else waiter.resolve(result);
    } else if (message[0] === 2) {
      const [, method, params] = message;
      const handler = this.handlers.get(method);
      if (handler) handler(params[0] || {});
    }
  }

  call(method, params = {}) {
    const msgid = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(msgid, { resolve, reject });
      this.ws.send(encode([0, msgid, method, [params]]));
    });
  }

  /** The msgid the next call will carry (a hint's search.info names it). */
  peekId() { return this.nextId; }

  on(method, handler) { this.handlers.set(method, handler); }
}
