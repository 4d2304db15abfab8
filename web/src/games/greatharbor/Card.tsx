// The Great Harbor's cards on screen: a card face (color, name, kind, cost,
// Prestige, a ship's figures and the effect in icons and a few words) that a
// tap, Enter or Space opens large in a dialog with its rules line. The same
// face is drawn, without the button, on the TV. Every screen that shows a
// Person, Building or Ship card draws it with Card.

import { t } from "../../i18n/i18n";
import { type ComponentChildren, createContext, Fragment } from "preact";
import { useContext, useRef, useState } from "preact/hooks";
import { CardDialog } from "../../components/CardDialog";
import { type CardKind, cardWords, type CardWords } from "./cards";
import { Amount, COLOUR_FILLS, COLOUR_INKS, COLOUR_MARKS, Icon, RES_ICONS } from "./icons";
import { colourName, costText } from "./words";

/** bandStyle is a card's band colors: its color's fill and ink. */
const bandStyle = (w: CardWords) => ({ background: COLOUR_FILLS[w.colour] ?? "#888", color: COLOUR_INKS[w.colour] ?? "#fff" });

/** BandText is what the band says: the color's shape mark (so color is never the only sign), the name and the Prestige. */
function BandText({ w, prestige }: { w: CardWords; prestige?: boolean }) {
  return (
    <>
      <span class="gh-card-mark" aria-hidden="true">
        {COLOUR_MARKS[w.colour]}
      </span>
      <span class="gh-card-name">{w.name}</span>
      {prestige && w.prestige > 0 ? (
        <span class="gh-card-prestige">
          <span class="sr-only">{t("greatharbor.ui.card.worth")}</span>
          <Amount n={w.prestige} icon="prestige" />
        </span>
      ) : null}
    </>
  );
}

/** Band is the band across a card's top in its color. */
function Band({ w, prestige }: { w: CardWords; prestige?: boolean }) {
  return (
    <span class="gh-card-band" style={bandStyle(w)}>
      <BandText w={w} prestige={prestige} />
    </span>
  );
}

/** Cost is a card's price as counted icons, or "free". */
function Cost({ cost }: { cost: number[] }) {
  const parts = cost.flatMap((k, r) => (k > 0 ? [<Amount key={r} n={k} icon={RES_ICONS[r]!} />] : []));
  return parts.length ? parts : <span class="gh-card-free">{t("greatharbor.ui.free")}</span>;
}

/** Effect is the short effect: its icons (the words say what they mean) and the words. */
function Effect({ w }: { w: CardWords }) {
  return (
    <>
      {w.icons.map((name) => (
        <Icon key={name} name={name} size={18} label={false} />
      ))}{" "}
      {w.short}
    </>
  );
}

/** Pause is the comma a screen reader says between the parts of a face, which are lines on screen. */
const Pause = () => <span class="sr-only">{", "}</span>;

/** CardFace is what a small card shows, as phrasing content, so it fits inside a button. */
export function CardFace({ w, note, tv }: { w: CardWords; note?: string; tv?: boolean }) {
  if (tv) return <TvFace w={w} note={note} />;
  return (
    <>
      <Band w={w} prestige />
      <Pause />
      <span class="gh-card-kind">
        {w.kindName} · {w.when}
      </span>
      <Pause />
      <span class="gh-card-cost">
        <span class="gh-card-label">{t("greatharbor.ui.card.cost")}</span> <Cost cost={w.cost} />
      </span>
      {w.figures.length ? (
        <>
          <Pause />
          <span class="gh-card-figs">
            {w.figures.map((f, i) => (
              <span key={f.name} class="gh-card-fig">
                {i ? <span class="sr-only">{", "}</span> : null}
                {f.name} <b>{f.value}</b>
              </span>
            ))}
          </span>
        </>
      ) : null}
      {w.short ? (
        <>
          <Pause />
          <span class="gh-card-effect">
            <Effect w={w} />
          </span>
        </>
      ) : null}
      {note ? (
        <>
          <Pause />
          <span class="gh-card-note">{note}</span>
        </>
      ) : null}
    </>
  );
}

/** Dot separates the parts of the TV's face on screen; Pause says it. */
const Dot = () => <span aria-hidden="true">{" · "}</span>;

