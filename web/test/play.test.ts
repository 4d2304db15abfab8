// The shared play frame's hook: what it reads of a seat from the table's
// data, and where it puts the focus after a move.

import { describe, expect, it } from "vitest";
import { FOCUS_ORDER, firstControl, focusAfter, focusLost, playOf, skipTarget, usable, type Focusable, type Region } from "../src/components/usePlay";
import { lineId } from "../src/components/MoveChoice";
import { decodeResult, type GameState, type Move } from "../src/protocol";
import { emptyTable, type TableData } from "../src/state";
import { lobby, seat } from "./fixtures";

const game = (p: Partial<GameState> = {}): GameState => ({
  view: {},
  legal: [{ type: "roll" }],
  actors: [1],
  seat: 1,
  result: decodeResult({}),
  events: [],
  deadline: 0,
  undo: false,
  ...p,
});

const table = (p: Partial<TableData> = {}): TableData => ({
  ...emptyTable(),
  lobby: lobby([seat(0, { color: "red" }), seat(1, { color: "blue", you: true })], { status: "playing" }),
  game: game(),
  ...p,
});

describe("playOf", () => {
  it("is null before the game's first state", () => {
    expect(playOf(emptyTable(), true, () => {})).toBeNull();
  });

  it("reads the seat, its colors, its moves and whether the game waits on it", () => {
    const p = playOf(table(), true, () => {})!;
    expect(p.me).toBe(1);
    expect(p.colors).toEqual(["red", "blue"]);
    expect(p.legal).toEqual([{ type: "roll" }]);
    expect(p.myTurn).toBe(true);
    expect(p.over).toBe(false);
    expect(p.away).toBe(false);
    expect(p.busy).toBe(false);
  });

  it("says the game is over from the result", () => {
    const p = playOf(table({ game: game({ result: decodeResult({ over: true, winners: [0] }) }) }), true, () => {})!;
    expect(p.over).toBe(true);
  });

  it("holds the controls while a move is on its way or the link is down", () => {
    expect(playOf(table({ pending: true }), true, () => {})!.busy).toBe(true);
    expect(playOf(table(), false, () => {})!.busy).toBe(true);
  });

  it("is not this seat's turn when the game waits on another, nor for someone watching", () => {
    expect(playOf(table({ game: game({ actors: [0] }) }), true, () => {})!.myTurn).toBe(false);
    const watching = playOf(table({ game: game({ seat: -1, actors: [0] }) }), true, () => {})!;
    expect(watching.me).toBe(-1);
    expect(watching.myTurn).toBe(false);
    expect(watching.away).toBe(false);
  });

  it("says when a computer player stands in for this seat, not for another", () => {
    const l = lobby([seat(0, { away: true }), seat(1, { you: true })], { status: "playing" });
    expect(playOf(table({ lobby: l }), true, () => {})!.away).toBe(false);
    const mine = lobby([seat(0), seat(1, { you: true, away: true })], { status: "playing" });
    expect(playOf(table({ lobby: mine }), true, () => {})!.away).toBe(true);
  });

  it("sends through the function it was given", () => {
    const sent: Move[] = [];
    playOf(table(), true, (m) => sent.push(m))!.send({ type: "end" });
    expect(sent).toEqual([{ type: "end" }]);
  });
});

/** control is an element as the focus sees it. */
function control(
  name: string,
  p: { disabled?: boolean; shown?: boolean; attrs?: Record<string, string>; connected?: boolean } = {},
): Focusable & { name: string } {
  return {
    name,
    disabled: p.disabled ?? false,
    isConnected: p.connected ?? true,
    getClientRects: () => ({ length: p.shown === false ? 0 : 1 }),
    getAttribute: (a) => p.attrs?.[a] ?? null,
    focus: () => {},
  };
}

/** region answers querySelectorAll by the part of FOCUS_ORDER the selector starts with. */
function region(parts: Record<string, Focusable[]>): Region {
  return {
    querySelectorAll: (sel: string) => parts[FOCUS_ORDER.find((w) => sel.startsWith(`${w} `)) ?? ""] ?? [],
    contains: () => true,
  };
}

