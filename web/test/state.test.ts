import { describe, expect, it } from "vitest";
import { backoff, wsURL } from "../src/connection";
import { decodeResult, type GameState, type ServerMessage } from "../src/protocol";
import { earlierBefore, emptyTable, isMyTurn, LOG_LIMIT, reduce } from "../src/state";
import { lobby } from "./fixtures";

const state = (v: number, events: string[], extra: Partial<GameState> = {}): ServerMessage => ({
  t: "state",
  v,
  d: {
    view: { v },
    legal: [],
    actors: [0],
    seat: 0,
    result: decodeResult({}),
    events: events.map((text) => ({ type: "x", seat: 0, text })),
    deadline: 0,
    undo: false,
    ...extra,
  },
});

describe("reduce", () => {
  it("appends the events of each new version to the log", () => {
    let s = emptyTable();
    s = reduce(s, state(1, ["a"]));
    s = reduce(s, state(2, ["b", "c"]));
    expect(s.log.map((e) => e.text)).toEqual(["a", "b", "c"]);
    expect(s.version).toBe(2);
  });

  it("does not repeat events when the same version comes again (reconnect, stale move)", () => {
    let s = reduce(emptyTable(), state(1, ["a"]));
    s = reduce(s, state(1, ["a"]));
    expect(s.log.map((e) => e.text)).toEqual(["a"]);
  });

  it("an error clears pending and raises a notice each time", () => {
    let s = { ...emptyTable(), pending: true };
    s = reduce(s, { t: "error", v: 0, d: { code: "illegal_move", message: "You must roll first.", rule: "HH-25" } });
    expect(s.pending).toBe(false);
    expect(s.notice).toMatchObject({ kind: "error", text: "You must roll first.", rule: "HH-25" });
    const seq = s.notice!.seq;
    s = reduce(s, { t: "error", v: 0, d: { code: "stale_version", message: "" } });
    expect(s.notice!.seq).toBe(seq + 1);
    expect(s.notice!.text).toMatch(/latest position/);
  });

  it("a state answers a pending move", () => {
    const s = reduce({ ...emptyTable(), pending: true }, state(3, []));
    expect(s.pending).toBe(false);
  });

  it("keeps the log bounded", () => {
    let s = emptyTable();
    for (let v = 0; v <= LOG_LIMIT + 20; v++) s = reduce(s, state(v, [`e${v}`]));
    expect(s.log.length).toBe(LOG_LIMIT);
    expect(s.log[s.log.length - 1]?.text).toBe(`e${LOG_LIMIT + 20}`);
    expect(s.logComplete).toBe(false);
    expect(earlierBefore(s)).toBe(21);
  });

  it("drops the oldest versions whole when the log is full", () => {
    let s = reduce(emptyTable(), state(0, ["setup"]));
    for (let v = 1; v <= LOG_LIMIT / 2; v++) s = reduce(s, state(v, [`a${v}`, `b${v}`]));
    s = reduce(s, state(LOG_LIMIT / 2 + 1, ["last"]));
    // 2 + 2 × LOG_LIMIT/2 events in all: the setup and the whole of move 1 go.
    expect(s.log.length).toBe(LOG_LIMIT - 1);
    expect(s.log[0]?.text).toBe("a2");
    expect(s.logFrom).toBe(2);
    expect(earlierBefore(s)).toBe(2);
  });

  it("marks the lobby finished when the result is over", () => {
    let s = reduce(emptyTable(), { t: "lobby", v: 0, d: lobby([], { status: "playing" }) });
    s = reduce(s, state(9, [], { result: decodeResult({ over: true, winners: 1 }) }));
    expect(s.lobby?.status).toBe("finished");
  });
});

describe("isMyTurn", () => {
  it("is true only when the game waits on this seat", () => {
    const g = reduce(emptyTable(), state(1, [])).game!;
    expect(isMyTurn(g)).toBe(true);
    expect(isMyTurn({ ...g, actors: [1] })).toBe(false);
    expect(isMyTurn({ ...g, seat: -1, actors: [0] })).toBe(false);
    expect(isMyTurn(null)).toBe(false);
  });
});

describe("connection helpers", () => {
  it("backs off exponentially up to 8 s", () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => backoff(n, mid))).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(backoff(0, () => 0)).toBe(375);
    expect(backoff(0, () => 1)).toBe(625);
  });

  it("builds ws and wss URLs from the page location", () => {
    expect(wsURL("/ws?table=a", { protocol: "http:", host: "127.0.0.1:8080" })).toBe("ws://127.0.0.1:8080/ws?table=a");
    expect(wsURL("/ws?tv=X", { protocol: "https:", host: "harbor.example" })).toBe("wss://harbor.example/ws?tv=X");
  });
});