/** TvFace is the TV's face: the band, then cost, figures and effect flowing as one text, so nine cards fit beside the Harbor. */
function TvFace({ w, note }: { w: CardWords; note?: string }) {
  return (
    <>
      <Band w={w} prestige />
      <Pause />
      <span class="gh-card-body">
        <span class="sr-only">{t("greatharbor.ui.card.cost_spoken")}</span>
        <span class="gh-card-cost">
          <Cost cost={w.cost} />
        </span>
        {w.figures.map((f) => (
          <Fragment key={f.name}>
            <span class="sr-only">{", "}</span>
            {f.key === "speed" ? <Dot /> : " "}
            <span class="gh-card-fig">
              {f.name} <b>{f.value}</b>
            </span>
          </Fragment>
        ))}
        {w.short ? (
          <>
            <span class="sr-only">{", "}</span>
            <Dot />
            <span class="gh-card-effect">
              <Effect w={w} />
            </span>
          </>
        ) : null}
        {note ? (
          <>
            <span class="sr-only">{", "}</span>
            <Dot />
            <span class="gh-card-note">{note}</span>
          </>
        ) : null}
      </span>
    </>
  );
}

/** CardLarge is a card opened large, with its rules line, the actions given as children, and Close. */
export function CardLarge({
  kind,
  n,
  note,
  onClose,
  back,
  children,
}: {
  kind: CardKind;
  n: number;
  note?: string;
  onClose: () => void;
  /** where the focus goes back to when the dialog closes */
  back?: { current: HTMLElement | null };
  children?: ComponentChildren;
}) {
  const w = cardWords(kind, n);
  if (!w) return null;
  return (
    <CardDialog
      title={<BandText w={w} />}
      titleClass="gh-card-band"
      titleStyle={bandStyle(w)}
      class={`gh-card-big gh-card-${kind}`}
      style={{ borderColor: COLOUR_FILLS[w.colour] }}
      card={`${kind}-${n}`}
      actions={children}
      onClose={onClose}
      opener={back}
    >
      <p class="gh-card-kind">
        {w.kindName} · {colourName(w.colour)} · {w.when}
      </p>
      <dl class="gh-card-facts">
        <dt>{t("greatharbor.ui.card.cost")}</dt>
        <dd data-testid="card-cost">
          <Cost cost={w.cost} /> <span class="gh-card-words">{costText(w.cost)}</span>
        </dd>
        {w.prestige > 0 ? (
          <>
            <dt>{t("greatharbor.ui.card.prestige")}</dt>
            <dd data-testid="card-prestige">
              <Amount n={w.prestige} icon="prestige" />
            </dd>
          </>
        ) : null}
        {w.figures.map((f) => (
          <Fragment key={f.name}>
            <dt>{f.name}</dt>
            <dd data-figure={f.name}>{f.value}</dd>
          </Fragment>
        ))}
      </dl>
      {w.short ? (
        <p class="gh-card-effect" data-testid="card-effect">
          <Effect w={w} />
        </p>
      ) : null}
      <p class="gh-card-rule" data-testid="card-rule">
        {w.rule}
      </p>
      {note ? <p class="gh-card-note">{note}</p> : null}
    </CardDialog>
  );
}

/** OnTv is true inside the TV screen, where a card is its face alone: nobody taps a TV. */
export const OnTv = createContext(false);

/**
 * Card is one Person, Building or Ship card (the engine's index n of its
 * kind): a button showing its face that opens it large; on the TV the face
 * alone (tv, or inside OnTv). note adds what the card's place says (used, staffed, at sea);
 * children are actions offered in the large view.
 */
export function Card({
  kind,
  n,
  note,
  tv,
  testid,
  children,
}: {
  kind: CardKind;
  n: number;
  note?: string;
  tv?: boolean;
  testid?: string;
  children?: ComponentChildren;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const onTv = useContext(OnTv);
  const w = cardWords(kind, n);
  if (!w) return null;
  const cls = ["gh-card", `gh-card-${kind}`].join(" ");
  if (tv || onTv)
    return (
      <div class={`${cls} gh-card-tv`} data-card={`${kind}-${n}`} data-testid={testid}>
        <CardFace w={w} note={note} tv />
      </div>
    );
  return (
    <>
      <button ref={button} type="button" class={cls} aria-haspopup="dialog" onClick={() => setOpen(true)} data-card={`${kind}-${n}`} data-testid={testid}>
        <CardFace w={w} note={note} />
      </button>
      {open ? (
        <CardLarge kind={kind} n={n} note={note} back={button} onClose={() => setOpen(false)}>
          {children}
        </CardLarge>
      ) : null}
    </>
  );
}
