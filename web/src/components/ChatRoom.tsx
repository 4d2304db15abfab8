// The host's setting of a table's chat room: a Discord, Slack or Matrix
// room's incoming-webhook URL that the table's turn notices are posted to
// as well. The server never shows the URL again, only its service and host.

import { useEffect, useState } from "preact/hooks";
import { ApiError, api, type ChatRoomView } from "../api";
import { message } from "../notices/parts";
import { t } from "../i18n/i18n";

const SERVICES: { value: string; label: string; hint: string }[] = [
  { value: "discord", label: "Discord", hint: "https://discord.com/api/webhooks/…" },
  { value: "slack", label: "Slack", hint: "https://hooks.slack.com/services/…" },
  { value: "matrix", label: "Matrix (hookshot)", hint: "https://…/webhook/…" },
];

/** ChatRoomPanel is the host's "Turn notices in a chat room" section; nothing when the server sends no notices. */
export function ChatRoomPanel({ id }: { id: string }) {
  const [view, setView] = useState<ChatRoomView | null>(null);
  const [off, setOff] = useState(false);
  const [service, setService] = useState("discord");
  const [url, setUrl] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.chatRoom(id).then(setView, (e: unknown) => {
      if (e instanceof ApiError && e.status === 404) setOff(true);
      else setError(message(e));
    });
  }, [id]);
  if (off) return null;
  const run = async (f: () => Promise<ChatRoomView>) => {
    setBusy(true);
    setError("");
    try {
      setView(await f());
      setUrl("");
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };
  const shape = SERVICES.find((s) => s.value === service) ?? SERVICES[0];
  const set = view?.service ? (SERVICES.find((s) => s.value === view.service)?.label ?? view.service) : "";
  return (
    <section class="panel chat-room" aria-labelledby="chat-room-h" data-testid="chat-room">
      <h2 id="chat-room-h">{t("chat.roomTitle")}</h2>
      {set ? (
        <p class="row chat-room-set">
          <span data-testid="chat-room-set">{t("chat.roomPosting", { service: set, host: view?.host ?? "" })}</span>
          <button type="button" disabled={busy} onClick={() => run(() => api.dropChatRoom(id))} data-testid="chat-room-remove">
            {t("chat.roomRemove")}
          </button>
        </p>
      ) : (
        <p class="hint">{t("chat.roomHelp")}</p>
      )}
      <form
        class="chat-room-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => api.setChatRoom(id, service, url.trim()));
        }}
      >
        <div class="option">
          <label for="chat-room-service">{t("chat.roomService")}</label>
          <select id="chat-room-service" value={service} disabled={busy} onChange={(e) => setService(e.currentTarget.value)} data-testid="chat-room-service">
            {SERVICES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div class="option">
          <label for="chat-room-url">{set ? t("chat.roomAnotherUrl") : t("chat.roomUrl")}</label>
          <input
            id="chat-room-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellcheck={false}
            placeholder={shape?.hint}
            value={url}
            disabled={busy}
            aria-describedby="chat-room-help"
            onInput={(e) => setUrl(e.currentTarget.value)}
            data-testid="chat-room-url"
          />
          <small id="chat-room-help">{t("chat.roomUrlHelp")}</small>
        </div>
        <button type="submit" disabled={busy || !url.trim()} data-testid="chat-room-save">
          {t("chat.roomSave")}
        </button>
      </form>
      {error ? (
        <p class="error" role="alert" data-testid="chat-room-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
