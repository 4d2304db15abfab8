// Handing a seat to a computer player and taking it back: HandOver is the
// button (one's own seat, or any seat for the host), SeatHandover the banner
// over the screen of a person whose seat a computer player has, naming who
// handed it over, with "Take my seat back".

import { useState } from "preact/hooks";
import { api } from "../api";
import { errorText } from "../i18n/errors";
import type { Lobby, LobbySeat } from "../protocol";
import { handedNote } from "../seats";
import type { TableStore } from "../state";
import { t } from "../i18n/i18n";

/** useRequest runs one request of a button at a time, telling the player in words when it fails. */
export function useRequest(store: TableStore) {
  const [busy, setBusy] = useState(false);
  const run = async (what: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await what();
    } catch (e) {
      store.note("error", errorText(e, "frame.failed"));
    } finally {
      setBusy(false);
    }
  };
  return [busy, run] as const;
}

/**
 * HandOver is the button that gives a seat to a computer player and back:
 * for the person's own seat ("Computer plays for me") or, for the host, any
 * person's seat.
 */
export function HandOver({ store, lobby, seat }: { store: TableStore; lobby: Lobby; seat: LobbySeat }) {
  const [busy, run] = useRequest(store);
  const name = seat.name || t("lobby.seatN", { n: seat.index + 1 });
  const label = seat.you ? t(seat.handed ? "seats.takeBack" : "seats.computerForMe") : t(seat.handed ? "seats.giveBack" : "seats.computerPlays");
  const aria = seat.you ? label : seat.handed ? t("seats.giveBackTo", { name }) : t("seats.computerFor", { name });
  return (
    <button
      type="button"
      class="btn-small"
      disabled={busy}
      data-testid={`hand-${seat.index}`}
      aria-label={aria}
      onClick={() => run(() => api.hand(lobby.id, seat.index, !seat.handed))}
    >
      {label}
    </button>
  );
}

/**
 * SeatHandover tells a person whose seat a computer player has (handed over
 * by them or by the host, whom it names) and lets them take it back at once.
 * Nothing shows while they play their seat themselves.
 */
export function SeatHandover({ store, lobby }: { store: TableStore; lobby: Lobby }) {
  const [busy, run] = useRequest(store);
  const mine = lobby.seats.find((s) => s.you);
  if (!mine?.handed || lobby.status !== "playing") return null;
  return (
    <div class="banner banner-warn" role="status" data-testid="handed">
      {handedNote(lobby, mine)}{" "}
      <button type="button" class="btn-small" disabled={busy} data-testid="take-seat-back" onClick={() => run(() => api.hand(lobby.id, mine.index, false))}>
        {t("seats.takeBack")}
      </button>
    </div>
  );
}
