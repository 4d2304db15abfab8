import { useState } from "preact/hooks";
import { api, ApiError } from "../api";
import type { Lobby, LobbySeat, Seat } from "../protocol";
import type { TableStore } from "../state";
import { SeatBadge } from "./SeatBadge";

/** presenceText says in words how a seat is doing, so the strip never relies on colour or icons. */
export function presenceText(s: LobbySeat): string {
  if (s.kind === "bot") return "computer player";
  if (s.handed) return "a computer player has the seat";
  if (s.away) return s.connected ? "a computer player stands in" : "gone · a computer player stands in";
  return s.connected ? "connected" : "not connected";
}

/** watchers are the people at the table without a seat. */
export const watchers = (l: Lobby) => l.members.filter((m) => m.seat < 0);

function HostSeatActions({ lobby, seat, store }: { lobby: Lobby; seat: LobbySeat; store: TableStore }) {
  const [busy, setBusy] = useState(false);
  const run = async (what: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await what();
    } catch (e) {
      store.note("error", e instanceof ApiError ? e.message : "That did not work; try again.");
    } finally {
      setBusy(false);
    }
  };
  const name = seat.name || `Seat ${seat.index + 1}`;
  return (
    <span class="presence-actions">
      <button type="button" class="btn-small" disabled={busy} data-testid={`hand-${seat.index}`}
        onClick={() => run(() => api.hand(lobby.id, seat.index, !seat.handed))}
        aria-label={seat.handed ? `Give back ${name}'s seat to ${name}` : `Computer plays for ${name}`}>
        {seat.handed ? "Give back" : "Computer plays"}
      </button>
      {!seat.you ? (
        <button type="button" class="btn-small btn-quiet" disabled={busy}
          onClick={() => confirm(`Remove ${name} from the table? A computer player takes their seat for the rest of the game.`) && run(() => api.kick(lobby.id, seat.player))}
          aria-label={`Remove ${name} from the table`}>
          Remove
        </button>
      ) : null}
    </span>
  );
}

/**
 * Presence is the strip of who is at the table during play: each seat with
 * its connection, whose turn it is, and who is watching. The host also gets
 * the seat controls: a computer player for a seat and back, and removing a
 * person. With store undefined (the TV) it only shows.
 */
export function Presence({ lobby, store, actors, variant = "full" }: { lobby: Lobby; store?: TableStore; actors?: Seat[]; variant?: "full" | "strip" | "tv" }) {
  // The game state says whose turn it is as of the last move; the lobby's
  // list only as of the last lobby change.
  const waiting = actors ?? lobby.waiting;
  const seats = lobby.seats.filter((s) => s.kind !== "empty");
  const watching = watchers(lobby);
  const controls = store && variant === "full" && lobby.host && lobby.status === "playing";
  const big = variant === "tv";
  return (
    <section class={`presence presence-${variant}`} aria-label={variant === "full" ? "Players and seats" : "Who is at the table"} data-testid={`presence-${variant}`}>
      <ul>
        {seats.map((s) => {
          const turn = lobby.status === "playing" && waiting.includes(s.index);
          const gone = s.kind === "human" && !s.connected;
          return (
            <li key={s.index} class={`presence-seat ${gone ? "is-gone" : ""} ${turn ? "is-turn" : ""}`} data-seat={s.index} data-state={presenceText(s)}>
              <SeatBadge seat={s.index} color={s.color} size={big ? 28 : 22} />
              <span class="presence-name">
                {s.name}
                {s.you ? <span class="tag">you</span> : null}
              </span>
              <span class="presence-state">
                <span aria-hidden="true">{s.kind === "bot" || s.handed || s.away ? "⚙" : s.connected ? "●" : "○"} </span>
                <span class={variant !== "full" && (s.kind === "bot" || (s.connected && !s.away && !s.handed)) ? "sr-only" : ""}>{presenceText(s)}</span>
                {turn ? <strong class="presence-turn"> · {s.you ? "your" : "their"} turn</strong> : null}
              </span>
              {controls && s.kind === "human" ? <HostSeatActions lobby={lobby} seat={s} store={store} /> : null}
            </li>
          );
        })}
      </ul>
      {watching.length > 0 && variant !== "strip" ? (
        <p class="presence-watchers" data-testid="watchers">
          {lobby.host ? `Watching: ${watching.map((m) => `${m.name}${m.online ? "" : " (not connected)"}`).join(", ")}` : `${watching.length} watching`}
        </p>
      ) : null}
    </section>
  );
}
