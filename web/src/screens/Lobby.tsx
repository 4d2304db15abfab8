// A table before its start, from a seat: the invite link (on the base address
// the server answered, see session.ts), the short code and the QR code, the seats
// with their colors, computer players and their levels, the game's options,
// the host's timeline and pace settings, ready, and the start with the reason
// it is not possible yet. The server decides every one of these; lobby.ts
// holds the words that explain why.

import { useState } from "preact/hooks";
import { TimelineOptions } from "../components/Timeline";
import { api, qrSrc, type GameOption } from "../api";
import { PALETTE, seatColor } from "../format";
import { gameInfo } from "../gameList";
import { type MessageId, t, tr } from "../i18n/i18n";
import { LanguagePicker } from "../i18n/LanguagePicker";
import { colorName, levelName, limitWords, seatStatus, soloOn, startBlocker } from "../lobby";
import { type Lobby as LobbyData, type LobbySeat, PACE_LIMITS, type Pace } from "../protocol";
import { absolute, href } from "../router";
import type { TableStore } from "../state";
import { ChatPanel } from "../components/Chat";
import { ChatRoomPanel } from "../components/ChatRoom";
import { watchers } from "../components/Presence";
import { HowTo } from "../components/Rules";
import { SeatBadge } from "../components/SeatBadge";
import { useRequest } from "../components/SeatHandover";
import { address, linkBase } from "../session";

/** inviteLink is the link friends open to join. */
export function inviteLink(l: LobbyData, origin: string): string {
  return absolute({ name: "join", invite: l.invite }, origin);
}

function CopyLink({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      // Plain http on a home network is not a secure context: no clipboard API, but copying a selection works.
      const input = document.getElementById("invite-link") as HTMLInputElement | null;
      input?.select();
      if (document.execCommand("copy")) {
        setCopied(true);
        setTimeout(() => setCopied(false), 2500);
      }
    }
  };
  return (
    <div class="row invite-row">
      <label for="invite-link" class="sr-only">
        {t("lobby.inviteLink")}
      </label>
      <input id="invite-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid="invite-link" />
      <button type="button" onClick={copy} aria-live="polite">
        {copied ? t("lobby.copied") : t("lobby.copyLink")}
      </button>
    </div>
  );
}

/** LEVEL_HINTS say in a few words how each computer level plays. */
const LEVEL_HINTS: Record<string, MessageId> = {
  easy: "level.easyHint",
  normal: "level.normalHint",
  hard: "level.hardHint",
};

/** BotLevel shows a computer seat's level: a picker for the host in the lobby, words for everyone else. */
function BotLevel({ seat, lobby, busy, run }: { seat: LobbySeat; lobby: LobbyData; busy: boolean; run: (f: () => Promise<unknown>) => void }) {
  const levels = gameInfo(lobby.game)?.levels ?? ["normal"];
  const id = `level-${seat.index}`;
  if (levels.length < 2) {
    return (
      <p class="seat-level hint" data-testid={id}>
        {t("level.one")}
      </p>
    );
  }
  if (!lobby.host || lobby.status !== "lobby") {
    return (
      <p class="seat-level" data-testid={id}>
        {tr("level.shown", { level: levelName(seat.level), b: (words) => <strong>{words}</strong> })}
      </p>
    );
  }
  return (
    <div class="seat-level">
      <label for={id}>{t("level.label")}</label>
      <select
        id={id}
        value={seat.level}
        disabled={busy}
        aria-describedby={`${id}-help`}
        onChange={(e) => run(() => api.addBot(lobby.id, seat.index, e.currentTarget.value))}
        data-testid={id}
      >
        {levels.map((l) => (
          <option key={l} value={l}>
            {levelName(l)}
          </option>
        ))}
      </select>
      <small id={`${id}-help`}>{LEVEL_HINTS[seat.level] ? t(LEVEL_HINTS[seat.level]!) : ""}</small>
    </div>
  );
}

