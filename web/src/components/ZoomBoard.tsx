// ZoomBoard wraps a game's board on a phone, where the whole board fits the
// width but its names are too small to read: "Zoom in", "Zoom out" and "Fit"
// buttons, a pinch of two fingers and a double tap enlarge it, and a zoomed
// board pans inside its frame (one finger, a wheel, the scroll bars, or the
// keyboard moving between its spaces).
//
// The board is enlarged with CSS zoom, which lays the board out again at the
// larger size rather than painting a picture of it: a tap lands on the space
// under the finger, and the spoken labels and the focus order stay the same.
// On a laptop or wider (900 px and up) the board is shown as it is.

import type { ComponentChildren } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { t } from "../i18n/i18n";

/** The zoom steps the buttons walk through; 4 brings every drawn board's smallest text past 12 px on a 320 px phone. */
export const ZOOM_STEPS = [1, 1.5, 2, 3, 4];
/** the zoom a double tap on the fitted board goes to, at most */
const DOUBLE_TAP_ZOOM = 3;
const PHONE = "(max-width: 899px)";

function usePhone(): boolean {
  const query = globalThis.matchMedia?.(PHONE);
  const [phone, setPhone] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const on = () => setPhone(query.matches);
    query.addEventListener("change", on);
    return () => query.removeEventListener("change", on);
  }, []);
  return phone;
}

