import type { ComponentChildren } from "preact";
import type { Move } from "../protocol";
import { MoveLine } from "./Rules";

/** lineId is the id of a move's rule line, unique among the moves on a screen. */
export const lineId = (m: Move, key = ""): string => `line-${m.type}${key ? `-${key}` : ""}`.replace(/[^A-Za-z0-9_-]/g, "_");

/**
 * MoveChoice is one legal move as a button with the line that says what it
 * does beside it (the rules reference's line for the move's type, spoken as
 * the button's description). Every game's action bar and decision panels use
 * it, so the rule line stands beside the moves of every game.
 */
export function MoveChoice({
  game,
  m,
  send,
  busy,
  class: cls = "",
  lineKey,
  label,
  children,
}: {
  game: string;
  m: Move;
  send: (m: Move) => void;
  busy: boolean;
  class?: string;
  /** tells apart the lines of several moves of one type on a screen */
  lineKey?: string;
  /** the button's spoken name, where it says more than its text */
  label?: string;
  children: ComponentChildren;
}) {
  const id = lineId(m, lineKey);
  return (
    <span class="move-choice">
      <button type="button" class={cls} disabled={busy} onClick={() => send(m)} data-move={m.type} aria-label={label} aria-describedby={id}>
        {children}
      </button>
      <MoveLine game={game} type={m.type} id={id} />
    </span>
  );
}
