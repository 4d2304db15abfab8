import { useEffect, useState } from "preact/hooks";
import { CodeForm } from "../components/CodeForm";
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
      <h2 id="link-h">Link another device</h2>
      <p class="hint">Your phone and your laptop can both be you: the same seats at every table, and notices on both.</p>
      {code ? (
        <div class="link-code" data-testid="link-code">
          <p>
            On the other device, open <a href={code.link}>{code.link}</a> or scan the QR code, or type this code on its Notices page:
          </p>
          <p class="code-big" role="img" aria-label={`Code ${code.code.split("").join(" ")}`}>
            {code.code}
          </p>
          <img src={code.qr} width={200} height={200} alt="QR code of the link" />
          <p class="hint">It works once, for ten minutes.</p>
        </div>
      ) : (
        <button type="button" class="btn-primary" onClick={() => run(async () => setCode(await notices.linkCode()))}>
          Show a code
        </button>
      )}
      {list && list.devices.length > 0 ? (
        <>
          <h3>Linked devices</h3>
          <ul class="devices">
            {list.devices.map((d) => (
              <li key={d.id}>
                {d.name}
                {d.id === list.this ? " (this device)" : ""}, since {new Date(d.created).toLocaleDateString()}{" "}
                <button type="button" onClick={() => run(async () => setList(await notices.unlink(d.id)))} aria-label={`Unlink ${d.name}`}>
                  Unlink
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>Use a code on this device</h3>
      <CodeForm
        id="link-code"
        label="Code from your other device"
        placeholder="Code, e.g. K7Q2MX8P"
        value={typed}
        onValue={setTyped}
        onSubmit={(e) => {
          e.preventDefault();
          run(async () => {
            await notices.link(typed.trim());
            setDone("This device is linked: it is you now, and your other device's tables are on the home page.");
            setList(await notices.devices());
          });
        }}
        disabled={!typed.trim()}
      >
        Link
      </CodeForm>
      <p class="hint">Tables this device joined under another name stay with that name, no longer reachable from here.</p>
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
      <h1>Link this device</h1>
      <section class="panel">
        <p>This browser becomes the person who showed you this code: it holds their seats and gets their notices.</p>
        <p class="hint">Tables this browser joined under another name stay with that name, no longer reachable from here.</p>
        <button type="button" class="btn-primary" disabled={busy} onClick={link}>
          Link this device
        </button>
        <Alert text={error} />
      </section>
    </div>
  );
}
