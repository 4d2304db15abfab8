import { describe, expect, it } from "vitest";
import { decode, decodeLobby, encodeBack, encodeMove, encodePing, sameMove, seatList } from "../src/protocol";

describe("seatList", () => {
  it.each([
    [0, []],
    [1, [0]],
    [0b101, [0, 2]],
    [0b111000, [3, 4, 5]],
    [
      [2, 0],
      [2, 0],
    ],
    [null, []],
    [[-1, 3], [3]],
  ])("reads %j as %j", (raw, want) => {
    expect(seatList(raw)).toEqual(want);
  });
});

describe("decode", () => {
  it("refuses frames that are not envelopes", () => {
    expect(decode("not json")).toBeNull();
    expect(decode("[1,2]")).toBeNull();
    expect(decode('{"v":1}')).toBeNull();
    expect(decode('{"t":"mystery","v":1,"d":{}}')).toBeNull();
  });

  it("decodes a state with a seat-set of actors and a result", () => {
    const m = decode(
      JSON.stringify({
        t: "state",
        v: 7,
        d: {
          view: { turn: 1 },
          legal: [{ type: "roll" }, { nope: true }],
          actors: 2,
          seat: 1,
          result: { over: true, winners: 0b11, places: [1, 1], scores: [1800, 1800], reason: "round_limit", turns: 40 },
          events: [{ type: "roll", seat: 1, text: "Bo rolled 3 and 4", data: { dice: [3, 4] } }],
        },
      }),
    );
    expect(m?.t).toBe("state");
    if (m?.t !== "state") return;
    expect(m.v).toBe(7);
    expect(m.d.legal).toEqual([{ type: "roll" }]);
    expect(m.d.actors).toEqual([1]);
    expect(m.d.seat).toBe(1);
    expect(m.d.result).toEqual({ over: true, winners: [0, 1], places: [1, 1], scores: [1800, 1800], reason: "round_limit", turns: 40 });
    expect(m.d.events[0]?.text).toBe("Bo rolled 3 and 4");
  });

  it("decodes an error, nested or flat", () => {
    const a = decode('{"t":"error","v":3,"d":{"code":"illegal_move","message":"You must roll first.","rule":"HH-25"}}');
    expect(a).toEqual({ t: "error", v: 3, d: { code: "illegal_move", message: "You must roll first.", rule: "HH-25" } });
    const b = decode('{"t":"error","v":3,"d":{"error":{"code":"stale_version","message":"old"}}}');
    expect(b?.d).toEqual({ code: "stale_version", message: "old" });
  });

  it("state defaults: public seat, empty legal moves", () => {
    const m = decode('{"t":"state","v":0,"d":{}}');
    if (m?.t !== "state") throw new Error("not a state");
    expect(m.d.seat).toBe(-1);
    expect(m.d.legal).toEqual([]);
    expect(m.d.result.over).toBe(false);
  });

  it("reads events in the short form, the game's ids and words from their dot, into the long form", () => {
    const frame = JSON.stringify({
      t: "log",
      v: 7,
      d: {
        entries: [
          {
            v: 7,
            events: [
              ["move", 1, { "@": ".moved", place: ".space.southFerry", who: "\\.Bo", all: [".bank", "Cy", { "@": "table.aMove" }] }, { from: 9, to: 17 }],
              ["undo", 0, { "@": "table.standIn", line: { "@": ".ended", who: "Ana" }, who: "Ana" }],
              ["x", -1, "a line"],
            ],
          },
        ],
        complete: true,
      },
    });
    const m = decode(frame, "", "holdings");
    if (m?.t !== "log") throw new Error("not a log frame");
    const [move, standIn, plain] = m.d.entries[0]!.events;
    expect(move).toEqual({
      type: "move",
      seat: 1,
      text: "",
      msg: {
        id: "holdings.moved",
        v: { place: { id: "holdings.space.southFerry" }, who: ".Bo", all: [{ id: "holdings.bank" }, "Cy", { id: "table.aMove" }] },
      },
      data: { from: 9, to: 17 },
    });
    expect(standIn?.msg).toEqual({ id: "table.standIn", v: { line: { id: "holdings.ended", v: { who: "Ana" } }, who: "Ana" } });
    expect(plain).toEqual({ type: "x", seat: -1, text: "a line" });
  });

  it("reads a counted word, its id and its n, from its dot", () => {
    const frame = JSON.stringify({
      t: "log",
      v: 2,
      d: { entries: [{ v: 2, events: [["offer", 0, { "@": ".offers", give: ".amount.brick#2", get: ".amount.ore#-1", to: ".x#y" }]] }], complete: true },
    });
    const m = decode(frame, "", "harborfall");
    if (m?.t !== "log") throw new Error("not a log frame");
    expect(m.d.entries[0]!.events[0]?.msg).toEqual({
      id: "harborfall.offers",
      v: { give: { id: "harborfall.amount.brick", v: { n: 2 } }, get: { id: "harborfall.amount.ore", v: { n: -1 } }, to: { id: "harborfall.x#y" } },
    });
  });

  it("puts back the names a state leaves out of its events, and takes away an empty one", () => {
    const state = {
      names: ["Ana", "Bo"],
      events: [
        ["roll", 1, { "@": ".rolled", a: 3, b: 4 }, [3, 4]],
        ["take", 0, { "@": ".youTook", n: 1, who: "" }],
        ["end", 0, { "@": ".ended", who: "" }],
        ["trade", 0, { "@": ".paid", n: 5, to: "Bo", who: "Bo" }],
        ["order", -1, { "@": ".order", who: "Ana" }],
        ["x", 1, "a line"],
      ],
    };
    const m = decode(JSON.stringify({ t: "state", v: 2, d: state }), "", "holdings");
    if (m?.t !== "state") throw new Error("not a state");
    expect(m.d.events.map((e) => e.msg ?? e.text)).toEqual([
      { id: "holdings.rolled", v: { a: 3, b: 4, who: "Bo" } },
      { id: "holdings.youTook", v: { n: 1 } },
      { id: "holdings.ended" },
      { id: "holdings.paid", v: { n: 5, to: "Bo", who: "Bo" } },
      { id: "holdings.order", v: { who: "Ana" } },
      "a line",
    ]);
  });

  it("keeps a string from a dot a name in a message's long form", () => {
    const m = decode('{"t":"hint","v":3,"d":{"move":{"type":"end"},"reason":{"id":"holdings.hintEnd","v":{"who":".Bo"}}}}', "", "holdings");
    expect(m?.t === "hint" && m.d.reason).toEqual({ id: "holdings.hintEnd", v: { who: ".Bo" } });
  });

  it("decodes a log frame with the versions it covers", () => {
    const m = decode('{"t":"log","v":40,"d":{"entries":[{"v":11,"events":[{"type":"take","seat":1,"text":"Bo took 1"}]}],"from":9,"to":40,"complete":false}}');
    expect(m).toEqual({
      t: "log",
      v: 40,
      d: { entries: [{ v: 11, events: [{ type: "take", seat: 1, text: "Bo took 1" }] }], from: 9, to: 40, complete: false },
    });
    // Without from and to, the entries say what the frame covers.
    const old = decode('{"t":"log","v":5,"d":{"entries":[{"v":3,"events":[]},{"v":5,"events":[]}],"complete":false}}');
    if (old?.t !== "log") throw new Error("not a log frame");
    expect([old.d.from, old.d.to]).toEqual([3, 5]);
  });
});

