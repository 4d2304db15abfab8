// Harborfall's trading and discards: supply trades at the viewer's best
// rate, an offer to one player or all, answers, counters and the offerer's
// pick, and the discard a 7 asks for, all built from the legal moves and the
// view's offer.

import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "../../i18n/i18n";
import type { Move, Seat } from "../../protocol";
import { ResourceIcon } from "./Board";
import { answerText, counterMove, counterStart, counterWhy, discardMove, moveLabel, offerMove, offerText, recipients, termsWhy } from "./moves";
import { hand, handText, handTotal, type Hand, type HarborfallView } from "./view";

const EMPTY: Hand = [0, 0, 0, 0, 0];

/** HandPicker chooses a number of cards of each resource with − and + buttons. */
export function HandPicker({
  value,
  onChange,
  names,
  max,
  label,
  testid,
}: {
  value: Hand;
  onChange: (h: Hand) => void;
  names: string[];
  max?: Hand;
  label: string;
  testid: string;
}) {
  const set = (r: number, n: number) => onChange(value.map((x, i) => (i === r ? n : x)) as Hand);
  return (
    <fieldset class="hf-picker" data-testid={testid}>
      <legend>{label}</legend>
      {value.map((n, r) => {
        const top = max ? max[r]! : 9;
        return (
          <div class="hf-pick-row" key={r}>
            <ResourceIcon r={r} />
            <span class="hf-card-name">{names[r]}</span>
            <button
              type="button"
              class="btn-small"
              disabled={n <= 0}
              onClick={() => set(r, n - 1)}
              aria-label={t("harborfall.picker.less", { res: names[r] ?? "", label })}
            >
              −
            </button>
            {/* The count says what it counts, so a screen reader announces "2 lumber (You give)", not a bare "2". */}
            <output aria-live="polite" aria-atomic="true" data-res={r}>
              {n}
              <span class="sr-only"> {t("harborfall.picker.count", { res: names[r] ?? "", label })}</span>
            </output>
            <button
              type="button"
              class="btn-small"
              disabled={n >= top}
              onClick={() => set(r, n + 1)}
              aria-label={t("harborfall.picker.more", { res: names[r] ?? "", label })}
              data-plus={r}
            >
              +
            </button>
          </div>
        );
      })}
    </fieldset>
  );
}

interface Props {
  view: HarborfallView;
  legal: Move[];
  send: (m: Move) => void;
  busy: boolean;
}

/** SupplyTrades lists the supply trades open now, grouped by what is given, at the viewer's best rate. */
function SupplyTrades({ view: v, legal, send, busy }: Props) {
  const bank = legal.filter((m) => m.type === "bank");
  const me = v.me;
  if (!me) return null;
  const gives = [0, 1, 2, 3, 4].filter((r) => bank.some((m) => hand(m.give)[r]! > 0));
  return (
    <div class="hf-bank" data-testid="bank">
      <h3>{t("harborfall.bank.title")}</h3>
      <p class="hint">
        {t("harborfall.bank.rates", { rates: me.rates.map((n, r) => t("harborfall.bank.rate", { res: v.resources[r] ?? "", n })).join(", ") })}
      </p>
      {gives.length === 0 ? <p class="hint">{t("harborfall.bank.none")}</p> : null}
      {gives.map((r) => (
        <div class="hf-bank-row" key={r}>
          <span>
            {t("harborfall.bank.give", { n: me.rates[r] ?? 0 })} <ResourceIcon r={r} size={18} /> {t("harborfall.bank.for_one", { res: v.resources[r] ?? "" })}
          </span>
          <div class="row">
            {bank
              .filter((m) => hand(m.give)[r]! > 0)
              .map((m) => {
                const g = hand(m.get).findIndex((n) => n > 0);
                return (
                  <button key={g} type="button" class="btn-small" disabled={busy} onClick={() => send(m)} aria-label={moveLabel(m, v)} data-bank={`${r}-${g}`}>
                    <ResourceIcon r={g} size={18} /> {v.resources[g]}
                  </button>
                );
              })}
          </div>
        </div>
      ))}
    </div>
  );
}

