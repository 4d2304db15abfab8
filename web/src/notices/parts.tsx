import { useState } from "preact/hooks";
import { ApiError } from "../api";

/** message is what a failed action says to the person. */
export const message = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : String(e));

/** Alert shows an action's error, if there is one. */
export function Alert({ text }: { text: string }) {
  return text ? (
    <p class="error" role="alert">
      {text}
    </p>
  ) : null;
}

/** useAction runs a panel's actions, keeping whether one runs and the last one's error. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const run = async (f: () => Promise<void>) => {
    setBusy(true);
    setError("");
    try {
      await f();
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
