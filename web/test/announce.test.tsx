// @vitest-environment happy-dom
// What a screen reader is told as the game goes on: one polite announcement
// for the moves since the last one, "Your turn" once when the turn comes to
// the person, nothing for the log a page opens with, and one announcement,
// not a storm, for a burst of moves.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Announcer } from "../src/components/Announcer";
import { switchLanguage } from "../src/i18n/i18n";
import { announce, heardNow, MAX_SAID, type Now, SETTLE_MS, spoken, useAnnouncements } from "../src/components/announce";
import type { GameEvent } from "../src/protocol";
import { freshRoot } from "./root";

const ev = (seat: number, text: string): GameEvent => ({ type: "x", seat, text });

/** table builds what the announcer reads from moves, each a version's log lines. */
function table(moves: [number, string[]][], myTurn: boolean, turnLine = "Round 1 · Your turn: roll the dice"): Now {
  const log: GameEvent[] = [];
  const logVersions: number[] = [];
  for (const [v, lines] of moves)
    for (const l of lines) {
      log.push(ev(0, l));
      logVersions.push(v);
    }
  return { version: moves.length ? moves[moves.length - 1]![0] : 0, log, logVersions, myTurn, turnLine };
}

describe("spoken", () => {
  it("words symbols and ends a sentence", () => {
    expect(spoken("Ana rolled 6 and 3")).toBe("Ana rolled 6 and 3.");
    expect(spoken("Round 2 · Bea's turn")).toBe("Round 2, Bea's turn.");
    expect(spoken("Ana traded 2 lumber → 1 ore")).toBe("Ana traded 2 lumber to 1 ore.");
    expect(spoken("Done!")).toBe("Done!");
    expect(spoken("  ")).toBe("");
  });
});

describe("announce", () => {
  it("says nothing of the log a page opens with", () => {
    const now = table(
      [
        [1, ["Ana rolled 6 and 3"]],
        [2, ["Ana ended their turn"]],
      ],
      false,
    );
    const a = announce(heardNow(now), now);
    expect(a.polite).toBeNull();
    expect(a.assertive).toBeNull();
  });

  it("says one move's lines as one announcement, each line a sentence", () => {
    const before = table([[1, ["Ana rolled 6 and 3"]]], true);
    const after = table(
      [
        [1, ["Ana rolled 6 and 3"]],
        [2, ["Ana moved to Rope Walk", "Ana paid 6 rent to Bea"]],
      ],
      true,
    );
    const a = announce(heardNow(before), after);
    expect(a.polite).toBe("Ana moved to Rope Walk. Ana paid 6 rent to Bea.");
    expect(a.assertive).toBeNull(); // still the same turn
    expect(announce(a.heard, after).polite).toBeNull(); // said once
  });

  it(`says up to ${MAX_SAID} moves in full, and a longer burst by its count and its last move`, () => {
    const start = table([[1, ["a"]]], false);
    const three = table(
      [
        [1, ["a"]],
        [2, ["b"]],
        [3, ["c"]],
        [4, ["d"]],
      ],
      false,
    );
    expect(announce(heardNow(start), three).polite).toBe("b. c. d.");
    const many = table([[1, ["a"]], ...Array.from({ length: 12 }, (_, i): [number, string[]] => [i + 2, [`move ${i + 2}`]])], false);
    expect(announce(heardNow(start), many).polite).toBe("12 moves were made. The last: move 13.");
  });

  it("says the earlier part of the log, fetched later, never", () => {
    const now = table(
      [
        [9, ["i"]],
        [10, ["j"]],
      ],
      false,
    );
    const heard = heardNow(now);
    const older = { ...now, log: [ev(0, "a"), ...now.log], logVersions: [1, ...now.logVersions] };
    expect(announce(heard, older).polite).toBeNull();
  });

  it("says Your turn, assertively, when the turn comes to the person, once", () => {
    const theirs = table([[1, ["Bea ended their turn"]]], false);
    const mine = table(
      [
        [1, ["Bea ended their turn"]],
        [2, ["Cy ended their turn"]],
      ],
      true,
      "Round 2 · Your turn: roll the dice",
    );
    const a = announce(heardNow(theirs), mine);
    expect(a.assertive).toBe("Your turn. Round 2, roll the dice.");
    expect(a.polite).toBe("Cy ended their turn.");
    const next = table(
      [
        [1, ["Bea ended their turn"]],
        [2, ["Cy ended their turn"]],
        [3, ["Ana rolled 1 and 2"]],
      ],
      true,
    );
    expect(announce(a.heard, next).assertive).toBeNull();
  });

  it("leaves out the turn line's own \"Your turn:\" in the reader's language", async () => {
    const theirs = table([[1, ["Bea"]]], false);
    await switchLanguage("de");
    try {
      const a = announce(heardNow(theirs), table([[2, ["Cy"]]], true, "Periode 2 · Du bist dran: Spalte 1 ist aktiv"));
      expect(a.assertive).toBe("Du bist dran. Periode 2, Spalte 1 ist aktiv.");
    } finally {
      await switchLanguage("en");
    }
  });

  it("says Your turn when others played in between, though it was the person's turn at both ends", () => {
    const heard = heardNow(table([[1, ["a"]]], true));
    const later: [number, string[]][] = [
      [1, ["a"]],
      [2, ["Ana ended"]],
      [3, ["Bea ended"]],
    ];
    expect(announce(heard, table(later, true), true).assertive).toMatch(/^Your turn/);
    expect(announce(heard, table(later.slice(0, 2), true), false).assertive).toBeNull();
  });
});