/** OfferBuilder makes an offer to one player or everyone, with give and get pickers. */
function OfferBuilder({ view: v, send, busy }: Props) {
  const [give, setGive] = useState<Hand>(EMPTY);
  const [get, setGet] = useState<Hand>(EMPTY);
  const [to, setTo] = useState<Seat>(-1);
  const me = v.me;
  if (!me) return null;
  const why = termsWhy(give, get, me.hand);
  const ok = why === "";
  return (
    <div class="hf-offer-builder" data-testid="offer-builder">
      <h3>{t("harborfall.offer.title", { n: v.offersLeft })}</h3>
      <div class="trade-sides">
        <HandPicker value={give} onChange={setGive} names={v.resources} max={me.hand} label={t("harborfall.offer.give")} testid="offer-give" />
        <HandPicker value={get} onChange={setGet} names={v.resources} label={t("harborfall.offer.get")} testid="offer-get" />
      </div>
      <label class="hf-to">
        {t("harborfall.offer.to")}{" "}
        <select value={String(to)} onChange={(e) => setTo(Number((e.target as HTMLSelectElement).value))} data-testid="offer-to">
          <option value="-1">{t("harborfall.offer.everyone_option")}</option>
          {v.players.map((p, s) =>
            s === v.viewer ? null : (
              <option key={s} value={String(s)}>
                {p.name}
              </option>
            ),
          )}
        </select>
      </label>
      <button
        type="button"
        class="btn-primary"
        disabled={busy || !ok}
        onClick={() => {
          send(offerMove(to, give, get));
          setGive(EMPTY);
          setGet(EMPTY);
        }}
        data-testid="send-offer"
      >
        {ok ? t("harborfall.offer.send", { give: handText(give), get: handText(get) }) : why}
      </button>
    </div>
  );
}

/** OpenOffer shows the open offer: answers for a recipient, picks for the offerer, who answered what for everyone. */
function OpenOffer({ view: v, legal, send, busy }: Props) {
  const o = v.offer!;
  const me = v.viewer;
  const [countering, setCountering] = useState(false);
  const held = v.me?.hand ?? EMPTY;
  const start = counterStart(o, held);
  const [give, setGive] = useState<Hand>(start.give);
  const [get, setGet] = useState<Hand>(start.get);
  const why = counterWhy(o, give, get, held);
  const answers = legal.filter((m) => m.type === "accept" || m.type === "decline");
  const picks = legal.filter((m) => m.type === "pick" || m.type === "cancel");
  const waiting = answers.length > 0;
  return (
    <div class="hf-open-offer" data-testid="open-offer">
      <h3 id="hf-offer-h" tabIndex={-1}>
        {t("harborfall.offer.open")}
      </h3>
      <p data-testid="offer-text">{t("harborfall.offer.sentence", { offer: offerText(v, me) })}</p>
      <ul class="hf-answers">
        {recipients(v).map((s) => (
          <li key={s} data-answer={o.answers[s] ?? 0} data-seat={s}>
            {t("harborfall.offer.answer", { who: s === me ? t("harborfall.offer.you_answer") : (v.players[s]?.name ?? ""), answer: answerText(v, s) })}
          </li>
        ))}
      </ul>
      {waiting ? (
        <div class="row">
          {answers.map((m) => (
            <button key={m.type} type="button" class={m.type === "accept" ? "btn-primary" : ""} disabled={busy} onClick={() => send(m)} data-move={m.type}>
              {moveLabel(m, v)}
            </button>
          ))}
          <button type="button" aria-expanded={countering} onClick={() => setCountering(!countering)} data-testid="counter-open">
            {t("harborfall.offer.counter")}
          </button>
        </div>
      ) : null}
      {waiting && !answers.some((m) => m.type === "accept") ? <p class="hint">{t("harborfall.offer.cannot_accept", { cards: handText(o.get) })}</p> : null}
      {waiting && countering && v.me ? (
        <div class="hf-counter">
          <div class="trade-sides">
            <HandPicker value={give} onChange={setGive} names={v.resources} max={v.me.hand} label={t("harborfall.offer.give")} testid="counter-give" />
            <HandPicker value={get} onChange={setGet} names={v.resources} label={t("harborfall.offer.get")} testid="counter-get" />
          </div>
          <button type="button" class="btn-primary" disabled={busy || why !== ""} onClick={() => send(counterMove(give, get))} data-testid="send-counter">
            {why || moveLabel(counterMove(give, get), v)}
          </button>
        </div>
      ) : null}
      {picks.length > 0 ? (
        <div class="row">
          {picks.map((m) => {
            const s = typeof m.seat === "number" ? m.seat : 0;
            const c = o.answers[s] === 3 ? o.counters[s] : null;
            return (
              <button
                key={`${m.type}${s}`}
                type="button"
                class={m.type === "pick" ? "btn-primary" : ""}
                disabled={busy}
                onClick={() => send(m)}
                data-move={m.type}
                data-seat={s}
              >
                {moveLabel(m, v)}
                {c ? t("harborfall.offer.pick_terms", { give: handText(c.get), get: handText(c.give) }) : ""}
              </button>
            );
          })}
        </div>
      ) : o.from === me ? (
        <p class="hint">{t("harborfall.offer.waiting")}</p>
      ) : null}
    </div>
  );
}

