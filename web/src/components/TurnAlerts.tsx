// Making a person notice their turn, at every game: the tab's title, a
// vibration where the device has one, a sound if they turned it on, and a
// notification while the page is hidden; during play the Screen Wake Lock
// keeps the screen on. AlertSettings holds the person's switches.

import { signal } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import { isMyTurn, type TableStore } from "../state";
import { t } from "../i18n/i18n";

const SOUND_KEY = "harbor.turnSound";

/** turnSound is the person's choice of a sound on their turn (off unless they turn it on). */
export const turnSound = signal<boolean>(globalThis.localStorage?.getItem(SOUND_KEY) === "1");

function setTurnSound(on: boolean): void {
  turnSound.value = on;
  try {
    localStorage.setItem(SOUND_KEY, on ? "1" : "0");
  } catch {
    /* kept for this page only */
  }
}

/** turnTitle is the tab's title: it says so when it is your turn. */
export function turnTitle(base: string, myTurn: boolean): string {
  return myTurn ? t("alerts.title", { base }) : base;
}

/** beep plays a short two-note chime with the Web Audio API. */
function beep(): void {
  const Ctx = globalThis.AudioContext;
  if (!Ctx) return;
  const ctx = new Ctx();
  const now = ctx.currentTime;
  [660, 880].forEach((f, i) => {
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.frequency.value = f;
    g.gain.setValueAtTime(0.0001, now + i * 0.15);
    g.gain.exponentialRampToValueAtTime(0.2, now + i * 0.15 + 0.02);
    g.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.15 + 0.14);
    o.connect(g).connect(ctx.destination);
    o.start(now + i * 0.15);
    o.stop(now + i * 0.15 + 0.15);
  });
  setTimeout(() => void ctx.close(), 600);
}

/**
 * useTurnAlerts makes a person notice their turn: the tab title, a
 * vibration where the browser can, the chosen sound, and a notification
 * while the page is hidden (when they allowed them). During play it keeps
 * the screen awake, asking again when the page is shown again.
 */
export function useTurnAlerts(store: TableStore, gameName: string): void {
  const g = store.data.value.game;
  const playing = g !== null && !g.result.over;
  const mine = playing && isMyTurn(g);
  const was = useRef(false);

  useEffect(() => {
    const base = "Harbor";
    document.title = turnTitle(gameName ? `${gameName} · ${base}` : base, mine);
    if (mine && !was.current) {
      navigator.vibrate?.([120, 60, 120]);
      if (turnSound.value) beep();
      if (document.hidden && "Notification" in globalThis && Notification.permission === "granted") {
        try {
          new Notification(t("alerts.yourTurn"), { body: t("alerts.waits", { game: gameName || "Harbor" }), tag: "harbor-turn" });
        } catch {
          /* some phones only notify from a service worker */
        }
      }
    }
    was.current = mine;
  }, [mine, gameName]);
  useEffect(() => () => void (document.title = "Harbor"), []);

  useEffect(() => {
    if (!playing || !("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let live = true;
    const acquire = () => {
      if (document.visibilityState !== "visible" || (lock && !lock.released)) return;
      navigator.wakeLock.request("screen").then(
        (l) => {
          if (live) lock = l;
          else void l.release();
        },
        () => {
          /* refused (battery saver): the screen may dim */
        },
      );
    };
    acquire();
    document.addEventListener("visibilitychange", acquire);
    return () => {
      live = false;
      document.removeEventListener("visibilitychange", acquire);
      void lock?.release();
    };
  }, [playing]);
}

/** AlertSettings are the person's switches: a sound on their turn, and notifications. */
export function AlertSettings() {
  const canNotify = "Notification" in globalThis;
  const permission = canNotify ? Notification.permission : "denied";
  return (
    <div class="alert-settings">
      <label class="toggle">
        <input type="checkbox" checked={turnSound.value} onChange={(e) => setTurnSound(e.currentTarget.checked)} data-testid="turn-sound" />
        {t("alerts.sound")}
      </label>
      {canNotify && permission === "default" ? (
        <button type="button" class="btn-small" onClick={() => void Notification.requestPermission().then(() => setTurnSound(turnSound.value))}>
          {t("alerts.notify")}
        </button>
      ) : null}
    </div>
  );
}