describe("the whole log and the chat", () => {
  const page = (entries: [number, string[]][], from: number, to = entries[entries.length - 1]?.[0] ?? from): ServerMessage => ({
    t: "log",
    v: to,
    d: { entries: entries.map(([v, texts]) => ({ v, events: texts.map((text) => ({ type: "x", seat: 0, text })) })), from, to, complete: from === 0 },
  });
  const texts = (s: ReturnType<typeof emptyTable>) => s.log.map((e) => e.text);
  const line = (n: number, text: string) => ({ n, player: "p", name: "Ana", seat: 0, text, emoji: "", at: 0 });

  it("a reloaded page gets the latest part, then the earlier part in front, each move once", () => {
    let s = reduce(emptyTable(), state(5, ["e"]));
    s = reduce(
      s,
      page(
        [
          [3, ["c"]],
          [4, ["d"]],
          [5, ["e"]],
        ],
        3,
      ),
    );
    expect(s.log.map((e) => e.text)).toEqual(["c", "d", "e"]);
    expect(s.logComplete).toBe(false);
    expect(earlierBefore(s)).toBe(3);
    s = reduce(
      s,
      page(
        [
          [1, ["a"]],
          [2, ["b"]],
        ],
        0,
      ),
    );
    expect(s.log.map((e) => e.text)).toEqual(["a", "b", "c", "d", "e"]);
    expect(s.logVersions).toEqual([1, 2, 3, 4, 5]);
    expect(s.logComplete).toBe(true);
    s = reduce(s, state(6, ["f"]));
    expect(s.log.map((e) => e.text)).toEqual(["a", "b", "c", "d", "e", "f"]);
  });

  it("a state after the log frame of the same version adds nothing", () => {
    let s = reduce(
      emptyTable(),
      page(
        [
          [1, ["a"]],
          [2, ["b"]],
        ],
        0,
      ),
    );
    s = reduce(s, state(2, ["b"]));
    expect(s.log.map((e) => e.text)).toEqual(["a", "b"]);
  });

  it("an earlier page is asked for before the first version held, even one that told nothing", () => {
    let s = reduce(emptyTable(), state(40, ["m40"]));
    // versions 9 to 40; 9 and 10 told this viewer nothing
    s = reduce(
      s,
      page(
        [
          [11, ["m11"]],
          [40, ["m40"]],
        ],
        9,
        40,
      ),
    );
    expect(earlierBefore(s)).toBe(9);
    s = reduce(s, page([], 1, 8)); // nothing in 1 to 8 either
    expect(texts(s)).toEqual(["m11", "m40"]);
    expect(earlierBefore(s)).toBe(1);
    s = reduce(s, page([[0, ["setup"]]], 0, 0));
    expect(texts(s)).toEqual(["setup", "m11", "m40"]);
    expect(s.logComplete).toBe(true);
    expect(earlierBefore(s)).toBeNull();
  });

  it("a page that reconnects after a short absence keeps what it had, hints too, and adds only what it missed", () => {
    let s = reduce(emptyTable(), state(0, ["setup"]));
    for (let v = 1; v <= 50; v++) s = reduce(s, state(v, [`m${v}`]));
    s = reduce(s, { t: "note", v: 50, d: { type: "hint", seat: 0, text: "Ana asked" } });
    expect(s.logThrough).toBe(50);
    // Away for moves 51 to 54; the new connection's state is at 54, then its
    // log frame covers versions 23 to 54.
    s = reduce(s, state(54, ["m54"]));
    expect(s.logThrough).toBe(50);
    s = reduce(
      s,
      page(
        Array.from({ length: 32 }, (_, i): [number, string[]] => [23 + i, [`m${23 + i}`]]),
        23,
      ),
    );
    expect(texts(s)).toEqual(["setup", ...Array.from({ length: 50 }, (_, i) => `m${i + 1}`), "Ana asked", "m51", "m52", "m53", "m54"]);
    expect(s.logComplete).toBe(true);
    expect([s.logFrom, s.logThrough]).toEqual([0, 54]);
    s = reduce(s, state(55, ["m55"]));
    expect(texts(s).slice(-2)).toEqual(["m54", "m55"]);
    expect(s.logThrough).toBe(55);
  });

  it("a page that was away longer than the log frame reaches takes the frame in place of what it had", () => {
    let s = reduce(emptyTable(), state(0, ["setup"]));
    for (let v = 1; v <= 10; v++) s = reduce(s, state(v, [`m${v}`]));
    s = reduce(s, state(60, ["m60"]));
    s = reduce(
      s,
      page(
        Array.from({ length: 32 }, (_, i): [number, string[]] => [29 + i, [`m${29 + i}`]]),
        29,
      ),
    );
    expect(texts(s)).toEqual(Array.from({ length: 32 }, (_, i) => `m${29 + i}`));
    expect(s.logComplete).toBe(false);
    expect(earlierBefore(s)).toBe(29);
  });

  it("a log panel of a few lines asks for earlier moves only while it has fewer", () => {
    let s = reduce(emptyTable(), state(80, ["m80"]));
    s = reduce(
      s,
      page(
        Array.from({ length: 32 }, (_, i): [number, string[]] => [49 + i, [`m${49 + i}`]]),
        49,
      ),
    );
    expect(earlierBefore(s, 10)).toBeNull();
    expect(earlierBefore(s, 40)).toBe(49);
    expect(earlierBefore(s)).toBe(49);
  });

  it("chat lines arrive once; the lines of a connect are not news", () => {
    let s = reduce(emptyTable(), { t: "chat", v: 0, d: { lines: [line(1, "hi"), line(2, "yo")], all: true } });
    expect(s.chatBase).toBe(2);
    s = reduce(s, { t: "chat", v: 0, d: { lines: [line(3, "new")], all: false } });
    s = reduce(s, { t: "chat", v: 0, d: { lines: [line(3, "new")], all: false } });
    expect(s.chat.map((l) => l.text)).toEqual(["hi", "yo", "new"]);
    expect(s.chatBase).toBe(2);
  });
});
