// The table's status lines shared by every screen: LinkBanner while the
// WebSocket is down (it comes back by itself), NoticeBar for the server's last
// refusal or message, with a link to the topic of the refused rule, and
// Refused in place of a screen the server will not open for this browser.

import { useEffect } from "preact/hooks";
import type { TableStore } from "../state";
import { RuleLink } from "./Rules";
import { t, tr } from "../i18n/i18n";

/** LinkBanner says when the connection is down and that it is coming back by itself. */
export function LinkBanner({ store }: { store: TableStore }) {
  const st = store.link.value;
  const fatal = store.fatal.value;
  if (fatal) return null; // the screen shows a Refused panel instead
  if (st === "open") return null;
  const text =
    st === "connecting" ? t("status.connecting") : store.attempt.value > 1 ? t("status.reconnectingN", { n: store.attempt.value }) : t("status.reconnecting");
  return (
    <div class={`banner ${st === "connecting" ? "banner-info" : "banner-warn"}`} role="status" aria-live="polite" data-testid="link-status">
      <span class="spinner" aria-hidden="true" /> {text}
    </div>
  );
}

/** sentence capitalizes the server's message for a heading-like line. */
export const sentence = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Refused replaces a screen the server will not open for this browser (unknown table, not a member, expired code). */
export function Refused({ reason }: { reason: string }) {
  return (
    <div class="page">
      <section class="panel" role="alert">
        <h1>{t("status.refused")}</h1>
        <p>{sentence(reason)}.</p>
        <p>{tr("status.refusedHelp", { a: (w) => <a href="/">{w}</a> })}</p>
      </section>
    </div>
  );
}

/** NoticeBar shows the last refusal or message from the table, and lets it be dismissed. */
export function NoticeBar({ store }: { store: TableStore }) {
  const n = store.data.value.notice;
  const game = store.data.value.lobby?.game;
  useEffect(() => {
    if (n?.kind !== "info") return;
    const timer = setTimeout(() => store.dismiss(), 5000);
    return () => clearTimeout(timer);
  }, [n?.seq]);
  if (!n) return null;
  return (
    <div class={`notice notice-${n.kind}`} role={n.kind === "error" ? "alert" : "status"} data-testid="notice">
      <span>
        {n.kind === "error" ? t("status.notAllowed") : ""}
        {n.text}
        {n.rule && game ? (
          <>
            {" "}
            <RuleLink game={game} rule={n.rule} />
          </>
        ) : n.rule ? (
          <span class="rule-id">{t("status.rule", { rule: n.rule })}</span>
        ) : null}
      </span>
      <button type="button" class="btn-small" onClick={() => store.dismiss()} aria-label={t("status.dismiss")}>
        ✕
      </button>
    </div>
  );
}