describe("decodeLobby", () => {
  // The server's LobbyView (table/view.go): people are named by public id.
  const wire = {
    id: "t1",
    game: "holdings",
    gameName: "Harbor Holdings",
    options: null,
    turnSeconds: 30,
    status: "lobby",
    invite: "inv-long",
    code: "ABCDEF",
    tv: "TV99TV99",
    host: "aaa",
    members: [],
    seats: [
      { kind: "human", player: "aaa", name: "Ana", color: "red", ready: false, online: true },
      { kind: "human", player: "bbb", name: "Bo", color: "blue", ready: true, online: false },
      { kind: "bot", name: "Computer 3", color: "green", ready: true, online: false },
      { kind: "", ready: false, online: false },
    ],
    version: 0,
  };

  it("reads how many seats the game starts with, which the lobby's start button needs before the games' list", () => {
    expect(decodeLobby({ ...wire, minPlayers: 2, maxPlayers: 6 }, "aaa")).toMatchObject({ minSeats: 2, maxSeats: 6 });
  });

  it("reads seats, codes and the host, and finds this client by its public id", () => {
    const l = decodeLobby(wire, "bbb");
    expect(l).toMatchObject({
      id: "t1",
      gameName: "Harbor Holdings",
      code: "ABCDEF",
      tvCode: "TV99TV99",
      invite: "inv-long",
      turnSeconds: 30,
      host: false,
      you: 1,
      hostId: "aaa",
    });
    expect(l.seats.map((s) => s.kind)).toEqual(["human", "human", "bot", "empty"]);
    expect(l.seats[0]).toMatchObject({ host: true, you: false, connected: true, color: "red" });
    expect(l.seats[1]).toMatchObject({ you: true, ready: true, connected: false });
    expect(l.seats[2]).toMatchObject({ ready: true, connected: true, you: false });
  });

  it("knows the host and a watcher", () => {
    expect(decodeLobby(wire, "aaa")).toMatchObject({ host: true, you: 0 });
    expect(decodeLobby(wire, "zzz")).toMatchObject({ host: false, you: -1 });
    expect(decodeLobby({ ...wire, status: "playing" }).status).toBe("playing");
  });

  it("reads the pace and the turn's deadline, live when the server names none", () => {
    expect(decodeLobby(wire)).toMatchObject({ pace: { mode: "live" }, deadline: 0 });
    const own = decodeLobby({ ...wire, status: "playing", pace: { mode: "own", limit: 43200, rule: "skip" }, deadline: 1796000000000 });
    expect(own.pace).toEqual({ mode: "own", limit: 43200, rule: "skip" });
    expect(own.deadline).toBe(1796000000000);
    expect(decodeLobby({ ...wire, pace: { mode: "own", limit: 3600, rule: "?" } }).pace.rule).toBe("computer");
  });
});

describe("encode", () => {
  it("wraps a move in an envelope with the version seen", () => {
    expect(JSON.parse(encodeMove({ type: "improve", space: 3 }, 12))).toEqual({ t: "move", v: 12, d: { type: "improve", space: 3 } });
    expect(JSON.parse(encodePing(4))).toEqual({ t: "ping", v: 4, d: {} });
    expect(JSON.parse(encodeBack(5))).toEqual({ t: "back", v: 5, d: {} });
  });

  it("compares moves field by field", () => {
    expect(sameMove({ type: "improve", space: 3 }, { space: 3, type: "improve" })).toBe(true);
    expect(sameMove({ type: "improve", space: 3 }, { type: "improve", space: 4 })).toBe(false);
  });
});