/** TradePanel gathers trading: the open offer, supply trades and the offer builder, when each is open to the viewer. */
export function TradePanel(props: Props) {
  const v = props.view;
  const bank = props.legal.some((m) => m.type === "bank");
  if (!v.offer && !v.canOffer && !bank) return null;
  return (
    <section class="panel hf-trade" aria-labelledby="hf-trade-h">
      <h2 id="hf-trade-h">{t("harborfall.trade.title")}</h2>
      {v.offer ? <OpenOffer {...props} /> : null}
      {!v.offer && (bank || v.canOffer) ? <SupplyTrades {...props} /> : null}
      {!v.offer && v.canOffer ? <OfferBuilder {...props} /> : null}
    </section>
  );
}

/** DiscardPanel lets a player who owes a discard choose the cards, all at once. */
export function DiscardPanel({ view: v, send, busy }: Props) {
  const me = v.me;
  const owed = v.viewer >= 0 ? (v.players[v.viewer]?.owed ?? 0) : 0;
  const [pick, setPick] = useState<Hand>(EMPTY);
  const ref = useRef<HTMLElement>(null);
  const show = me !== null && owed > 0 && v.phase === "discard";
  // Everyone owing discards at once: bring the choice into view on every phone.
  useEffect(() => {
    if (show) ref.current?.scrollIntoView({ block: "start" });
  }, [show]);
  if (!me || !show) return null;
  const n = handTotal(pick);
  return (
    <section class="panel hf-discard" aria-labelledby="hf-discard-h" data-testid="discard" ref={ref}>
      <h2 id="hf-discard-h">{t("harborfall.discard.title", { n: owed })}</h2>
      <p class="hint">{t("harborfall.discard.hint", { n: owed })}</p>
      <HandPicker value={pick} onChange={setPick} names={v.resources} max={me.hand} label={t("harborfall.discard.label")} testid="discard-pick" />
      <button
        type="button"
        class="btn-primary"
        disabled={busy || n !== owed}
        onClick={() => {
          send(discardMove(pick));
          setPick(EMPTY);
        }}
        data-testid="send-discard"
      >
        {n === owed
          ? t("harborfall.move.discard", { cards: handText(pick) })
          : owed > n
            ? t("harborfall.discard.more", { n: owed - n })
            : t("harborfall.discard.fewer", { n: n - owed })}
      </button>
    </section>
  );
}
