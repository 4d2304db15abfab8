import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Link, type LinkStatus } from "../src/connection";
import type { ServerMessage } from "../src/protocol";

/** FakeSocket stands in for the browser's WebSocket. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(s);
  }
  close() {
    this.drop(1000);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006, reason = "") {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code, reason });
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

describe("Link", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal("WebSocket", FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("reconnects by itself after a drop and says so", () => {
    const statuses: LinkStatus[] = [];
    const messages: ServerMessage[] = [];
    const link = new Link("ws://x/ws?table=t", { message: (m) => messages.push(m), status: (s) => statuses.push(s) });
    last().open();
    last().receive({ t: "state", v: 4, d: {} });
    expect(link.version).toBe(4);
    last().drop();
    expect(statuses).toEqual(["connecting", "open", "reconnecting"]);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1000); // the first retry waits at most 625 ms
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(statuses[statuses.length - 1]).toBe("open");
    expect(messages).toHaveLength(1);
    link.close();
  });

  it("keeps retrying with growing waits while the server is away", () => {
    const link = new Link("ws://x/ws", { message: () => {}, status: () => {} });
    for (let i = 0; i < 5; i++) {
      last().drop();
      vi.advanceTimersByTime(12_000);
    }
    expect(FakeSocket.all).toHaveLength(6);
    link.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(6); // closed: no more attempts
  });

  it("stops on a policy close and reports why", () => {
    const fatal = vi.fn();
    const statuses: LinkStatus[] = [];
    new Link("ws://x/ws", { message: () => {}, status: (s) => statuses.push(s), fatal });
    last().open();
    last().drop(1008, "the host removed you from this table");
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(fatal).toHaveBeenCalledWith("the host removed you from this table");
    expect(statuses[statuses.length - 1]).toBe("gone");
  });

  it("sends only while open, and pings to keep the line alive", () => {
    const link = new Link("ws://x/ws", { message: () => {}, status: () => {} });
    expect(link.send("x")).toBe(false);
    last().open();
    expect(link.send("y")).toBe(true);
    vi.advanceTimersByTime(15_000);
    expect(last().sent.map((s) => (s.startsWith("{") ? JSON.parse(s).t : s))).toEqual(["y", "ping"]);
    link.close();
  });

  it("drops a socket that has gone silent and starts over", () => {
    const link = new Link("ws://x/ws", { message: () => {}, status: () => {} });
    last().open();
    vi.advanceTimersByTime(60_000); // no pong ever arrives
    expect(FakeSocket.all.length).toBeGreaterThan(1);
    link.close();
  });
});
