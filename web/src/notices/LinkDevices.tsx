import { useEffect, useState } from "preact/hooks";
import { CodeForm } from "../components/CodeForm";
import { formatDate, t, tr } from "../i18n/i18n";
import { LanguagePicker } from "../i18n/LanguagePicker";
import { notices, type DeviceList, type LinkCode } from "./client";
import { Alert, useAction } from "./parts";

/** LinkDevices shows a one-time code for another device, the linked devices, and takes a code on this one. */
export function LinkDevices() {
  const [code, setCode] = useState<LinkCode | null>(null);
  const [list, setList] = useState<DeviceList | null>(null);
  const [typed, setTyped] = useState("");
  const [done, setDone] = useState("");
  const { error, run } = useAction();
  useEffect(() => {
    run(async () => setList(await notices.devices()));
  }, []);
  return (
    <section class="panel" aria-labelledby="link-h">
      <h2 id="link-h">{t("devices.title")}</h2>
      <p class="hint">{t("devices.intro")}</p>
      {code ? (
        <div class="link-code" data-testid="link-code">
          <p>{tr("devices.how", { link: code.link, a: (words) => <a href={code.link}>{words}</a> })}</p>
          <p class="code-big" role="img" aria-label={t("devices.codeLabel", { code: code.code.split("").join(" ") })}>
            {code.code}
          </p>
          <img src={code.qr} width={200} height={200} alt={t("devices.qrAlt")} />
          <p class="hint">{t("devices.once")}</p>
        </div>
      ) : (
        <button type="button" class="btn-primary" onClick={() => run(async () => setCode(await notices.linkCode()))}>
          {t("devices.showCode")}
        </button>
      )}
      {list && list.devices.length > 0 ? (
        <>
          <h3>{t("devices.linked")}</h3>
          <ul class="devices">
            {list.devices.map((d) => (
              <li key={d.id}>
                {t("devices.entry", { name: d.name, here: d.id === list.this ? "yes" : "no", since: formatDate(new Date(d.created)) })}{" "}
                <button
                  type="button"
                  onClick={() => run(async () => setList(await notices.unlink(d.id)))}
                  aria-label={t("devices.unlinkName", { name: d.name })}
                >
                  {t("devices.unlink")}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>{t("devices.useCode")}</h3>
      <CodeForm
        id="link-code"
        label={t("devices.codeField")}
        placeholder={t("devices.codePlaceholder")}
        value={typed}
        onValue={setTyped}
        onSubmit={(e) => {
          e.preventDefault();
          run(async () => {
            await notices.link(typed.trim());
            setDone(t("devices.done"));
            setList(await notices.devices());
          });
        }}
        disabled={!typed.trim()}
      >
        {t("devices.link")}
      </CodeForm>
      <p class="hint">{t("devices.otherName")}</p>
      {done ? <p role="status">{done}</p> : null}
      <Alert text={error} />
    </section>
  );
}

/** LinkThis is the page a link code opens on the other device. */
export function LinkThis({ code, go }: { code: string; go: (path: string) => void }) {
  const { busy, error, run } = useAction();
  const link = () =>
    run(async () => {
      await notices.link(code);
      go("/");
    });
  return (
    <div class="page">
      <h1>{t("devices.linkThis")}</h1>
      <LanguagePicker />
      <section class="panel">
        <p>{t("devices.becomes")}</p>
        <p class="hint">{t("devices.otherNameBrowser")}</p>
        <button type="button" class="btn-primary" disabled={busy} onClick={link}>
          {t("devices.linkThis")}
        </button>
        <Alert text={error} />
      </section>
    </div>
  );
}