function SeatRow({ seat, lobby, busy, run }: { seat: LobbySeat; lobby: LobbyData; busy: boolean; run: (f: () => Promise<unknown>) => void }) {
  const id = lobby.id;
  const c = seatColor(seat.index, seat.color);
  return (
    <li class={`seat seat-${seat.kind} ${seat.you ? "seat-you" : ""}`} data-testid={`seat-${seat.index}`}>
      <SeatBadge seat={seat.index} color={seat.color} empty={seat.kind === "empty"} />
      <div class="seat-main">
        <div class="seat-name">
          {seat.kind === "empty" ? <em>{t("lobby.emptySeat")}</em> : seat.name}
          {seat.you ? <span class="tag">{t("lobby.tagYou")}</span> : null}
          {seat.host ? <span class="tag">{t("lobby.tagHost")}</span> : null}
        </div>
        <div class="seat-status">
          {seat.kind !== "empty" ? <span class="color-name">{colorName(c.name)}</span> : null}
          {seat.kind === "human" ? (
            <>
              <span class={seat.ready || seat.host ? "mark-ok" : "mark-wait"}>
                {seat.host ? t("lobby.markHost") : seat.ready ? t("lobby.markReady") : t("lobby.markWaiting")}
              </span>
              <span class={seat.connected ? "mark-on" : "mark-off"}>{seat.connected ? t("lobby.markOn") : t("lobby.markAway")}</span>
            </>
          ) : seat.kind === "bot" ? (
            <span class="mark-ok">{t("lobby.markComputer")}</span>
          ) : null}
          <span class="sr-only">{seatStatus(seat)}</span>
        </div>
        {seat.kind === "bot" ? <BotLevel seat={seat} lobby={lobby} busy={busy} run={run} /> : null}
      </div>
      <div class="seat-actions">
        {seat.kind === "empty" && lobby.host ? (
          <button
            type="button"
            class="btn-small"
            disabled={busy}
            onClick={() => run(() => api.addBot(id, seat.index))}
            aria-label={t("lobby.addComputerAt", { seat: seat.index + 1 })}
          >
            {t("lobby.addComputerShort")}
          </button>
        ) : null}
        {seat.kind === "empty" && lobby.you < 0 ? (
          <button
            type="button"
            class="btn-small"
            disabled={busy}
            onClick={() => run(() => api.sit(id, seat.index))}
            aria-label={t("lobby.sitHereAt", { seat: seat.index + 1 })}
          >
            {t("lobby.sitHere")}
          </button>
        ) : null}
        {seat.kind === "human" && lobby.host && !seat.you && lobby.forkAt > 0 ? (
          <button
            type="button"
            class="btn-small"
            disabled={busy}
            onClick={() =>
              run(async () => {
                await api.clearSeat(id, seat.index);
                return api.addBot(id, seat.index);
              })
            }
            aria-label={t("lobby.computerTakesAt", { name: seat.name, seat: seat.index + 1 })}
            data-testid={`seat-computer-${seat.index}`}
          >
            {t("lobby.computerTakes")}
          </button>
        ) : null}
        {seat.kind !== "empty" && lobby.host && !seat.you ? (
          <button
            type="button"
            class="btn-quiet btn-small"
            disabled={busy}
            onClick={() => run(() => api.clearSeat(id, seat.index))}
            aria-label={t("lobby.removeAt", { name: seat.name, seat: seat.index + 1 })}
          >
            {t("lobby.remove")}
          </button>
        ) : null}
      </div>
    </li>
  );
}