export function ZoomBoard({
  label,
  center,
  max = 4,
  class: extra = "",
  children,
}: {
  /** what the board is, for the buttons' spoken names ("the island") */
  label: string;
  /** a selector inside the board brought to the middle of the frame when the buttons zoom in (the player's own token) */
  center?: string;
  /** the largest zoom: a board of HTML text that is readable already needs less than a drawn one */
  max?: number;
  class?: string;
  children: ComponentChildren;
}) {
  const phone = usePhone();
  const steps = ZOOM_STEPS.filter((s) => s <= max);
  const top = Math.max(...steps);
  const clamp = (s: number) => Math.min(top, Math.max(1, s));
  const doubleTap = Math.min(DOUBLE_TAP_ZOOM, top);
  const [scale, setScale] = useState(1);
  // The width the board fits at, measured while it is fitted; a zoomed board is laid out at this width.
  const [fitWidth, setFitWidth] = useState(0);
  const frame = useRef<HTMLDivElement>(null);
  // Where the next layout should keep still: a point of the frame (from its top left) and the zoom before.
  const anchor = useRef<{ x: number; y: number; from: number } | null>(null);
  const wantCenter = useRef(false);
  const zoom = phone ? scale : 1;

  useEffect(() => {
    if (!phone) setScale(1);
  }, [phone]);

  // The fitted width follows the page (a rotated phone, a resized window): the
  // frame's width, measured from the board around it, never from its zoomed content.
  useEffect(() => {
    const f = frame.current;
    const outer = f?.parentElement;
    if (!f || !outer || typeof ResizeObserver === "undefined") return;
    const measure = () => setFitWidth(outer.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(outer);
    return () => ro.disconnect();
  }, []);

  const zoomTo = (next: number, at?: { x: number; y: number }) => {
    const f = frame.current;
    const s = clamp(next);
    if (!f || s === scale) return;
    anchor.current = { x: at?.x ?? f.clientWidth / 2, y: at?.y ?? f.clientHeight / 2, from: scale };
    setScale(s);
  };

  // After a zoom, scroll so that the point under the fingers (or the frame's middle) stays where it was.
  useLayoutEffect(() => {
    const f = frame.current;
    const a = anchor.current;
    anchor.current = null;
    if (!f) return;
    if (wantCenter.current && center) {
      wantCenter.current = false;
      const target = f.querySelector(center);
      if (target) {
        const fr = f.getBoundingClientRect();
        const tr = target.getBoundingClientRect();
        f.scrollLeft += tr.left + tr.width / 2 - (fr.left + f.clientWidth / 2);
        f.scrollTop += tr.top + tr.height / 2 - (fr.top + f.clientHeight / 2);
        return;
      }
    }
    if (!a) return;
    const k = zoom / a.from;
    f.scrollLeft = (f.scrollLeft + a.x) * k - a.x;
    f.scrollTop = (f.scrollTop + a.y) * k - a.y;
  }, [zoom]);

  // Pinch: two fingers on the board zoom it about their midpoint; the browser's own page zoom is kept out of the board.
  const live = useRef(scale);
  live.current = scale;
  useEffect(() => {
    const f = frame.current;
    if (!f || !phone) return;
    let start: { d: number; s: number } | null = null;
    const spread = (t: TouchList) => {
      const a = t[0];
      const b = t[1];
      if (!a || !b) return null;
      const r = f.getBoundingClientRect();
      return { d: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY), x: (a.clientX + b.clientX) / 2 - r.left, y: (a.clientY + b.clientY) / 2 - r.top };
    };
    const onStart = (e: TouchEvent) => {
      const p = spread(e.touches);
      if (p && p.d > 0) start = { d: p.d, s: live.current };
    };
    const onMove = (e: TouchEvent) => {
      const p = spread(e.touches);
      if (!start || !p) return;
      e.preventDefault();
      const s = clamp((start.s * p.d) / start.d);
      if (Math.abs(s - live.current) < 0.02) return;
      anchor.current = { x: p.x, y: p.y, from: live.current };
      live.current = s;
      setScale(s);
    };
    const onEnd = (e: TouchEvent) => {
      if (e.touches.length < 2) start = null;
    };
    f.addEventListener("touchstart", onStart, { passive: true });
    f.addEventListener("touchmove", onMove, { passive: false });
    f.addEventListener("touchend", onEnd);
    f.addEventListener("touchcancel", onEnd);
    return () => {
      f.removeEventListener("touchstart", onStart);
      f.removeEventListener("touchmove", onMove);
      f.removeEventListener("touchend", onEnd);
      f.removeEventListener("touchcancel", onEnd);
    };
  }, [phone]);

  // Double tap: in to a readable size about the tapped point, or back to the fitted board.
  // A finger's double tap is read from its taps; the dblclick a browser may send after it is
  // left alone, whenever it comes (it carries the time it is sent, not the taps' time, so on
  // a busy phone it can come a second after them). A mouse's double click is the dblclick.
  const lastTap = useRef<{ t: number; x: number; y: number } | null>(null);
  const lastPointer = useRef("");
  const onPointerUp = (e: PointerEvent) => {
    if (e.isPrimary) lastPointer.current = e.pointerType;
    if (!phone || e.pointerType === "mouse" || !e.isPrimary) return;
    const f = frame.current;
    if (!f) return;
    const r = f.getBoundingClientRect();
    const tap = { t: e.timeStamp, x: e.clientX - r.left, y: e.clientY - r.top };
    const last = lastTap.current;
    if (last && tap.t - last.t < 350 && Math.hypot(tap.x - last.x, tap.y - last.y) < 30) {
      lastTap.current = null;
      zoomTo(scale > 1 ? 1 : doubleTap, tap);
    } else lastTap.current = tap;
  };
  const onDblClick = (e: MouseEvent) => {
    const f = frame.current;
    if (!phone || !f || lastPointer.current !== "mouse") return;
    const r = f.getBoundingClientRect();
    zoomTo(scale > 1 ? 1 : doubleTap, { x: e.clientX - r.left, y: e.clientY - r.top });
  };

  const step = (dir: 1 | -1) => {
    const next = dir > 0 ? steps.find((s) => s > scale + 0.01) : [...steps].reverse().find((s) => s < scale - 0.01);
    if (next === undefined) return;
    if (dir > 0 && scale === 1) wantCenter.current = true;
    zoomTo(next);
  };

  const zoomed = zoom > 1;
  return (
    <div class={`zoom-board ${zoomed ? "zoom-on" : ""} ${extra}`} data-zoom={zoom}>
      {phone ? (
        <div class="zoom-bar">
          <button
            type="button"
            class="btn-small"
            onClick={() => step(1)}
            disabled={scale >= top}
            aria-label={t("frame.zoomInOn", { label })}
            data-testid="zoom-in"
          >
            {t("frame.zoomIn")}
          </button>
          <button
            type="button"
            class="btn-small"
            onClick={() => step(-1)}
            disabled={scale <= 1}
            aria-label={t("frame.zoomOutOf", { label })}
            data-testid="zoom-out"
          >
            {t("frame.zoomOut")}
          </button>
          <button
            type="button"
            class="btn-small"
            onClick={() => zoomTo(1)}
            disabled={scale <= 1}
            aria-label={t("frame.fitLabel", { label })}
            data-testid="zoom-fit"
          >
            {t("frame.fit")}
          </button>
          <span class="zoom-level">{Math.round(zoom * 100)}%</span>
        </div>
      ) : null}
      <div class="zoom-frame" ref={frame} onPointerUp={onPointerUp} onDblClick={onDblClick}>
        <div class="zoom-inner" style={zoomed && fitWidth ? { zoom, width: `${fitWidth}px` } : undefined}>
          {children}
        </div>
      </div>
    </div>
  );
}
