import { useState } from "preact/hooks";
import { api } from "../api";
import { joinAndGo, savedName } from "./Home";

/** Join is where an invite link lands: choose your name and take a seat. */
export function Join({ invite, go }: { invite: string; go: (path: string) => void }) {
  const [name, setName] = useState(savedName.value);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    const n = name.trim();
    if (!n) {
      setError("Type the name the others will see.");
      return;
    }
    await joinAndGo(n, (name) => api.joinByInvite(invite, name), go, setBusy, setError);
  };
  return (
    <div class="page join">
      <header class="masthead small">
        <a href="/" class="home-link">
          Harbor
        </a>
        <h1>Join a table</h1>
      </header>
      <section class="panel">
        <p>You were invited to a Harbor table. Choose the name the others will see.</p>
        <form class="stack" onSubmit={submit}>
          <label for="join-name">Your name</label>
          <input id="join-name" autocomplete="nickname" maxLength={24} value={name} onInput={(e) => setName(e.currentTarget.value)} required />
          <button type="submit" class="btn-primary" disabled={busy}>
            {busy ? "Joining…" : "Join the table"}
          </button>
          {error ? (
            <p class="error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      </section>
    </div>
  );
}
