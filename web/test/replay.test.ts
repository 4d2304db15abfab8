import { describe, expect, it } from "vitest";
import { decodePosition } from "../src/protocol";
import { clampAt, fileLobby, logLines, positionData, startAt } from "../src/replay";
import { href, parseRoute } from "../src/router";
import { lobby, seat } from "./fixtures";

const pos = (at: number, over = false) =>
  decodePosition({
    at,
    total: 10,
    view: { who: "public", at },
    seats: [{ who: 0 }, { who: 1 }],
    actors: [1],
    events: [{ type: "roll", seat: 1, text: "Bo rolled" }],
    result: { over },
  });

describe("replay", () => {
  it("starts where the address says, or at the end", () => {
    expect(startAt("?at=12")).toBe(12);
    expect(startAt("?at=0")).toBe(0);
    expect(startAt("")).toBe(-1);
    expect(startAt("?at=-3")).toBe(-1);
    expect(startAt("?at=x")).toBe(-1);
  });

  it("keeps a step within the game", () => {
    expect(clampAt(-1, 10)).toBe(0);
    expect(clampAt(11, 10)).toBe(10);
    expect(clampAt(4.7, 10)).toBe(4);
  });

  it("has a route per source, and back", () => {
    expect(parseRoute("/t/abc/replay", "")).toEqual({ name: "replay", id: "abc" });
    expect(parseRoute("/tv/TV12/replay", "")).toEqual({ name: "tvReplay", code: "TV12" });
    expect(parseRoute("/replay", "")).toEqual({ name: "replayFile" });
    expect(parseRoute("/t/abc", "")).toEqual({ name: "table", id: "abc" });
    expect(href({ name: "replay", id: "abc" })).toBe("/t/abc/replay");
    expect(href({ name: "tvReplay", code: "TV12" })).toBe("/tv/TV12/replay");
  });

  it("lists one line per move, each leading to the position after it", () => {
    const lines = logLines([
      {
        events: [
          { type: "roll", seat: 0, text: "Ana rolled" },
          { type: "move", seat: 0, text: "to the Gate" },
        ],
      },
      { events: [] },
    ]);
    expect(lines.map((l) => [l.at, l.text])).toEqual([
      [1, "Ana rolled to the Gate"],
      [2, "A move"],
    ]);
  });

  it("marks the move a take-back undid, and only that one", () => {
    const move = (text: string) => ({ events: [{ type: "buy", seat: 1, text }] });
    const undo = { events: [{ type: "undo", seat: 1, text: "Bo took back their last move" }] };
    const lines = logLines([move("Bo bought Anchor Street"), undo, move("Computer for Bo: Bo bought Anchor Street"), move("Bo ended their turn")]);
    expect(lines.map((l) => l.undone)).toEqual([true, false, false, false]);
  });

  it("shows a position as table data with nothing to do", () => {
    const l = lobby([seat(0, { name: "Ana" }), seat(1, { name: "Bo" })], { status: "finished" });
    const log = logLines([
      { events: [{ type: "a", seat: 0, text: "one" }] },
      { events: [{ type: "b", seat: 1, text: "two" }] },
      { events: [{ type: "c", seat: 0, text: "three" }] },
    ]);
    const d = positionData(l, pos(2), -1, log);
    expect(d.game?.view).toEqual({ who: "public", at: 2 });
    expect(d.game?.legal).toEqual([]);
    expect(d.game?.seat).toBe(-1);
    expect(d.lobby?.status).toBe("playing");
    expect(d.log.map((e) => e.text)).toEqual(["one", "two"]);
    expect(d.logVersions).toEqual([1, 2]);
    const asBo = positionData(l, pos(10, true), 1, log);
    expect(asBo.game?.view).toEqual({ who: 1 });
    expect(asBo.lobby?.you).toBe(1);
    expect(asBo.lobby?.seats[1]?.you).toBe(true);
    expect(asBo.lobby?.status).toBe("finished");
  });

  it("reads a game file's players, and refuses what is not one", () => {
    const l = fileLobby({ game: "holdings", config: { players: [{ name: "Ana" }, { name: "Computer 2", bot: true }] } }, "Harbor Holdings");
    expect(l?.seats.map((s) => [s.name, s.kind])).toEqual([
      ["Ana", "human"],
      ["Computer 2", "bot"],
    ]);
    expect(fileLobby({ config: {} }, "")).toBeNull();
    expect(fileLobby("nonsense", "")).toBeNull();
  });
});
