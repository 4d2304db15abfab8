import { signal } from "@preact/signals";
import { api } from "./api";

/** me is this browser's public id at every table (empty until the session is known). */
export const me = signal<string>("");
let pending: Promise<string> | null = null;

/** ensureSession asks the server for this browser's identity once (it sets the player cookie). */
export function ensureSession(): Promise<string> {
  pending ??= api.session().then(
    (id) => {
      me.value = id;
      return id;
    },
    (e: unknown) => {
      pending = null;
      throw e;
    },
  );
  return pending;
}
