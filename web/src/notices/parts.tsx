import { useState } from "preact/hooks";
import { errorText } from "../i18n/errors";

/** message is what a failed action says to the person: the server's refusal in the reader's language, else a plain "did not work". */
export const message = (e: unknown) => errorText(e, "notices.failed");

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