describe("useAnnouncements", () => {
  let root: HTMLElement;
  freshRoot((el) => {
    root = el;
  });
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function Frame({ now, on = true }: { now: Now; on?: boolean }) {
    return <Announcer said={useAnnouncements(now, on)} />;
  }
  const polite = () => root.querySelector("[data-testid='announce-polite']")!.textContent;
  const assertive = () => root.querySelector("[data-testid='announce-assertive']")!.textContent;

  /** play draws the frame at each of the tables in turn, with no pause between them, then lets the table settle. */
  async function play(nows: Now[], on = true) {
    for (const now of nows) await act(() => render(<Frame now={now} on={on} />, root));
    await act(() => {
      vi.advanceTimersByTime(SETTLE_MS);
    });
  }

  it("is silent when the page opens, then says each move once the table settles", async () => {
    const first = table([[1, ["Ana rolled 6 and 3"]]], true);
    await play([first]);
    expect(polite()).toBe("");
    expect(assertive()).toBe("");
    const second = table(
      [
        [1, ["Ana rolled 6 and 3"]],
        [2, ["Ana bought Gull Street"]],
      ],
      true,
    );
    await act(() => render(<Frame now={second} />, root));
    expect(polite()).toBe(""); // not before the table settles
    await act(() => {
      vi.advanceTimersByTime(SETTLE_MS);
    });
    expect(polite()).toBe("Ana bought Gull Street.");
    // The same state drawn again says nothing new.
    await play([second]);
    expect(root.querySelectorAll("[data-testid='announce-polite'] p")).toHaveLength(1);
  });

  it("makes one announcement of a burst of versions, and one Your turn", async () => {
    const moves: [number, string[]][] = [[1, ["Ana ended their turn"]]];
    await play([table(moves, false)]);
    const burst: Now[] = [];
    for (let v = 2; v <= 9; v++) {
      moves.push([v, [`Bea move ${v}`]]);
      burst.push(table([...moves], v === 9));
    }
    const seen: string[] = [];
    const watch = new MutationObserver(() => seen.push(`${polite()}|${assertive()}`));
    watch.observe(root, { subtree: true, childList: true, characterData: true });
    await play(burst);
    watch.disconnect();
    expect(polite()).toBe("8 moves were made. The last: Bea move 9.");
    expect(assertive()).toBe("Your turn. Round 1, roll the dice.");
    expect(new Set(seen).size).toBe(1); // both regions changed in one go, once
  });

  it("says nothing in a replay", async () => {
    await play(
      [
        table([[1, ["a"]]], false),
        table(
          [
            [1, ["a"]],
            [2, ["b"]],
          ],
          true,
        ),
      ],
      false,
    );
    expect(polite()).toBe("");
    expect(assertive()).toBe("");
  });
});
