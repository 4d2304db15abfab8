// Harbor Holdings' trading: the open trade with the answers the server
// allows (accept, decline, counter, cancel), and the builder that composes a
// proposal or a counter-offer. The terms are free-form; the server judges
// them.

import { useEffect, useState } from "preact/hooks";
import { t } from "../../i18n/i18n";
import type { Move, Seat } from "../../protocol";
import { moveLabel, counterDraft, counterMove, draftWhy, proposeMove, seatName, sideText, tradeAnswers, tradeText, type TradeDraft } from "./moves";
import { MoveLine } from "../../components/Rules";
import { HoldingChip } from "./Panels";
import { holdingsOf, mayCounter, mayPropose, type HoldingsView, type Trade, type TradeSide } from "./view";

function SidePicker({
  legend,
  owner,
  side,
  cashMax,
  view,
  onChange,
  id,
}: {
  legend: string;
  owner: Seat;
  side: TradeSide;
  cashMax: number;
  view: HoldingsView;
  onChange: (s: TradeSide) => void;
  id: string;
}) {
  const hs = holdingsOf(view, owner);
  const toggle = (sp: number, on: boolean) => onChange({ ...side, properties: on ? [...side.properties, sp] : side.properties.filter((p) => p !== sp) });
  return (
    <fieldset class="trade-side">
      <legend>{legend}</legend>
      {hs.length === 0 ? <p class="hint">{t("holdings.pick.none")}</p> : null}
      <ul class="pick-list">
        {hs.map((sp) => (
          <li key={sp}>
            <label>
              <input
                type="checkbox"
                checked={side.properties.includes(sp)}
                onChange={(e) => toggle(sp, e.currentTarget.checked)}
                data-testid={`${id}-prop-${sp}`}
              />
              <HoldingChip space={sp} level={view.improvements[sp] ?? 0} />
            </label>
          </li>
        ))}
      </ul>
      <label class="coins-field">
        {t("holdings.fig.coins")}
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={cashMax}
          step={10}
          value={side.coins}
          onInput={(e) => onChange({ ...side, coins: Math.max(0, Math.floor(Number(e.currentTarget.value) || 0)) })}
          data-testid={`${id}-coins`}
        />
        <small>{t("holdings.pick.of", { n: cashMax })}</small>
      </label>
    </fieldset>
  );
}

