import { useState } from "preact/hooks";
import { api, ApiError, type InviteInfo } from "../api";
import { OfflineNotice, useLoad } from "../components/Offline";
import { errorText } from "../i18n/errors";
import { t, tr } from "../i18n/i18n";
import { LanguagePicker } from "../i18n/LanguagePicker";
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
        setBad(e.detail.msg?.id === "api.codeExpired" ? t("join.expired") : t("join.noTable"));
      } else if (e instanceof ApiError && e.status === 403) setBad(t("join.removed"));
      else if (e instanceof ApiError && e.status === 429) setBad(errorText(e, "error.rateLimited"));
      else setInfo({ gameName: "", host: "", status: "" }); // the server failed otherwise: the form still tries
    },
    invite,
  );
  const submit = async (e: Event) => {
    e.preventDefault();
    const n = name.trim();
    if (!n) {
      setError(t("home.nameNeeded"));
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
        <h1>{info?.gameName ? t("join.titleGame", { host: info.host, known: info.host ? "yes" : "no", game: info.gameName }) : t("join.title")}</h1>
        <LanguagePicker />
      </header>
      {bad ? (
        <section class="panel" role="alert" data-testid="bad-invite">
          <p>{bad}</p>
          <p>{tr("join.goStart", { a: (words) => <a href="/">{words}</a> })}</p>
        </section>
      ) : offline ? (
        <OfflineNotice />
      ) : info === null ? (
        <p class="panel" aria-busy="true">
          {t("join.looking")}
        </p>
      ) : (
        <section class="panel">
          <p data-testid="invite-info">
            {info.gameName
              ? t("join.invited", { host: info.host, known: info.host ? "yes" : "no", game: info.gameName, started: info.status === "playing" ? "yes" : "no" })
              : t("join.invitedPlain")}{" "}
            {t("join.chooseName")}
          </p>
          <form class="stack" onSubmit={submit}>
            <label for="join-name">{t("home.yourName")}</label>
            <input id="join-name" autocomplete="nickname" maxLength={24} value={name} onInput={(e) => setName(e.currentTarget.value)} required />
            <button type="submit" class="btn-primary" disabled={busy}>
              {busy ? t("join.joining") : t("join.join")}
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
