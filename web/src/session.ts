// This browser's identity at Harbor. POST /api/session makes sure the
// harbor_player cookie is set (the page itself usually brings it) and answers
// the public id, which a screen uses to find its own seat in a lobby, and the
// base address the server wants in invite links and QR codes. linkBase uses
// that base, and the page's own origin only when the server gave none, so a
// host who opened localhost still invites with an address phones can open.

import { signal } from "@preact/signals";
import { api, type SessionInfo } from "./api";

/** me is this browser's public id at every table (empty until the session is known). */
export const me = signal<string>("");
/** address is where invite links should point, as the server decided it (empty until known). */
export const address = signal<Pick<SessionInfo, "base" | "loopbackOnly">>({ base: "", loopbackOnly: false });
let pending: Promise<string> | null = null;

/** ensureSession asks the server for this browser's identity once (it sets the player cookie). */
export function ensureSession(): Promise<string> {
  pending ??= api.session().then(
    (s) => {
      me.value = s.player;
      address.value = { base: s.base, loopbackOnly: s.loopbackOnly };
      return s.player;
    },
    (e: unknown) => {
      pending = null;
      throw e;
    },
  );
  return pending;
}

/** linkBase is the origin invite links use: the server's choice, else this page's own. */
export function linkBase(): string {
  return address.value.base || location.origin;
}
