// A WebSocket to the table that reconnects by itself. It reports its status so
// the screen can say "reconnecting"; on every (re)connect the server sends the
// full current lobby and view, so nothing needs to be replayed by the client.
// After that first view the server sends patches (it is told the page applies
// them); the Link turns each into the state it makes, so the rest of the page
// only ever sees whole states, and asks for the whole state again whenever a
// patch does not follow on from the one it holds. It pings the server every
// 15 s and drops a socket silent for 40 s (a phone that changed networks
// keeps a dead one open); a reconnect waits 0.5 s doubling to 8 s, with
// jitter, or goes at once when the browser says it is back online.

import { StateChain } from "./patch";
import { t } from "./i18n/i18n";
import { encodePing, encodeStateRequest, parseEnvelope, type ServerMessage, TableFrames } from "./protocol";

export type LinkStatus = "connecting" | "open" | "reconnecting" | "gone";

/** backoff is the wait before reconnect attempt n (from 0): 0.5 s doubling to 8 s, with jitter. */
export function backoff(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(8000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.75 + 0.5 * random()));
}

/** wsURL turns a path such as /ws?table=x into an absolute ws:// or wss:// URL for the page's host. */
export function wsURL(path: string, loc: { protocol: string; host: string }): string {
  return `${loc.protocol === "https:" ? "wss:" : "ws:"}//${loc.host}${path}`;
}

/** withPatches adds to a WebSocket URL that this page applies patches. */
export function withPatches(url: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}patch=1`;
}

export interface LinkHandlers {
  message(m: ServerMessage): void;
  status(s: LinkStatus, attempt: number): void;
  /** fatal is called when the server closed with a policy code: the table or code does not exist. */
  fatal?(reason: string): void;
}

const PING_EVERY = 15000;
const SILENCE_LIMIT = 40000;

export class Link {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private lastHeard = 0;
  private closed = false;
  private readonly chain = new StateChain();
  /** the table's frames, read with the game its lobby frame names */
  private frames = new TableFrames();
  version = 0;

  constructor(
    private readonly url: string,
    private readonly on: LinkHandlers,
    /** this client's public id, to find its own seat in lobby messages */
    private readonly me: () => string = () => "",
  ) {
    this.open();
    globalThis.addEventListener?.("online", this.retryNow);
  }

  /** send writes a frame if the socket is open; it reports whether it did. */
  send(frame: string): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(frame);
    return true;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    globalThis.removeEventListener?.("online", this.retryNow);
    this.ws?.close();
    this.ws = null;
  }

  private retryNow = (): void => {
    if (this.closed || this.ws?.readyState === WebSocket.OPEN) return;
    clearTimeout(this.timer);
    this.attempt = 0;
    this.open();
  };

  private open(): void {
    this.on.status(this.attempt === 0 ? "connecting" : "reconnecting", this.attempt);
    let ws: WebSocket;
    try {
      ws = new WebSocket(withPatches(this.url));
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    this.chain.reset();
    ws.onopen = () => {
      this.attempt = 0;
      this.lastHeard = Date.now();
      this.on.status("open", 0);
      clearInterval(this.pinger);
      this.pinger = setInterval(() => {
        if (Date.now() - this.lastHeard > SILENCE_LIMIT) {
          ws.close(); // a silent socket after a network change: start over
          return;
        }
        this.send(encodePing(this.version));
      }, PING_EVERY);
    };
    ws.onmessage = (e: MessageEvent) => {
      this.lastHeard = Date.now();
      if (typeof e.data !== "string" || this.ws !== ws) return;
      const raw = parseEnvelope(e.data);
      if (!raw) return;
      const { env, ask } = this.chain.take(raw);
      if (ask) this.send(encodeStateRequest(raw.v));
      const m = env && this.frames.decode(env, this.me());
      if (!m) return;
      this.version = m.v;
      this.on.message(m);
    };
    ws.onclose = (e: CloseEvent) => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pinger);
      if (this.closed) return;
      if (e.code === 1008 || e.code === 4004 || e.code === 4003) {
        this.closed = true;
        this.on.status("gone", 0);
        this.on.fatal?.(e.reason || t("status.unreachable"));
        return;
      }
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    const wait = backoff(this.attempt);
    this.attempt++;
    this.on.status("reconnecting", this.attempt);
    this.timer = setTimeout(() => this.open(), wait);
  }
}