function OptionField({ opt, value, disabled, onChange }: { opt: GameOption; value: unknown; disabled: boolean; onChange: (v: unknown) => void }) {
  const id = `opt-${opt.key}`;
  const help = opt.help ? <small id={`${id}-help`}>{opt.help}</small> : null;
  const describedBy = opt.help ? `${id}-help` : undefined;
  switch (opt.kind) {
    case "bool":
      return (
        <div class="option option-bool">
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            disabled={disabled}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.currentTarget.checked)}
          />
          <label for={id}>{opt.label}</label>
          {help}
        </div>
      );
    case "int":
      return (
        <div class="option">
          <label for={id}>{opt.label}</label>
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={opt.min}
            max={opt.max}
            value={Number(value)}
            disabled={disabled}
            aria-describedby={describedBy}
            onChange={(e) => onChange(Number(e.currentTarget.value))}
          />
          {help}
        </div>
      );
    case "choice":
      return (
        <div class="option">
          <label for={id}>{opt.label}</label>
          <select id={id} value={String(value)} disabled={disabled} aria-describedby={describedBy} onChange={(e) => onChange(e.currentTarget.value)}>
            {opt.choices?.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          {help}
        </div>
      );
  }
}

function Options({ lobby, busy, run }: { lobby: LobbyData; busy: boolean; run: (f: () => Promise<unknown>) => void }) {
  const info = gameInfo(lobby.game);
  const opts = info?.options ?? [];
  const current = (o: GameOption) => (lobby.options[o.key] !== undefined ? lobby.options[o.key] : o.default);
  const change = (key: string, v: unknown) => run(() => api.options(lobby.id, { ...lobby.options, [key]: v }, lobby.turnSeconds));
  const own = lobby.pace.mode === "own";
  // At your own pace the turn timer is off: each turn has the pace's limit.
  const setPace = (p: Pace) => run(() => api.options(lobby.id, lobby.options, p.mode === "own" ? 0 : lobby.turnSeconds, p));
  const [timer, setTimer] = useState(String(lobby.turnSeconds));
  const [away, setAway] = useState(String(lobby.awaySeconds));
  const editable = lobby.host && lobby.status === "lobby";
  return (
    <section class="panel" aria-labelledby="opts-h">
      <h2 id="opts-h">{t("options.title")}</h2>
      {!editable ? <p class="hint">{t("options.hostOnly")}</p> : null}
      {opts.map((o) => (
        <OptionField
          key={o.key}
          opt={o}
          value={soloOn(o, lobby) || current(o)}
          disabled={!editable || busy || soloOn(o, lobby)}
          onChange={(v) => change(o.key, v)}
        />
      ))}
      <fieldset class="option pace-options" data-testid="opt-pace">
        <legend>{t("pace.title")}</legend>
        <label class="check">
          <input
            type="radio"
            name="pace"
            value="live"
            checked={!own}
            disabled={!editable || busy}
            onChange={() => setPace({ mode: "live" })}
            data-testid="pace-live"
          />
          {t("pace.live")}
        </label>
        <label class="check">
          <input
            type="radio"
            name="pace"
            value="own"
            checked={own}
            disabled={!editable || busy}
            aria-describedby="opt-pace-help"
            onChange={() => setPace({ mode: "own", limit: 24 * 3600, rule: "computer" })}
            data-testid="pace-own"
          />
          {t("pace.own")}
        </label>
        <small id="opt-pace-help">{t("pace.ownHelp")}</small>
        {own ? (
          <>
            <label for="opt-pace-limit">{t("pace.limit")}</label>
            <select
              id="opt-pace-limit"
              value={String(lobby.pace.limit)}
              disabled={!editable || busy}
              onChange={(e) => setPace({ ...lobby.pace, limit: Number(e.currentTarget.value) })}
              data-testid="pace-limit"
            >
              {PACE_LIMITS.map((l) => (
                <option key={l.seconds} value={String(l.seconds)}>
                  {limitWords(l.seconds)}
                </option>
              ))}
            </select>
            <label for="opt-pace-rule">{t("pace.rule")}</label>
            <select
              id="opt-pace-rule"
              value={lobby.pace.rule}
              disabled={!editable || busy}
              onChange={(e) => setPace({ ...lobby.pace, rule: e.currentTarget.value === "skip" ? "skip" : "computer" })}
              data-testid="pace-rule"
            >
              <option value="computer">{t("pace.ruleComputer")}</option>
              <option value="skip">{t("pace.ruleSkip")}</option>
            </select>
          </>
        ) : null}
      </fieldset>
      {own ? null : (
        <div class="option">
          <label for="opt-turn-timer">{t("options.turnTimer")}</label>
          <input
            id="opt-turn-timer"
            type="number"
            inputMode="numeric"
            min={0}
            max={3600}
            value={timer}
            disabled={!editable || busy}
            aria-describedby="opt-turn-timer-help"
            onInput={(e) => setTimer(e.currentTarget.value)}
            onChange={(e) => run(() => api.options(lobby.id, lobby.options, Math.max(0, Number(e.currentTarget.value) || 0)))}
          />
          <small id="opt-turn-timer-help">{t("options.turnTimerHelp")}</small>
        </div>
      )}
      <TimelineOptions lobby={lobby} busy={busy} run={run} />
      <div class="option">
        <label class="check">
          <input
            type="checkbox"
            checked={lobby.hints}
            disabled={!lobby.host || lobby.status === "finished" || busy}
            aria-describedby="opt-hints-help"
            onChange={(e) => run(() => api.hints(lobby.id, e.currentTarget.checked))}
            data-testid="opt-hints"
          />
          {t("options.hints")}
        </label>
        <small id="opt-hints-help">{t("options.hintsHelp")}</small>
      </div>
      {own ? null : (
        <div class="option">
          <label for="opt-away">{t("options.away")}</label>
          <input
            id="opt-away"
            type="number"
            inputMode="numeric"
            min={0}
            max={3600}
            value={away}
            disabled={!editable || busy}
            aria-describedby="opt-away-help"
            onInput={(e) => setAway(e.currentTarget.value)}
            onChange={(e) => run(() => api.room(lobby.id, { awaySeconds: Math.max(0, Number(e.currentTarget.value) || 0) }))}
          />
          <small id="opt-away-help">{t("options.awayHelp")}</small>
        </div>
      )}
    </section>
  );
}

