import { useEffect } from "preact/hooks";
import type { TableStore } from "../state";

/** LinkBanner says when the connection is down and that it is coming back by itself. */
export function LinkBanner({ store }: { store: TableStore }) {
  const st = store.link.value;
  const fatal = store.fatal.value;
  if (fatal) {
    return (
      <div class="banner banner-error" role="alert">
        {fatal} <a href="/">Back to the start</a>
      </div>
    );
  }
  if (st === "open") return null;
  const text =
    st === "connecting"
      ? "Connecting to the table…"
      : `Connection lost. Reconnecting${store.attempt.value > 1 ? ` (attempt ${store.attempt.value})` : ""}…`;
  return (
    <div class={`banner ${st === "connecting" ? "banner-info" : "banner-warn"}`} role="status" aria-live="polite" data-testid="link-status">
      <span class="spinner" aria-hidden="true" /> {text}
    </div>
  );
}

/** NoticeBar shows the last refusal or message from the table, and lets it be dismissed. */
export function NoticeBar({ store }: { store: TableStore }) {
  const n = store.data.value.notice;
  useEffect(() => {
    if (!n || n.kind !== "info") return;
    const t = setTimeout(() => store.dismiss(), 5000);
    return () => clearTimeout(t);
  }, [n?.seq]);
  if (!n) return null;
  return (
    <div class={`notice notice-${n.kind}`} role={n.kind === "error" ? "alert" : "status"} data-testid="notice">
      <span>
        {n.kind === "error" ? "Not allowed: " : ""}
        {n.text}
        {n.rule ? <span class="rule-id"> (rule {n.rule})</span> : null}
      </span>
      <button type="button" class="btn-small" onClick={() => store.dismiss()} aria-label="Dismiss message">
        ✕
      </button>
    </div>
  );
}
