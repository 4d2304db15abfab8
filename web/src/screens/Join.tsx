import { useState } from "preact/hooks";
import { api, ApiError, type InviteInfo } from "../api";
import { OfflineNotice, useLoad } from "../components/Offline";
import { joinAndGo, savedName } from "./Home";

/** Join is where an invite link lands: it says what the link leads to, then asks for a name. */
export function Join({ invite, go }: { invite: string; go: (path: string) => void }) {
  const [name, setName] = useState(savedName.value);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<InviteInfo | null>(null);
  const [bad, setBad] = useState<string | null>(null);
  // Offline, the page says so instead of offering a form that cannot work,
  // and looks at the invite again once the server answers.
  const offline = useLoad(
    async () => setInfo(await api.invite(invite)),
    (e: unknown) => {
      if (e instanceof ApiError && e.status === 404) {
        setBad(
          /expired/.test(e.message)
            ? "This invite link has expired: that game is over."
            : "This invite link does not lead to a table. Ask the host to share it again, or join with the table's code.",
        );
      } else if (e instanceof ApiError && e.status === 403) setBad("The host removed you from this table.");
      else if (e instanceof ApiError && e.status === 429) setBad(e.message);
      else setInfo({ gameName: "", host: "", status: "" }); // the server failed otherwise: the form still tries
    },
    invite,
  );
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
        <h1>{info?.gameName ? `Join ${info.host ? `${info.host}'s ` : "a "}${info.gameName} table` : "Join a table"}</h1>
      </header>
      {bad ? (
        <section class="panel" role="alert" data-testid="bad-invite">
          <p>{bad}</p>
          <p>
            <a href="/">Go to the start</a> to join with a code or open a table of your own.
          </p>
        </section>
      ) : offline ? (
        <OfflineNotice />
      ) : info === null ? (
        <p class="panel" aria-busy="true">
          Looking at the invite…
        </p>
      ) : (
        <section class="panel">
          <p data-testid="invite-info">
            {info.gameName
              ? `${info.host || "A friend"} invited you to play ${info.gameName}${info.status === "playing" ? " (the game has started: you will watch)" : ""}.`
              : "You were invited to a Harbor table."}{" "}
            Choose the name the others will see.
          </p>
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
      )}
    </div>
  );
}