/** ColourPicker lets a seated person choose a color no one else has. */
function ColourPicker({ lobby, seat, busy, run }: { lobby: LobbyData; seat: LobbySeat; busy: boolean; run: (f: () => Promise<unknown>) => void }) {
  const taken = new Set(lobby.seats.filter((s) => s.kind !== "empty" && s.index !== seat.index).map((s) => s.color.toLowerCase()));
  return (
    <section class="panel" aria-labelledby="colour-h">
      <h2 id="colour-h">{t("lobby.yourColor")}</h2>
      <div class="swatches" role="radiogroup" aria-label={t("lobby.yourColor")}>
        {PALETTE.map((c) => {
          const value = c.name.toLowerCase();
          const mine = seat.color.toLowerCase() === value;
          return (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={mine}
              class={`swatch ${mine ? "swatch-on" : ""}`}
              disabled={busy || taken.has(value)}
              onClick={() => run(() => api.sit(lobby.id, seat.index, value))}
              style={{ background: c.fill, color: c.ink }}
            >
              {mine ? "✓ " : ""}
              {colorName(c.name)}
              {taken.has(value) ? <span class="sr-only"> {t("lobby.taken")}</span> : null}
            </button>
          );
        })}
      </div>
    </section>
  );
}

export function Lobby({ store, lobby }: { store: TableStore; lobby: LobbyData }) {
  const [busy, run] = useRequest(store);
  const info = gameInfo(lobby.game);
  const link = inviteLink(lobby, linkBase());
  const watching = watchers(lobby);
  const me = lobby.seats.find((s) => s.you);
  const blocker = startBlocker(lobby);
  const tvLink = href({ name: "tv", code: lobby.tvCode });
  return (
    <div class="page lobby">
      <header class="masthead small">
        <a href="/" class="home-link">
          Harbor
        </a>
        <h1>{t("lobby.title", { game: lobby.gameName || info?.name || lobby.game })}</h1>
        <LanguagePicker />
      </header>

      {lobby.forkAt > 0 ? (
        <p class="banner-inline banner-fork" role="note" data-testid="fork-banner">
          {t("lobby.fork", { move: lobby.forkAt })} {lobby.host ? t("lobby.forkHost") : ""}
        </p>
      ) : null}

      <section class="panel actions" aria-labelledby="ready-h">
        <h2 id="ready-h" class="sr-only">
          {t("lobby.readyAndStart")}
        </h2>
        {me && !me.host ? (
          <button
            type="button"
            class={me.ready ? "" : "btn-primary"}
            disabled={busy}
            aria-pressed={me.ready}
            onClick={() => run(() => api.ready(lobby.id, !me.ready))}
            data-testid="ready"
          >
            {me.ready ? t("lobby.notReady") : t("lobby.ready")}
          </button>
        ) : null}
        {!me ? <p class="hint">{t("lobby.watching")}</p> : null}
        {lobby.host ? (
          <div class="stack">
            <button
              type="button"
              class="btn-primary btn-big"
              disabled={busy || blocker !== null}
              aria-describedby="start-why"
              onClick={() => run(() => api.start(lobby.id))}
              data-testid="start"
            >
              {t("lobby.start")}
            </button>
            <p id="start-why" class="hint" aria-live="polite">
              {blocker ?? t("lobby.everyoneReady")}
            </p>
          </div>
        ) : (
          <p class="hint">{t("lobby.hostStarts")}</p>
        )}
      </section>

      <section class="panel invite" aria-labelledby="invite-h">
        <h2 id="invite-h">{t("lobby.invite")}</h2>
        {address.value.loopbackOnly ? (
          <p class="banner-inline" role="note" data-testid="loopback-only">
            {t("lobby.loopbackOnly")}
          </p>
        ) : null}
        <div class="invite-grid">
          <img class="qr" src={qrSrc(lobby.id)} width={168} height={168} alt={t("lobby.qrAlt", { link })} />
          <div class="stack">
            <p>
              {t("lobby.shortCode")}{" "}
              <strong class="code" data-testid="join-code">
                {lobby.code}
              </strong>
            </p>
            <CopyLink link={link} />
            <a class="button" href={tvLink} target="_blank" rel="noopener" data-testid="open-tv">
              {t("lobby.openTv")}
            </a>
            <p class="hint">
              {tr("lobby.tvHow", {
                address: `${linkBase().replace(/^https?:\/\//, "")}/tv`,
                code: lobby.tvCode,
                b: (words) => <strong>{words}</strong>,
                c: (words) => (
                  <strong class="code" data-testid="tv-code">
                    {words}
                  </strong>
                ),
              })}
            </p>
          </div>
        </div>
      </section>

      <section class="panel" aria-labelledby="seats-h">
        <h2 id="seats-h">{t("lobby.seats")}</h2>
        <ul class="seats">
          {lobby.seats.map((s) => (
            <SeatRow key={s.index} seat={s} lobby={lobby} busy={busy} run={run} />
          ))}
        </ul>
        {lobby.host ? (
          <button type="button" disabled={busy || !lobby.seats.some((s) => s.kind === "empty")} onClick={() => run(() => api.addBot(lobby.id))}>
            {t("lobby.addComputer")}
          </button>
        ) : null}
        {lobby.host && watching.length ? (
          <p class="hint" data-testid="watchers">
            {t("lobby.watchers", { names: watching.map((m) => (m.online ? m.name : t("lobby.notConnected", { name: m.name }))).join(", ") })}
          </p>
        ) : null}
      </section>

      {me ? <ColourPicker lobby={lobby} seat={me} busy={busy} run={run} /> : null}
      <ChatPanel store={store} lobby={lobby} />
      <Options lobby={lobby} busy={busy} run={run} />
      {lobby.host ? <ChatRoomPanel id={lobby.id} /> : null}
      <HowTo game={lobby.game} options={lobby.options} />
    </div>
  );
}
