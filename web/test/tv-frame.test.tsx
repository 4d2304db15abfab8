// @vitest-environment happy-dom
// The TV's shared frame: it decides once whether the game is over (the
// engine's result) and draws the play or the end block from that; it draws
// the key to the game's icons; and it keeps the presence bar at the height of
// its tallest state from the start: each person's seat keeps the unseen
// room of its longest state under its words.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { freshRoot } from "./root";
import { lobby, seat } from "./fixtures";
import { LiveTable } from "../src/components/PlayFrame";
import { longestState, tvPresenceText } from "../src/components/Presence";
import { TvFrame, type TvGame, type TvParts } from "../src/components/TvFrame";
import { keyPages, TvKey } from "../src/components/TvKey";
import { loadLegend } from "../src/components/IconLegend";
import type { GameState, Lobby } from "../src/protocol";
import { emptyTable, TableStore } from "../src/state";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

const game = (over: boolean): GameState => ({
  view: { phase: "play" },
  legal: [],
  actors: over ? [] : [1],
  seat: -1,
  result: { over, winners: over ? [0] : [], places: [], scores: [], reason: "", turns: 3 },
  events: [],
  deadline: 0,
  undo: false,
});

const table = (over: boolean, l: Lobby) =>
  TableStore.offline({
    ...emptyTable(),
    lobby: l,
    game: game(over),
    log: [{ type: "move", seat: 1, text: "P1 moved" }],
    logVersions: [1],
  });

const playing = lobby([seat(0, { name: "Ana", host: true }), seat(1, { name: "Bo" }), seat(2, { kind: "bot", name: "Computer 3", player: "" })], {
  game: "neko",
  status: "playing",
});

/** parts is a game's TV parts, noting every TvGame the frame gives it. */
function parts(seen: TvGame[]): (tv: TvGame) => TvParts {
  return (tv) => {
    seen.push(tv);
    return {
      game: "neko",
      class: "xx-tv",
      turnLine: tv.over ? "It is over." : "Bo's turn",
      layout: { board: "xx-board", side: "xx-side tv-bar-room" },
      board: <p class="xx-drawn">board</p>,
      side: <p class="xx-panel">panel</p>,
      log: { limit: 3 },
      final: <p class="xx-final">final scores</p>,
    };
  };
}

const text = (sel: string) => root.querySelector(sel)?.textContent?.trim();

describe("TvFrame", () => {
  it("says it waits until the game has come", () => {
    render(<TvFrame store={TableStore.offline(emptyTable())} parts={parts([])} />, root);
    expect(text(".tv-wait")).toBe("Waiting for the game…");
  });

  it("draws the turn line, the game's panels, the log and the key while the game runs", () => {
    const seen: TvGame[] = [];
    render(<TvFrame store={table(false, playing)} parts={parts(seen)} />, root);
    expect(seen.map((t) => t.over)).toEqual([false]);
    expect(text('[data-testid="tv-turn"]')).toBe("Bo's turn");
    expect(root.querySelector(".tv")?.getAttribute("data-over")).toBe("false");
    expect(text(".xx-board")).toBe("board");
    expect(text(".xx-side .xx-panel")).toBe("panel");
    expect(text(".xx-side .log-lines")).toBe("P1 moved");
    expect(root.querySelector('.xx-side [data-testid="tv-key"]')).not.toBeNull();
    expect(root.querySelector('[data-testid="tv-final"]')).toBeNull();
  });

  it("decides the end from the engine's result alone and draws the end block in the side's place", () => {
    const seen: TvGame[] = [];
    render(<TvFrame store={table(true, playing)} parts={parts(seen)} />, root);
    expect(seen.map((t) => t.over)).toEqual([true]);
    expect(root.querySelector(".tv")?.className).toContain("tv-over");
    expect(text('.xx-side [data-testid="tv-final"]')).toBe("final scores");
    expect(root.querySelector(".xx-panel")).toBeNull();
    expect(root.querySelector(".log")).toBeNull();
    expect(root.querySelector('[data-testid="tv-key"]')).toBeNull();
  });

  it("draws the presence bar only at a live table", () => {
    render(<TvFrame store={table(false, playing)} parts={parts([])} />, root);
    expect(root.querySelector(".presence-tv")).toBeNull();
    render(
      <LiveTable.Provider value={true}>
        <TvFrame store={table(false, playing)} parts={parts([])} />
      </LiveTable.Provider>,
      root,
    );
    expect([...root.querySelectorAll(".presence-tv")].map((b) => b.getAttribute("data-testid"))).toEqual(["presence-tv"]);
  });
});

