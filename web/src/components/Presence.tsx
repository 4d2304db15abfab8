// Who is at the table during play, on every page and the TV, from the
// lobby's seats: each seat's connection, whose turn it is, who handed a seat
// to a computer player and the countdown to a stand-in for a lost connection
// (the lobby's standIn), and who watches. The full strip also carries the
// seat controls (HandOver from SeatHandover.tsx): "Computer plays for me" on
// one's own seat, and the host's "Computer plays", "Give back" and "Remove"
// on anyone's. The TV's variant
// says a state in a few words (tvPresenceText) and keeps each seat the room of
// its longest state (longestState), so the TV's bar never changes height.

import type { Lobby, LobbySeat, Seat } from "../protocol";
import { handedState, standInSeconds, standInState } from "../seats";
import type { TableStore } from "../state";
import { api } from "../api";
import { useNow } from "./Countdown";
import { HandOver, useRequest } from "./SeatHandover";
import { SeatBadge } from "./SeatBadge";
import { formatList, t } from "../i18n/i18n";

/**
 * presenceText says in words how a seat is doing, so the strip never relies
 * on color or icons: who a handed seat was given away by, and the countdown
 * to a computer player standing in for a lost connection (at now, Unix ms).
 */
export function presenceText(s: LobbySeat, l: Lobby, now: number): string {
  if (s.kind === "bot") return t("presence.computer");
  if (s.handed) return handedState(l, s);
  if (s.away) return t(s.connected ? "presence.standsIn" : "presence.goneStandsIn");
  if (s.held) return t(s.you ? "presence.heldYou" : "presence.heldThem");
  return standInState(s, now) ?? t(s.connected ? "presence.connected" : "presence.notConnected");
}

/**
 * tvPresenceText says the same in the few words a TV's bar has room for,
 * read from across a room: a seat's state fits its line beside a name of
 * the longest, and the seat's mark (a cog for a computer player) says who
 * plays it. The phones name who handed a seat over and what the countdown
 * leads to; the TV says whether it was the person or the host, and the
 * seconds left.
 */
export function tvPresenceText(s: LobbySeat, l: Lobby, now: number): string {
  if (s.kind === "bot") return t("presence.computer");
  if (s.handed) return t((s.handedBy || l.hostId) === s.player ? "presence.tvHandedThem" : "presence.tvHandedHost");
  if (s.away) return t(s.connected ? "presence.tvStandsIn" : "presence.tvGone");
  if (s.held) return t("presence.tvHeld");
  const left = standInSeconds(s, now);
  if (left !== null) return left > 0 ? t("presence.tvLeft", { s: left }) : t("presence.tvNoTime");
  return t(s.connected ? "presence.connected" : "presence.offline");
}

/**
 * longestState is the longest of the words a person's seat can show on the
 * TV during a game (handed over by them or by the host, gone with a stand-in,
 * held, counting down to a stand-in): the room the TV's bar keeps for the
 * seat from the start, so the bar has the height of its tallest state.
 */
export function longestState(s: LobbySeat, l: Lobby): string {
  const all = [
    tvPresenceText({ ...s, handed: true, handedBy: s.player }, l, 0),
    tvPresenceText({ ...s, handed: true, handedBy: l.hostId }, l, 0),
    tvPresenceText({ ...s, handed: false, away: true, connected: false }, l, 0),
    tvPresenceText({ ...s, handed: false, away: false, held: true }, l, 0),
    tvPresenceText({ ...s, handed: false, away: false, standIn: 3_600_000 }, l, 0),
    tvPresenceText({ ...s, handed: false, away: false, standIn: 1 }, l, 3_600_000),
  ];
  return all.reduce((a, b) => (b.length > a.length ? b : a), "");
}

/** watchers are the people at the table without a seat. */
export const watchers = (l: Lobby) => l.members.filter((m) => m.seat < 0);