/** TradeBuilder composes a proposal or a counter-offer; the server checks the terms. */
export function TradeBuilder({
  view,
  me,
  mode,
  initial,
  answering = null,
  send,
  onDone,
}: {
  view: HoldingsView;
  me: Seat;
  mode: "propose" | "counter";
  initial?: TradeDraft;
  answering?: Trade | null;
  send: (m: Move) => void;
  onDone: () => void;
}) {
  const others = view.order.filter((s) => s !== me && !view.out.includes(s));
  const [draft, setDraft] = useState<TradeDraft>(initial ?? { to: others[0] ?? -1, give: { properties: [], coins: 0 }, get: { properties: [], coins: 0 } });
  const other = draft.to;
  const why = draftWhy(draft, view, me, answering);
  const submit = (e: Event) => {
    e.preventDefault();
    // The builder stays open: if the server refuses the terms, the draft is still here to fix.
    // It closes when the trade it made opens (TradePanel resets on every change of the open trade).
    if (why === "") send(mode === "propose" ? proposeMove(draft) : counterMove(draft));
  };
  return (
    <form class="trade-builder" noValidate onSubmit={submit} aria-label={t(mode === "propose" ? "holdings.builder.propose" : "holdings.builder.counter")}>
      {mode === "propose" ? (
        <label>
          {t("holdings.builder.with")}{" "}
          <select
            value={String(other)}
            onChange={(e) => setDraft({ to: Number(e.currentTarget.value), give: draft.give, get: { properties: [], coins: 0 } })}
            data-testid="trade-with"
          >
            {others.map((s) => (
              <option key={s} value={String(s)}>
                {view.names[s]}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p>{t("holdings.builder.counterTo", { who: seatName(view.names, other) })}</p>
      )}
      <div class="trade-sides">
        <SidePicker
          id="give"
          legend={t("holdings.builder.give")}
          owner={me}
          side={draft.give}
          cashMax={view.cash[me] ?? 0}
          view={view}
          onChange={(give) => setDraft({ ...draft, give })}
        />
        <SidePicker
          id="get"
          legend={view.names[other] ? t("holdings.builder.getFrom", { who: view.names[other] }) : t("holdings.builder.getFromThem")}
          owner={other}
          side={draft.get}
          cashMax={view.cash[other] ?? 0}
          view={view}
          onChange={(get) => setDraft({ ...draft, get })}
        />
      </div>
      <p class="trade-summary" aria-live="polite">
        {t("holdings.builder.summary", { give: sideText(draft.give), get: sideText(draft.get) })}
      </p>
      <div class="row">
        <button type="submit" class="btn-primary" disabled={why !== ""} data-testid="trade-submit">
          {why || t(mode === "propose" ? "holdings.builder.send" : "holdings.builder.sendCounter")}
        </button>
        <button type="button" onClick={onDone}>
          {t("holdings.close")}
        </button>
      </div>
    </form>
  );
}

/** TradePanel shows the open trade with the answers the server allows, and the builder. */
export function TradePanel({
  view,
  me,
  legal,
  over,
  send,
  pending,
}: {
  view: HoldingsView;
  me: Seat;
  legal: Move[];
  over: boolean;
  send: (m: Move) => void;
  pending: boolean;
}) {
  const [building, setBuilding] = useState<"propose" | "counter" | null>(null);
  const open = view.trade;
  const tradeKey = open ? JSON.stringify(open) : "none";
  useEffect(() => setBuilding(null), [tradeKey]);
  const answers = tradeAnswers(legal);
  const counter = mayCounter(view, me, legal);
  const propose = mayPropose(view, me, over);
  return (
    <section class="panel trade" aria-labelledby="trade-h" data-testid="trade-panel">
      <h2 id="trade-h" tabIndex={-1}>
        {t("holdings.trade.title")}
      </h2>
      {open ? (
        <div class="open-trade" data-testid="open-trade">
          <p>{tradeText(open, view.names, me)}</p>
          <div class="row">
            {answers.map((m) => (
              <span class="move-choice" key={m.type}>
                <button
                  type="button"
                  class={m.type === "accept" ? "btn-primary" : ""}
                  disabled={pending}
                  onClick={() => send(m)}
                  data-testid={`trade-${m.type}`}
                  aria-describedby={`trade-line-${m.type}`}
                >
                  {moveLabel(m, view)}
                </button>
                <MoveLine game="holdings" type={m.type} id={`trade-line-${m.type}`} />
              </span>
            ))}
            {counter && building === null ? (
              <button type="button" onClick={() => setBuilding("counter")} data-testid="trade-counter">
                {t("holdings.trade.counter")}
              </button>
            ) : null}
          </div>
          {open.from !== me && open.to !== me ? <p class="hint">{t("holdings.trade.onlyThey", { who: seatName(view.names, open.to) })}</p> : null}
        </div>
      ) : (
        <p class="hint">{view.lastTrade || t("holdings.trade.none")}</p>
      )}
      {building === "counter" && open && counter ? (
        <TradeBuilder view={view} me={me} mode="counter" initial={counterDraft(open, view)} answering={open} send={send} onDone={() => setBuilding(null)} />
      ) : null}
      {building === "propose" && propose ? <TradeBuilder view={view} me={me} mode="propose" send={send} onDone={() => setBuilding(null)} /> : null}
      {propose && building === null ? (
        <button type="button" onClick={() => setBuilding("propose")} data-testid="trade-new">
          {t("holdings.trade.new")}
        </button>
      ) : null}
    </section>
  );
}
