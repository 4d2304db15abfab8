// CardDialog is a card opened large, the same in every game: a modal dialog
// named by its heading, with the game's own card content, the actions the card
// offers now, and Close. The focus starts on the heading, so the card is read
// from its top even on a 320 px phone, and stays inside the dialog (Tab and
// Shift+Tab go round); Escape, Close and a tap outside the card close it, and
// the focus goes back to the card that opened it.

import { type ComponentChildren, type CSSProperties, toChildArray } from "preact";
import { useId, useLayoutEffect, useRef } from "preact/hooks";
import { t } from "../i18n/i18n";

/** FOCUSABLE is what Tab can reach inside the dialog. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** tabStops lists the controls Tab reaches inside root, in order. */
function tabStops(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest("[hidden], [inert]"));
}

/**
 * keepTabInside sends Tab and Shift+Tab round the controls of a modal dialog: past its last
 * control Tab goes back to its first instead of out to the browser's own bar.
 */
export function keepTabInside(e: KeyboardEvent, d: HTMLElement) {
  if (e.key !== "Tab") return;
  const stops = tabStops(d);
  if (!stops.length) return;
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  const at = document.activeElement;
  const inside = stops.includes(at as HTMLElement);
  if (e.shiftKey ? !inside || at === first : !inside || at === last) {
    // Round from either end; from the heading (or anywhere else) Shift+Tab goes to the last control, Tab to the first.
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}

export interface CardDialogProps {
  /** the card's name as the game draws it: the dialog's heading and its accessible name */
  title: ComponentChildren;
  /** the heading's class and style, for a game's own band or size */
  titleClass?: string;
  titleStyle?: CSSProperties;
  /** the card's class and style: the game's look of a large card */
  class?: string;
  style?: CSSProperties;
  /** the card's identity, as data-card on the dialog */
  card?: string;
  /** the moves the card offers now, each a button, shown above Close */
  actions?: ComponentChildren;
  onClose: () => void;
  /** the control that opened the dialog, given the focus back on closing; else what had the focus when it opened */
  opener?: { current: HTMLElement | null };
  /** the card's content between its heading and its actions */
  children?: ComponentChildren;
}

export function CardDialog({ title, titleClass, titleStyle, class: cls, style, card, actions, onClose, opener, children }: CardDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  // Whether the press that may end in a click began on the backdrop: a text selection dragged out of the card must not close it.
  const downOutside = useRef(false);
  // A layout effect, so the dialog is modal and Escape works from the moment it shows.
  useLayoutEffect(() => {
    const d = ref.current;
    const back = opener?.current ?? (document.activeElement as HTMLElement | null);
    if (d && !d.open) {
      if (typeof d.showModal === "function") d.showModal();
      else d.setAttribute("open", "");
    }
    d?.querySelector<HTMLElement>(".card-dialog-title")?.focus();
    return () => {
      // Close first: while a modal dialog is open the page behind it cannot take the focus.
      if (d?.open) {
        if (typeof d.close === "function") d.close();
        else d.removeAttribute("open");
      }
      if (back?.isConnected) back.focus();
    };
  }, []);
  const onKeyDown = (e: KeyboardEvent) => {
    const d = ref.current;
    if (!d) return;
    if (e.key === "Escape") {
      e.preventDefault();
      onClose();
      return;
    }
    keepTabInside(e, d);
  };
  return (
    <dialog
      ref={ref}
      class="card-dialog"
      aria-labelledby={id}
      data-testid="card-dialog"
      data-card={card}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onPointerDown={(e) => {
        downOutside.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget && downOutside.current) onClose();
        downOutside.current = false;
      }}
    >
      <div class={`card-dialog-card ${cls ?? ""}`} style={style}>
        <h2 id={id} class={`card-dialog-title ${titleClass ?? ""}`} style={titleStyle} tabIndex={-1}>
          {title}
        </h2>
        {children}
        {toChildArray(actions).length ? <div class="card-dialog-actions">{actions}</div> : null}
        <button type="button" class="card-dialog-close" onClick={onClose}>
          {t("frame.close")}
        </button>
      </div>
    </dialog>
  );
}