describe("focus after a move", () => {
  it("takes a usable control only: enabled, shown, reachable by Tab", () => {
    expect(usable(control("a"))).toBe(true);
    expect(usable(control("a", { disabled: true }))).toBe(false);
    expect(usable(control("a", { shown: false }))).toBe(false);
    expect(usable(control("a", { attrs: { tabindex: "-1" } }))).toBe(false);
    expect(usable(control("a", { attrs: { "aria-disabled": "true" } }))).toBe(false);
  });

  it("prefers the decision the game marks, then the action bar, then the board, then the panels", () => {
    const die = control("first die");
    const roll = control("roll");
    const space = control("space");
    const chat = control("panel");
    expect(firstControl(region({ "[data-decision]": [die], ".action-bar": [roll], ".play-board": [space] }))).toBe(die);
    expect(firstControl(region({ ".action-bar": [roll], ".play-board": [space] }))).toBe(roll);
    expect(firstControl(region({ ".play-board": [space], ".play-side": [chat] }))).toBe(space);
    expect(firstControl(region({ ".play-side": [chat] }))).toBe(chat);
  });

  it("takes a decision's control marked data-first before the cards shown ahead of it", () => {
    const card = control("a card to read");
    const take = control("take the set");
    const root: Region = {
      querySelectorAll: (sel: string) => (sel.endsWith("[data-first]") ? [take] : sel.startsWith("[data-decision] ") ? [card, take] : []),
      contains: () => true,
    };
    expect(firstControl(root)).toBe(take);
  });

  it("passes over controls that cannot take the focus", () => {
    const end = control("end");
    expect(firstControl(region({ "[data-decision]": [control("busy", { disabled: true })], ".action-bar": [control("hidden", { shown: false }), end] }))).toBe(
      end,
    );
    expect(firstControl(region({}))).toBeNull();
  });

  it("moves the focus only when the move took it away from the play screen's control", () => {
    const body = control("body");
    const button = control("button");
    expect(focusLost(body, body, true)).toBe(true);
    expect(focusLost(null, body, true)).toBe(true);
    expect(focusLost(control("gone", { connected: false }), body, true)).toBe(true);
    expect(focusLost(control("now disabled", { disabled: true }), body, true)).toBe(true);
    expect(focusLost(button, body, true)).toBe(false);
    expect(focusLost(control("the rules dialog's heading", { attrs: { tabindex: "-1" } }), body, true)).toBe(false);
    // Focus that was elsewhere (the chat, the address bar, a page just loaded) is left alone.
    expect(focusLost(body, body, false)).toBe(false);
  });
});

describe("lineId", () => {
  it("names a move's rule line by its type, told apart by a key, as an id may be written", () => {
    expect(lineId({ type: "roll" })).toBe("line-roll");
    expect(lineId({ type: "steal" }, "2")).toBe("line-steal-2");
    expect(lineId({ type: "x y" }, "a:b")).toBe("line-x_y-a_b");
  });
});

describe("the skip link", () => {
  /** screen is a play screen with controls by region and a turn line. */
  const screen = (parts: Record<string, Focusable[]>, turnLine: Focusable) => ({
    ...region(parts),
    querySelector: (sel: string) => (sel === "[data-testid='turn-line']" ? turnLine : null),
  });

  it("takes the focus to the first control of the decision on this seat's turn", () => {
    const turn = control("turn line");
    const slot = control("open slot");
    expect(skipTarget(screen({ "[data-decision]": [control("busy", { disabled: true }), slot], ".play-side": [control("chat")] }, turn), true)).toBe(slot);
  });

  it("takes the focus to the turn line while the table waits on another", () => {
    const turn = control("turn line");
    expect(skipTarget(screen({ "[data-decision]": [control("die")] }, turn), false)).toBe(turn);
  });

  it("falls back to the turn line when no control of the turn can take the focus", () => {
    const turn = control("turn line");
    expect(skipTarget(screen({ ".action-bar": [control("hidden", { shown: false })] }, turn), true)).toBe(turn);
  });
});

describe("the focus after each move", () => {
  const screen = (parts: Record<string, Focusable[]>, turnLine: Focusable) => ({
    ...region(parts),
    querySelector: (sel: string) => (sel === "[data-testid='turn-line']" ? turnLine : null),
  });
  const body = control("body");
  const turn = control("turn line", { attrs: { "data-testid": "turn-line", tabindex: "-1" } });

  it("goes to the next decision when the person's move took their control and the turn goes on", () => {
    const buy = control("buy");
    expect(focusAfter(screen({ ".action-bar": [buy] }, turn), body, body, true, true)).toBe(buy);
    expect(focusAfter(screen({ ".action-bar": [buy] }, turn), control("roll", { connected: false }), body, true, true)).toBe(buy);
  });

  it("goes to the turn line when the person's move ended their turn", () => {
    expect(focusAfter(screen({ ".play-board": [control("space")] }, turn), body, body, true, false)).toBe(turn);
  });

  it("goes from the turn line to the decision when the turn comes back", () => {
    const roll = control("roll");
    expect(focusAfter(screen({ ".action-bar": [roll] }, turn), turn, body, true, true)).toBe(roll);
    // While others play, it stays on the turn line.
    expect(focusAfter(screen({ ".action-bar": [roll] }, turn), turn, body, true, false)).toBeNull();
  });

  it("is never taken by others' moves from where the person put it", () => {
    const chat = control("chat box");
    const space = control("a space on the board");
    expect(focusAfter(screen({ ".action-bar": [control("roll")] }, turn), chat, body, false, true)).toBeNull();
    expect(focusAfter(screen({ ".action-bar": [control("roll")] }, turn), space, body, true, true)).toBeNull();
    expect(focusAfter(screen({ ".action-bar": [control("roll")] }, turn), body, body, false, true)).toBeNull();
  });
});
