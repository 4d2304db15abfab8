// The table's chat, written once for every game: ChatPanel (the reactions the
// server accepts, a short message, the recent lines) beside the play screen,
// and ChatToasts, each new line shown briefly over the screen on the TV and on
// the phones (a person's own lines are not toasted back to them).

import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../api";
import { errorText } from "../i18n/errors";
import type { ChatLine, Lobby } from "../protocol";
import type { TableStore } from "../state";
import { type MessageId, t } from "../i18n/i18n";

/** REACTIONS are the emoji the server accepts as reactions (table.Reactions). */
export const REACTIONS: { emoji: string; label: MessageId }[] = [
  { emoji: "👍", label: "chat.thumbsUp" },
  { emoji: "😂", label: "chat.laughing" },
  { emoji: "😮", label: "chat.surprised" },
  { emoji: "🎉", label: "chat.party" },
  { emoji: "😬", label: "chat.grimacing" },
  { emoji: "👏", label: "chat.applause" },
  { emoji: "🙈", label: "chat.cantLook" },
  { emoji: "❤️", label: "chat.love" },
];

/** reactionName is a reaction's name in words, or nothing for an emoji the server no longer offers. */
const reactionName = (emoji: string) => {
  const r = REACTIONS.find((x) => x.emoji === emoji);
  return r ? t(r.label) : "";
};

export const CHAT_MAX = 200;

/** chatText is one line in words: who said what. */
export const chatText = (l: ChatLine) => (l.emoji ? t("chat.reacted", { name: l.name, emoji: l.emoji }) : t("chat.said", { name: l.name, text: l.text }));

function Line({ line }: { line: ChatLine }) {
  return (
    <li class={line.emoji ? "chat-reaction" : "chat-text"}>
      <strong>{line.name}</strong>{" "}
      {line.emoji ? (
        <>
          <span class="chat-emoji">{line.emoji}</span> <span class="chat-emoji-name">{reactionName(line.emoji)}</span>
        </>
      ) : (
        line.text
      )}
    </li>
  );
}

/** ChatPanel is the table's chat for a person: reactions, a short message, the recent lines. */
export function ChatPanel({ store, lobby }: { store: TableStore; lobby: Lobby }) {
  const [text, setText] = useState("");
  const chat = store.data.value.chat;
  const send = (e: Event) => {
    e.preventDefault();
    const said = text.trim();
    if (said && store.say({ text: said })) setText("");
  };
  const toggle = async () => {
    try {
      await api.room(lobby.id, { chat: lobby.chatOff });
    } catch (err) {
      store.note("error", errorText(err, "frame.failed"));
    }
  };
  return (
    <section class="panel chat" aria-labelledby="chat-h" data-testid="chat">
      <h2 id="chat-h">{t("chat.title")}</h2>
      {lobby.chatOff ? (
        <p class="hint">{t("chat.off")}</p>
      ) : (
        <>
          <div class="reactions" role="group" aria-label={t("chat.reactions")}>
            {REACTIONS.map((r) => (
              <button
                key={r.emoji}
                type="button"
                class="reaction"
                aria-label={t("chat.react", { name: t(r.label) })}
                onClick={() => store.say({ emoji: r.emoji })}
              >
                {r.emoji}
              </button>
            ))}
          </div>
          <form class="row chat-form" onSubmit={send}>
            <label for="chat-input" class="sr-only">
              {t("chat.message")}
            </label>
            <input
              id="chat-input"
              autocomplete="off"
              maxLength={CHAT_MAX}
              placeholder={t("chat.placeholder")}
              value={text}
              onInput={(e) => setText(e.currentTarget.value)}
            />
            <button type="submit" disabled={!text.trim()}>
              {t("chat.send")}
            </button>
          </form>
        </>
      )}
      {chat.length ? (
        <ol class="chat-lines" aria-live="polite" aria-relevant="additions" tabIndex={0} aria-labelledby="chat-h" data-testid="chat-lines">
          {chat.slice(-30).map((l) => (
            <Line key={l.n} line={l} />
          ))}
        </ol>
      ) : null}
      {lobby.host ? (
        <button type="button" class="btn-small btn-quiet" onClick={toggle} data-testid="chat-toggle">
          {lobby.chatOff ? t("chat.turnOn") : t("chat.turnOff")}
        </button>
      ) : null}
    </section>
  );
}

/** TOAST_MS is how long a new line shows over the screen. */
const TOAST_MS = 6000;

/**
 * ChatToasts shows each new chat line briefly over the screen (on the TV,
 * and on phones for what others say). Lines from before it appeared are not
 * shown again.
 */
export function ChatToasts({ store, skip = "" }: { store: TableStore; skip?: string }) {
  const { chat, chatBase } = store.data.value;
  const seenUpTo = useRef(0);
  const [shown, setShown] = useState<ChatLine[]>([]);
  useEffect(() => {
    const from = Math.max(seenUpTo.current, chatBase);
    const fresh = chat.filter((l) => l.n > from && l.player !== skip);
    seenUpTo.current = Math.max(from, chat[chat.length - 1]?.n ?? 0);
    if (!fresh.length) return;
    setShown((s) => [...s, ...fresh].slice(-4));
    setTimeout(() => setShown((s) => s.filter((l) => !fresh.includes(l))), TOAST_MS);
  }, [chat, chatBase]);
  if (!shown.length) return null;
  return (
    <ol class="chat-toasts" aria-hidden="true" data-testid="chat-toasts">
      {shown.map((l) => (
        <Line key={l.n} line={l} />
      ))}
    </ol>
  );
}
