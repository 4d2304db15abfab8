import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../api";
import { t } from "../i18n/i18n";

/** What a page that needs the server says while the server cannot be reached. */
export const offlineText = () => t("offline.text");

/** How often a page that could not reach the server tries again, besides when the browser says it is online. */
export const RETRY_MS = 15_000;

/** unreachable reports whether a failed request never reached the server (no network, server down). */
export const unreachable = (e: unknown) => e instanceof ApiError && e.detail.code === "offline";

/**
 * useLoad runs load on mount and whenever key changes. When load fails
 * because the server cannot be reached, it reports offline and tries again
 * when the browser comes back online and every RETRY_MS, so the page recovers
 * without a reload; any other failure goes to onError.
 */
export function useLoad(load: () => Promise<void>, onError: (e: unknown) => void, key: unknown = null): boolean {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    let live = true;
    let down = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      clearTimeout(timer);
      load().then(
        () => {
          down = false;
          if (live) setOffline(false);
        },
        (e: unknown) => {
          if (!live) return;
          down = unreachable(e);
          if (!down) {
            setOffline(false);
            onError(e);
            return;
          }
          setOffline(true);
          timer = setTimeout(attempt, RETRY_MS);
        },
      );
    };
    attempt();
    // Only a page that is waiting for the server loads again when the network returns.
    const online = () => down && attempt();
    globalThis.addEventListener?.("online", online);
    return () => {
      live = false;
      clearTimeout(timer);
      globalThis.removeEventListener?.("online", online);
    };
  }, [key]);
  return offline;
}

/** OfflineNotice is the panel a page shows instead of what it could not fetch. */
export function OfflineNotice() {
  return (
    <section class="panel" role="alert" data-testid="offline">
      <p>{offlineText()}</p>
    </section>
  );
}
