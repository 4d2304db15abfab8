import { describe, expect, it } from "vitest";
import { decodeMyTables, type MyTable } from "../src/api";
import { mergeTables, orderTables, sinceWords, summary, timeLeft } from "../src/home";

const row = (id: string, over: Partial<MyTable> = {}): MyTable => ({
  id,
  game: "holdings",
  gameName: "Harbor Holdings",
  status: "playing",
  seat: 0,
  players: ["Ana", "Bo"],
  turn: ["Bo"],
  yourTurn: false,
  deadline: null,
  active: 0,
  movesSince: 0,
  lines: [],
  ...over,
});

const ids = (ts: MyTable[]) => ts.map((t) => t.id);

describe("the list of your tables", () => {
  it("puts your turn first, the nearest deadline first, then running games, lobbies, finished games", () => {
    const list = [
      row("done", { status: "finished", turn: [] }),
      row("lobby", { status: "lobby", turn: [] }),
      row("theirs"),
      row("mine-no-limit", { yourTurn: true, turn: ["Ana"] }),
      row("mine-later", { yourTurn: true, turn: ["Ana"], deadline: 5_000 }),
      row("theirs-2"),
      row("mine-soon", { yourTurn: true, turn: ["Ana"], deadline: 1_000 }),
    ];
    expect(ids(orderTables(list))).toEqual(["mine-soon", "mine-later", "mine-no-limit", "theirs", "theirs-2", "lobby", "done"]);
  });

  it("merges the remembered tables in once, in their place", () => {
    const server = [row("a"), row("b", { status: "lobby", turn: [] })];
    const remembered = [row("b", { status: "lobby" }), row("c", { yourTurn: true }), row("c"), row("d", { status: "finished" })];
    expect(ids(mergeTables(server, remembered))).toEqual(["c", "a", "b", "d"]);
  });

  it("says the time left in hours and minutes, or days and hours", () => {
    const now = 1_000_000;
    const min = 60_000;
    expect(timeLeft(now + (2 * 60 + 10) * min + 30_000, now)).toBe("2 h 10 min left");
    expect(timeLeft(now + 3 * 60 * min, now)).toBe("3 h 00 min left");
    expect(timeLeft(now + 45 * min, now)).toBe("45 min left");
    expect(timeLeft(now + 20_000, now)).toBe("under a minute left");
    expect(timeLeft(now + (24 + 4) * 60 * min, now)).toBe("28 h 00 min left");
    expect(timeLeft(now + 3 * 24 * 60 * min, now)).toBe("3 days left");
    expect(timeLeft(now - 1, now)).toBe("no time left");
  });

  it("counts the moves since you looked", () => {
    expect(sinceWords(0)).toBe("");
    expect(sinceWords(1)).toBe("1 move since you looked");
    expect(sinceWords(3)).toBe("3 moves since you looked");
  });

  it("sums a table up in one line", () => {
    expect(summary(row("a"))).toBe("Ana, Bo · Bo's turn");
    expect(summary(row("a", { yourTurn: true, turn: ["Ana"] }))).toBe("Ana, Bo · your turn");
    expect(summary(row("a", { status: "lobby", turn: [] }))).toBe("Ana, Bo · in the lobby");
    expect(summary(row("a", { status: "finished", turn: [] }))).toBe("Ana, Bo · the game is over");
  });

  it("decodes the server's list, leaving out what it cannot read", () => {
    const got = decodeMyTables({
      tables: [
        {
          id: "k3x9q2",
          game: "holdings",
          gameName: "Harbor Holdings",
          status: "playing",
          seat: 1,
          players: ["Ana", "Bo"],
          turn: ["Bo"],
          yourTurn: true,
          deadline: 1796300000000,
          active: 5,
          version: 41,
          movesSince: 3,
          lines: ["Ana took 2", 7],
        },
        "junk",
        { id: "z", status: "odd" },
      ],
    });
    expect(got).toEqual([
      row("k3x9q2", { seat: 1, yourTurn: true, deadline: 1796300000000, active: 5, movesSince: 3, lines: ["Ana took 2"] }),
      { ...row("z", { status: "lobby", game: "", gameName: "", seat: -1, players: [], turn: [] }) },
    ]);
    expect(decodeMyTables(null)).toEqual([]);
  });
});
