import { useEffect, useState } from "preact/hooks";
import { currentSubscription, minutesOf, notices, pushFailureText, pushSupported, timeOf, turnPushOff, turnPushOn, type NoticeSettings } from "./client";
import { OfflineNotice, useLoad } from "../components/Offline";
import { t } from "../i18n/i18n";
import { LanguagePicker } from "../i18n/LanguagePicker";
import { LinkDevices } from "./LinkDevices";
import { Alert, message, useAction } from "./parts";

/** Notices is the screen of turn notices (push on this device, e-mail, quiet hours) and linked devices. */
export function Notices({ go }: { go: (path: string) => void }) {
  const [s, setS] = useState<NoticeSettings | null>(null);
  const [error, setError] = useState("");
  const offline = useLoad(
    async () => setS(await notices.settings()),
    (e) => setError(message(e)),
  );
  return (
    <div class="page notices">
      <p>
        <a
          href="/"
          onClick={(e) => {
            e.preventDefault();
            go("/");
          }}
        >
          ← Harbor
        </a>
      </p>
      <h1>{t("home.noticesLink")}</h1>
      <LanguagePicker />
      <p class="hint">{t("notices.intro")}</p>
      <Alert text={error} />
      {offline ? (
        <OfflineNotice />
      ) : s ? (
        <>
          <PushPanel s={s} set={setS} />
          <MailPanel s={s} set={setS} />
          <QuietPanel s={s} set={setS} />
        </>
      ) : error ? null : (
        <p>{t("loading.page")}</p>
      )}
      {/* Device links need the server too: shown once it has answered. */}
      {!offline && (s || error) ? <LinkDevices /> : null}
    </div>
  );
}

type Panel = { s: NoticeSettings; set: (s: NoticeSettings) => void };

/** PushPanel turns notices on and off for this device; it says at once when it waits on the browser, which may take long or never answer. */
export function PushPanel({ s, set }: Panel) {
  const [on, setOn] = useState<boolean | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState("");
  useEffect(() => {
    currentSubscription().then(
      (sub) => setOn(!!sub && s.endpoints.includes(sub.endpoint)),
      () => setOn(false),
    );
  }, [s]);
  const toggle = async () => {
    const turningOn = !on;
    setWaiting(true);
    setError("");
    try {
      set(turningOn ? await turnPushOn(s.pushKey) : await turnPushOff());
    } catch (e) {
      setError(pushFailureText(e, turningOn));
    } finally {
      setWaiting(false);
    }
  };
  return (
    <section class="panel" aria-labelledby="push-h">
      <h2 id="push-h">{t("notices.device")}</h2>
      {!pushSupported() ? (
        <p>{t("notices.noPush")}</p>
      ) : (
        <>
          <p data-testid="push-state">{on === null ? "…" : on ? t("notices.pushOn") : t("notices.pushOff")}</p>
          <button type="button" class={on ? "" : "btn-primary"} disabled={waiting || on === null} onClick={toggle}>
            {waiting ? (on ? t("notices.turningOff") : t("notices.turningOn")) : on ? t("notices.turnOff") : t("notices.turnOn")}
          </button>
          <p role="status" class="hint" data-testid="push-wait">
            {waiting ? t("notices.waiting") : ""}
          </p>
        </>
      )}
      <Alert text={error} />
    </section>
  );
}

function MailPanel({ s, set }: Panel) {
  const [address, setAddress] = useState(s.mail ?? "");
  const { busy, error, run } = useAction();
  const save = (value: string) =>
    run(async () => {
      const next = await notices.mail(value);
      set(next);
      setAddress(next.mail ?? "");
    });
  return (
    <section class="panel" aria-labelledby="mail-h">
      <h2 id="mail-h">{t("notices.mail")}</h2>
      {!s.mailOn ? (
        <p>{t("notices.noMail")}</p>
      ) : (
        <form
          class="stack"
          onSubmit={(e) => {
            e.preventDefault();
            save(address.trim());
          }}
        >
          <label for="notice-mail">{t("notices.address")}</label>
          <input id="notice-mail" type="email" autocomplete="email" maxLength={254} value={address} onInput={(e) => setAddress(e.currentTarget.value)} />
          <p class="hint" data-testid="mail-state">
            {s.mail ? (s.confirmed ? t("notices.mailTo", { mail: s.mail }) : t("notices.mailConfirm", { mail: s.mail })) : t("notices.mailNone")}
          </p>
          <div class="row">
            <button type="submit" class="btn-primary" disabled={busy || !address.trim() || address.trim() === s.mail}>
              {t("notices.saveAddress")}
            </button>
            {s.mail ? (
              <button type="button" disabled={busy} onClick={() => save("")}>
                {t("lobby.remove")}
              </button>
            ) : null}
          </div>
        </form>
      )}
      <Alert text={error} />
    </section>
  );
}

function QuietPanel({ s, set }: Panel) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const [from, setFrom] = useState(timeOf(s.quietFrom));
  const [to, setTo] = useState(timeOf(s.quietTo));
  const [state, setState] = useState("");
  const save = async (e: Event) => {
    e.preventDefault();
    try {
      set(await notices.quiet(minutesOf(from), minutesOf(to), zone));
      setState(from === to ? t("notices.quietNone") : t("notices.quietSaved", { from, to }));
    } catch (err) {
      setState(message(err));
    }
  };
  return (
    <section class="panel" aria-labelledby="quiet-h">
      <h2 id="quiet-h">{t("notices.quiet")}</h2>
      <form class="stack" onSubmit={save}>
        <p class="hint">{t("notices.quietHelp", { zone: s.zone || zone })}</p>
        <div class="row">
          <label>
            {t("notices.from")} <input type="time" value={from} onInput={(e) => setFrom(e.currentTarget.value)} />
          </label>
          <label>
            {t("notices.to")} <input type="time" value={to} onInput={(e) => setTo(e.currentTarget.value)} />
          </label>
          <button type="submit">{t("notices.save")}</button>
        </div>
        <p role="status">{state}</p>
      </form>
    </section>
  );
}
