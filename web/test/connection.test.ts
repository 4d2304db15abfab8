import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Link, type LinkStatus } from "../src/connection";
import type { ServerMessage } from "../src/protocol";
import { emptyTable, reduce } from "../src/state";

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

  it("applies patches to the state it holds, and after a lost one asks for the whole state and carries on", () => {
    let table = emptyTable();
    const link = new Link("ws://x/ws?table=t", { message: (m) => (table = reduce(table, m)), status: () => {} });
    expect(last().url).toBe("ws://x/ws?table=t&patch=1");
    last().open();
    const whole = (v: number, f: number, cash: number) => ({
      t: "state",
      v,
      f,
      d: { view: { cash, hand: [1, 2] }, legal: [{ type: "roll" }], actors: [0], seat: 0, result: {}, events: [{ type: "x", seat: 0, text: `v${v}` }] },
    });
    const patch = (v: number, f: number, b: number, cash: number) => ({
      t: "patch",
      v,
      f,
      d: { b, p: { view: { cash: [cash] }, events: { "0": { text: [`v${v}`] } } } },
    });
    const cash = () => (table.game?.view as { cash: number } | undefined)?.cash;
    last().receive(whole(1, 1, 10));
    last().receive(patch(2, 2, 1, 20));
    expect([table.version, cash(), table.log.map((e) => e.text)]).toEqual([2, 20, ["v1", "v2"]]);
    // The patch of frame 3 is lost: the next names a frame the page does not hold.
    last().receive(patch(4, 4, 3, 40));
    expect(last().sent.map((s) => JSON.parse(s).t)).toEqual(["state"]);
    last().receive(patch(5, 5, 4, 50)); // still waiting: dropped, not asked again
    expect(last().sent).toHaveLength(1);
    expect(table.version).toBe(2);
    last().receive(whole(5, 5, 50));
    last().receive(patch(6, 6, 5, 60));
    expect([table.version, cash(), table.game?.legal]).toEqual([6, 60, [{ type: "roll" }]]);
    expect(link.version).toBe(6);
    // A new connection starts again from a whole state.
    last().drop();
    vi.advanceTimersByTime(1000);
    last().open();
    last().receive(patch(7, 7, 6, 70));
    expect(last().sent.map((s) => JSON.parse(s).t)).toEqual(["state"]);
    expect(table.version).toBe(6);
    link.close();
  });
});