describe("the presence bar's reserved height", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps under each person's words the unseen room of their longest state, and none for a computer", () => {
    render(
      <LiveTable.Provider value={true}>
        <TvFrame store={table(false, playing)} parts={parts([])} />
      </LiveTable.Provider>,
      root,
    );
    const seats = [...root.querySelectorAll('[data-testid="presence-tv"] .presence-seat')];
    const rooms = seats.map((li) => li.querySelector(".presence-room")?.textContent ?? null);
    expect(rooms).toEqual([longestState(playing.seats[0]!, playing), longestState(playing.seats[1]!, playing), null]);
    expect(seats.map((li) => li.querySelector(".presence-room")?.getAttribute("aria-hidden") ?? null)).toEqual(["true", "true", null]);
    // The words themselves stay as they are: a connected person's for screen readers only.
    expect(seats[1]?.getAttribute("data-state")).toBe("connected");
  });

  it("is the longest of every state a person's seat can show", () => {
    const s = seat(1, { name: "Bo" });
    const longest = longestState(s, playing);
    const states = [
      tvPresenceText({ ...s, handed: true, handedBy: "p1" }, playing, 0),
      tvPresenceText({ ...s, handed: true, handedBy: "p0" }, playing, 0),
      tvPresenceText({ ...s, away: true, connected: false }, playing, 0),
      tvPresenceText({ ...s, held: true }, playing, 0),
      tvPresenceText({ ...s, connected: false, standIn: 90_000 }, playing, 0),
      tvPresenceText({ ...s, connected: false, standIn: 1 }, playing, 5_000),
      tvPresenceText(s, playing, 0),
    ];
    for (const st of states) expect(longest.length).toBeGreaterThanOrEqual(st.length);
    expect(states).toContain(longest);
  });

  it("says each state in words short enough for one line beside a name, naming nobody", () => {
    const long = "Anastasia Wolkenstein-Hartmann";
    const host = { ...playing, members: playing.members.map((m) => (m.id === playing.hostId ? { ...m, name: long } : m)) };
    const s = seat(1, { name: "Bo" });
    const words = {
      asked: tvPresenceText({ ...s, handed: true, handedBy: "p1" }, host, 0),
      host: tvPresenceText({ ...s, handed: true, handedBy: "p0" }, host, 0),
      gone: tvPresenceText({ ...s, away: true, connected: false }, host, 0),
      standing: tvPresenceText({ ...s, away: true }, host, 0),
      held: tvPresenceText({ ...s, held: true }, host, 0),
      counting: tvPresenceText({ ...s, connected: false, standIn: 43_000 }, host, 0),
      due: tvPresenceText({ ...s, connected: false, standIn: 1 }, host, 5_000),
      offline: tvPresenceText({ ...s, connected: false }, host, 0),
      online: tvPresenceText(s, host, 0),
    };
    expect(words).toEqual({
      asked: "handed over by them",
      host: "handed over by the host",
      gone: "gone · a computer plays",
      standing: "a computer stands in",
      held: "the table waits for them",
      counting: "offline · 43 s left",
      due: "offline · no time left",
      offline: "offline",
      online: "connected",
    });
    expect(longestState(s, host).length).toBeLessThanOrEqual(24);
  });

  it("sets --tv-bar-h on the page frame and holds the bar at its height", async () => {
    vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockImplementation(function (this: HTMLElement) {
      return this.classList.contains("presence-tv") ? 113 : 0;
    });
    const frame = document.createElement("div");
    frame.className = "tv-frame";
    root.appendChild(frame);
    await act(() => {
      render(
        <LiveTable.Provider value={true}>
          <TvFrame store={table(false, playing)} parts={parts([])} />
        </LiveTable.Provider>,
        frame,
      );
    });
    expect(frame.style.getPropertyValue("--tv-bar-h")).toBe("113px");
    expect(frame.querySelector<HTMLElement>('[data-testid="presence-tv"]')?.style.minHeight).toBe("113px");
    render(null, frame);
  });
});

describe("TvKey", () => {
  it("packs entries into pages no wider than the strip, in order", () => {
    expect(keyPages([100, 100, 100, 300, 50], 260, 20)).toEqual([[0, 1], [2], [3], [4]]);
    expect(keyPages([100, 100, 100], 340, 20)).toEqual([[0, 1, 2]]);
  });

  it("holds every entry on one page when nothing was measured", () => {
    expect(keyPages([10, 20, 30], 0)).toEqual([[0, 1, 2]]);
    expect(keyPages([], 0)).toEqual([]);
  });

  it("shows the game's legend, each icon with its name", async () => {
    const entries = await loadLegend("neko");
    await act(() => {
      render(<TvKey game="neko" />, root);
    });
    await vi.waitFor(() => expect(root.querySelector("[data-page]")).not.toBeNull());
    const names = [...root.querySelectorAll("[data-page] .tv-key-name")].map((n) => n.textContent);
    expect(names).toHaveLength(entries.length);
    expect(names).toEqual(entries.map((e) => e.name));
    expect(root.querySelector(".tv-key-measure")).toBeNull();
    expect(root.querySelector("[data-page]")?.getAttribute("aria-hidden")).toBeNull();
    expect(text("#tv-key-h")).toBe("Key");
  });

  it("has no strip for a game without a legend", () => {
    render(<TvKey game="nosuchgame" />, root);
    expect(root.querySelector('[data-testid="tv-key"]')).toBeNull();
  });
});
