// The notices and device-link API (docs/api.md, "Turn notices" and
// "Linked devices"), and the browser's side of Web Push.

import { errorText } from "../i18n/errors";
import { t } from "../i18n/i18n";
import { ApiError, call } from "../api";
import { recentTables, rememberTable } from "../recent";

export interface NoticeSettings {
  /** the server's VAPID public key (base64url), to subscribe with */
  pushKey: string;
  /** this device's push endpoints the server holds */
  endpoints: string[];
  /** the server can send e-mail */
  mailOn: boolean;
  mail?: string;
  confirmed?: boolean;
  /** quiet hours: minutes of the day in zone; equal values mean none */
  quietFrom: number;
  quietTo: number;
  zone?: string;
}

export interface Device {
  id: string;
  name: string;
  created: string;
}

export interface DeviceList {
  /** this device's id; "" for the browser the identity began on */
  this: string;
  devices: Device[];
}

export interface LinkCode {
  code: string;
  link: string;
  /** a data: URL of the link's QR code */
  qr: string;
  /** Unix milliseconds */
  expires: number;
}

export const notices = {
  settings: () => call<NoticeSettings>("GET", "/api/notices"),
  pushOn: (sub: PushSubscriptionJSON) => call<NoticeSettings>("POST", "/api/notices/push", sub),
  pushOff: (endpoint: string) => call<NoticeSettings>("POST", "/api/notices/push/off", { endpoint }),
  mail: (address: string) => call<NoticeSettings>("POST", "/api/notices/mail", { address }),
  quiet: (from: number, to: number, zone: string) => call<NoticeSettings>("POST", "/api/notices/quiet", { from, to, zone }),
  devices: () => call<DeviceList>("GET", "/api/devices"),
  /** linkCode asks for a one-time code that also carries this browser's tables. */
  linkCode: () => call<LinkCode>("POST", "/api/devices/code", { tables: recentTables() }),
  /** link makes this browser the code's person and adds the code's tables to its list. */
  link: async (code: string) => {
    const r = await call<{ tables?: unknown }>("POST", "/api/devices/link", { code });
    const tables = Array.isArray(r?.tables) ? r.tables.filter((t): t is string => typeof t === "string") : [];
    for (const t of [...tables].reverse()) rememberTable(t);
  },
  unlink: (id: string) => call<DeviceList>("DELETE", `/api/devices/${encodeURIComponent(id)}`),
};

/** registerWorker installs the service worker (app shell offline, notices). */
export function registerWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js").catch(() => {
    // No worker (an old browser, a private window): the app runs without it.
  });
}

/** pushSupported reports whether this browser can receive pushed notices. */
export function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** keyBytes decodes a base64url key. */
export function keyBytes(b64url: string): Uint8Array<ArrayBuffer> {
  const b64 = b64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((b64url.length + 3) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** currentSubscription is this browser's push subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/**
 * PUSH_WAIT_MS is how long the browser may take to subscribe before the page
 * gives up: a push service that does not answer leaves the browser's promise
 * pending for good. Asking for permission is not timed: that waits on the
 * person, who may take their time.
 */
export const PUSH_WAIT_MS = 20_000;

/** PushFailure is a way turning notices on fails that the page names itself. */
export class PushFailure extends Error {
  constructor(readonly kind: "blocked" | "dismissed" | "timeout") {
    super(kind);
  }
}

/** withTimeout settles as work does, or fails with a PushFailure("timeout") after ms. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushFailure("timeout")), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * pushFailureText is what the page says when turning notices on (on) or off
 * failed. The browser's own error text is never shown: it differs between
 * browsers and often names their internals; the server's refusals are ours.
 */
export function pushFailureText(e: unknown, on: boolean): string {
  const name = e instanceof PushFailure ? e.kind : e instanceof ApiError ? "api" : e instanceof Error ? e.name : "";
  const state = on ? "on" : "off";
  switch (name) {
    case "api":
      return errorText(e, "notices.failed");
    case "blocked":
    case "NotAllowedError":
      return t("push.blocked");
    case "dismissed":
      return t("push.dismissed");
    case "NotSupportedError":
      return t("push.unsupported");
    case "timeout":
      return t("push.timeout", { state });
    default:
      return t("push.failed", { state });
  }
}

/**
 * turnPushOn asks for permission, subscribes and tells the server. When the
 * server holds this browser's endpoint for someone else (the browser was
 * another person before), it subscribes afresh for an endpoint of its own.
 * Each step of the browser's own is given PUSH_WAIT_MS to answer.
 */
export async function turnPushOn(pushKey: string): Promise<NoticeSettings> {
  const perm = await Notification.requestPermission();
  if (perm === "denied") throw new PushFailure("blocked");
  if (perm !== "granted") throw new PushFailure("dismissed");
  const reg = await withTimeout(navigator.serviceWorker.ready, PUSH_WAIT_MS);
  const fresh = () => withTimeout(reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(pushKey) }), PUSH_WAIT_MS);
  const sub = (await withTimeout(reg.pushManager.getSubscription(), PUSH_WAIT_MS)) ?? (await fresh());
  try {
    return await notices.pushOn(sub.toJSON());
  } catch (e) {
    if (!(e instanceof ApiError && e.detail.code === "conflict")) throw e;
    await sub.unsubscribe();
    return notices.pushOn((await fresh()).toJSON());
  }
}

/** turnPushOff unsubscribes this browser and tells the server. */
export async function turnPushOff(): Promise<NoticeSettings> {
  const sub = await currentSubscription();
  if (!sub) return notices.settings();
  const endpoint = sub.endpoint;
  await sub.unsubscribe();
  return notices.pushOff(endpoint);
}

/** minutesOf turns "HH:MM" into minutes of the day; timeOf the reverse. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h || 0) * 60 + (m || 0);
}

export function timeOf(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
}