/** SeatActions are the seat's controls in the full strip: its person's own hand-over, and the host's for anyone, with removing a person. */
function SeatActions({ lobby, seat, store }: { lobby: Lobby; seat: LobbySeat; store: TableStore }) {
  const [busy, run] = useRequest(store);
  const name = seat.name || t("lobby.seatN", { n: seat.index + 1 });
  return (
    <span class="presence-actions">
      <HandOver store={store} lobby={lobby} seat={seat} />
      {lobby.host && !seat.you ? (
        <button
          type="button"
          class="btn-small btn-quiet"
          disabled={busy}
          onClick={() => confirm(t("presence.removeConfirm", { name })) && run(() => api.kick(lobby.id, seat.player))}
          aria-label={t("presence.removeLabel", { name })}
        >
          {t("presence.remove")}
        </button>
      ) : null}
    </span>
  );
}

/**
 * Presence is the strip of who is at the table during play: each seat with
 * its connection, whose turn it is, who handed a seat to a computer player,
 * the countdown to a stand-in for a lost connection, and who is watching.
 * Each person gets "Computer plays for me" for their own seat; the host gets
 * it for every seat, and removing a person. With store undefined (the TV) it
 * only shows.
 */
export function Presence({ lobby, store, actors, variant = "full" }: { lobby: Lobby; store?: TableStore; actors?: Seat[]; variant?: "full" | "strip" | "tv" }) {
  // The game state says whose turn it is as of the last move; the lobby's
  // list only as of the last lobby change.
  const waiting = actors ?? lobby.waiting;
  const seats = lobby.seats.filter((s) => s.kind !== "empty");
  const watching = watchers(lobby);
  const controls = store && variant === "full" && lobby.status === "playing";
  const big = variant === "tv";
  const now = useNow(lobby.status === "playing" && seats.some((s) => s.standIn > 0));
  return (
    <section class={`presence presence-${variant}`} aria-label={t(variant === "full" ? "presence.full" : "presence.strip")} data-testid={`presence-${variant}`}>
      <ul>
        {seats.map((s) => {
          const turn = lobby.status === "playing" && waiting.includes(s.index);
          const gone = s.kind === "human" && !s.connected;
          const words = big ? tvPresenceText(s, lobby, now) : presenceText(s, lobby, now);
          const roomed = big && s.kind === "human" && lobby.status === "playing";
          const waitingFor = standInState(s, now) !== null;
          return (
            <li
              key={s.index}
              class={`presence-seat ${gone ? "is-gone" : ""} ${turn ? "is-turn" : ""} ${waitingFor ? "is-waiting" : ""}`}
              data-seat={s.index}
              data-state={words}
            >
              <SeatBadge seat={s.index} color={s.color} size={big ? 24 : 22} />
              <span class="presence-name">
                {s.name}
                {s.you ? <span class="tag">{t("presence.you")}</span> : null}
              </span>
              <span class={`presence-state ${roomed ? "presence-roomed" : ""}`}>
                <span aria-hidden="true">{s.kind === "bot" || s.handed || s.away ? "⚙" : s.connected ? "●" : "○"} </span>
                {/* On the TV during a game a person's words lie over the unseen room of their longest state, so the
                    seat keeps its size as the state changes and the bar neither grows nor reflows. */}
                <span class={roomed ? "presence-words" : ""}>
                  <span
                    class={variant !== "full" && (s.kind === "bot" || (s.connected && !s.away && !s.handed)) ? "sr-only" : ""}
                    role={waitingFor ? "timer" : undefined}
                  >
                    {words}
                  </span>
                  {roomed ? (
                    <span class="presence-room" aria-hidden="true">
                      {longestState(s, lobby)}
                    </span>
                  ) : null}
                </span>
                {/* On the TV the seat's highlight shows the turn, so the bar does not reflow as turns pass. */}
                {turn ? <strong class={`presence-turn ${big ? "sr-only" : ""}`}>{t(s.you ? "presence.yourTurn" : "presence.theirTurn")}</strong> : null}
              </span>
              {controls && s.kind === "human" && (lobby.host || s.you) ? <SeatActions lobby={lobby} seat={s} store={store} /> : null}
            </li>
          );
        })}
      </ul>
      {watching.length > 0 && variant !== "strip" ? (
        <p class="presence-watchers" data-testid="watchers">
          {lobby.host
            ? t("presence.watching", { names: formatList(watching.map((m) => (m.online ? m.name : t("presence.watcherOffline", { name: m.name })))) })
            : t("presence.watchingCount", { n: watching.length })}
        </p>
      ) : null}
    </section>
  );
}
