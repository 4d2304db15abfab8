// usePlay is the hook every game's play screen starts from, as boardgame.io's
// client hands each board its props: what the table's state says about this
// seat (who I am, what I may do, whether the game is over, whether the
// controls must wait), and the way to send a move. useFocusAfterMove keeps a
// keyboard player's place: when a move takes away the control they used, the
// focus goes to the first sensible control instead of the page's body.

import { useEffect, useRef } from "preact/hooks";
import type { GameState, LobbySeat, Move, Seat } from "../protocol";
import { isMyTurn, type TableData, type TableStore } from "../state";

/** Play is one seat's side of a game in progress, what every game screen needs. */
export interface Play {
  data: TableData;
  game: GameState;
  seats: LobbySeat[];
  /** each seat's color, by seat */
  colors: string[];
  /** this page's seat; -1 for someone watching */
  me: Seat;
  legal: Move[];
  over: boolean;
  /** the game waits on this seat */
  myTurn: boolean;
  /** a computer player stands in for this seat */
  away: boolean;
  /** a move is on its way or the link is down: the controls wait */
  busy: boolean;
  send: (m: Move) => void;
}

/** playOf reads a Play from the table's data; null before the game's first state. */
export function playOf(data: TableData, linkOpen: boolean, send: (m: Move) => void): Play | null {
  const game = data.game;
  if (!game) return null;
  const seats = data.lobby?.seats ?? [];
  const me = game.seat;
  return {
    data,
    game,
    seats,
    colors: seats.map((s) => s.color),
    me,
    legal: game.legal,
    over: game.result.over,
    myTurn: isMyTurn(game),
    away: me >= 0 && seats.some((s) => s.index === me && s.away),
    busy: data.pending || !linkOpen,
    send,
  };
}

/** usePlay is playOf over a live (or replayed) table's signals. */
export function usePlay(store: TableStore): Play | null {
  return playOf(store.data.value, store.link.value === "open", (m) => store.move(m));
}

/** What focus needs of an element: enough for the browser's and for a test's. */
export interface Focusable {
  disabled?: boolean;
  isConnected?: boolean;
  getClientRects(): { length: number };
  getAttribute(name: string): string | null;
  focus(options?: { preventScroll?: boolean }): void;
}

export interface Region {
  querySelectorAll(selector: string): ArrayLike<Focusable>;
  contains(other: unknown): boolean;
}

/**
 * FOCUS_ORDER is where the first sensible control is looked for, in order:
 * a panel the game marks as the decision to make now (data-decision), the
 * action bar, then the board and the panels beside it.
 */
export const FOCUS_ORDER = ["[data-decision]", ".action-bar", ".play-board", ".play-side"];

const CONTROLS = "button, a[href], input, select, textarea, [tabindex='0']";

/** usable says whether a control can take the focus: enabled, shown, not hidden from the keyboard. */
export function usable(el: Focusable): boolean {
  return !el.disabled && el.getAttribute("aria-disabled") !== "true" && el.getAttribute("tabindex") !== "-1" && el.getClientRects().length > 0;
}

/**
 * firstControl is the first usable control in root by FOCUS_ORDER, or null.
 * Inside the decision, a control marked data-first (a move, where the panel
 * shows cards to read before their moves, as Neko Harbour's) comes before the rest.
 */
export function firstControl(root: Region): Focusable | null {
  const where = [`${FOCUS_ORDER[0]} :is(${CONTROLS})[data-first]`, ...FOCUS_ORDER.map((w) => `${w} :is(${CONTROLS})`)];
  for (const sel of where) {
    const found = Array.from(root.querySelectorAll(sel)).find(usable);
    if (found) return found;
  }
  return null;
}

/** A play screen as the skip link sees it: its controls, and its turn line. */
export interface Screen extends Region {
  querySelector(selector: string): Focusable | null;
}

/**
 * skipTarget is where "Skip to your move" takes the focus: on this seat's
 * turn, the first control of the decision to make (firstControl); otherwise,
 * or when no control can take the focus, the turn line, which says whom the
 * table waits on.
 */
export function skipTarget(root: Screen, myTurn: boolean): Focusable | null {
  return (myTurn ? firstControl(root) : null) ?? root.querySelector("[data-testid='turn-line']");
}

/**
 * focusLost says whether the focus needs a new place after a move: it was
 * in the play screen, and now rests on the body, on an element the move took
 * away, or on a control the move disabled. An element the page focused on
 * purpose (an open dialog's heading) keeps it.
 */
export function focusLost(active: Focusable | null, body: unknown, wasInside: boolean): boolean {
  if (!wasInside) return false;
  return active === null || active === body || active.isConnected === false || active.disabled === true;
}

/** parked says whether the focus rests on the turn line, where the frame puts it while the table waits on others. */
export const parked = (active: Focusable | null) => active?.getAttribute("data-testid") === "turn-line";

/**
 * focusAfter is where the focus goes after a new version of the table, or
 * null to leave it: when the move took the focus away (focusLost), to the
 * decision to make on this seat's turn, else to the turn line, which says whom
 * the table waits on (skipTarget); when it rests on the turn line and the
 * turn has come to this seat, to the decision. Focus anywhere else (the chat,
 * the log, a board's place, a dialog) is never moved by others' moves.
 */
export function focusAfter(root: Screen, active: Focusable | null, body: unknown, wasInside: boolean, myTurn: boolean): Focusable | null {
  if (focusLost(active, body, wasInside)) return skipTarget(root, myTurn);
  if (myTurn && parked(active) && root.contains(active)) return firstControl(root);
  return null;
}

/**
 * useFocusAfterMove moves the focus by focusAfter after each new version of
 * the table. Focus elsewhere (the chat, a dialog, the address bar) is left alone.
 */
export function useFocusAfterMove(root: { current: HTMLElement | null }, version: number, myTurn: boolean): void {
  const inside = useRef(false);
  // A keyboard player is shown the control; a tap does not scroll the page to it.
  const keyboard = useRef(false);
  useEffect(() => {
    const track = (e: FocusEvent) => {
      inside.current = root.current?.contains(e.target as Node) ?? false;
    };
    const key = () => {
      keyboard.current = true;
    };
    const pointer = () => {
      keyboard.current = false;
    };
    document.addEventListener("focusin", track);
    document.addEventListener("keydown", key, true);
    document.addEventListener("pointerdown", pointer, true);
    return () => {
      document.removeEventListener("focusin", track);
      document.removeEventListener("keydown", key, true);
      document.removeEventListener("pointerdown", pointer, true);
    };
  }, []);
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const target = focusAfter(el, document.activeElement as HTMLElement | null, document.body, inside.current, myTurn);
    if (target && (target as unknown) !== document.activeElement) target.focus({ preventScroll: !keyboard.current });
  }, [version, myTurn]);
}

/**
 * useFocusStep follows a decision a game takes in steps on the page before
 * it sends the move (The Great Harbor's die, slot, split and confirm): when
 * step (the choices made so far, as a key) changes and the focus is in the
 * play screen or lost, the focus goes to next(), the first control of the
 * step now asked for (null: leave it; after the move, useFocusAfterMove
 * takes over). The page does not scroll for it.
 */
export function useFocusStep(step: string, next: () => HTMLElement | SVGElement | null): void {
  const last = useRef(step);
  useEffect(() => {
    if (last.current === step) return;
    last.current = step;
    const active = document.activeElement;
    if (active && active !== document.body && !active.closest(".play")) return;
    next()?.focus({ preventScroll: true });
  }, [step]);
}
