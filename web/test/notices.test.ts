import { afterEach, describe, expect, it, vi } from "vitest";
import { keyBytes, minutesOf, timeOf, turnPushOn } from "../src/notices/client";
import { href, parseRoute } from "../src/router";

afterEach(() => vi.unstubAllGlobals());

/** browserSub is a PushSubscription of endpoint, with its unsubscribe. */
const browserSub = (endpoint: string) => ({
  endpoint,
  unsubscribe: vi.fn(async () => true),
  toJSON: () => ({ endpoint, keys: { p256dh: "k", auth: "a" } }),
});

describe("notices", () => {
  it("routes the notices page and a link code", () => {
    expect(parseRoute("/notices", "")).toEqual({ name: "notices" });
    expect(parseRoute("/link/K7Q2MX8P", "")).toEqual({ name: "link", code: "K7Q2MX8P" });
    expect(href({ name: "link", code: "K7Q2MX8P" })).toBe("/link/K7Q2MX8P");
    expect(href({ name: "notices" })).toBe("/notices");
  });

  it("decodes a base64url key to its bytes", () => {
    // 0xfb 0xff 0xfe needs both URL-safe characters.
    expect(Array.from(keyBytes("-__-"))).toEqual([0xfb, 0xff, 0xfe]);
    expect(keyBytes("BAAA").length).toBe(3);
    expect(Array.from(keyBytes("AQ"))).toEqual([1]);
  });

  it("turns quiet hours into minutes and back", () => {
    expect(minutesOf("22:30")).toBe(1350);
    expect(minutesOf("07:05")).toBe(425);
    expect(timeOf(1350)).toBe("22:30");
    expect(timeOf(0)).toBe("00:00");
  });

  it("subscribes afresh when the server holds this browser's endpoint for someone else", async () => {
    const old = browserSub("https://push.example/old");
    const fresh = browserSub("https://push.example/new");
    const subscribe = vi.fn(async () => fresh);
    vi.stubGlobal("Notification", { requestPermission: async () => "granted" });
    vi.stubGlobal("navigator", { serviceWorker: { ready: Promise.resolve({ pushManager: { getSubscription: async () => old, subscribe } }) } });
    const sent: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_: string, init: RequestInit) => {
        const { endpoint } = JSON.parse(String(init.body)) as { endpoint: string };
        sent.push(endpoint);
        return endpoint === old.endpoint
          ? new Response(JSON.stringify({ error: { code: "conflict", message: "registered to someone else" } }), { status: 409 })
          : new Response(JSON.stringify({ pushKey: "AQ", endpoints: [endpoint] }), { status: 200 });
      }),
    );
    const s = await turnPushOn("AQ");
    expect(sent).toEqual([old.endpoint, fresh.endpoint]);
    expect(old.unsubscribe).toHaveBeenCalledOnce();
    expect(subscribe).toHaveBeenCalledOnce();
    expect(s.endpoints).toEqual([fresh.endpoint]);
  });

  it("passes on other refusals without subscribing again", async () => {
    const old = browserSub("https://push.example/old");
    const subscribe = vi.fn();
    vi.stubGlobal("Notification", { requestPermission: async () => "granted" });
    vi.stubGlobal("navigator", { serviceWorker: { ready: Promise.resolve({ pushManager: { getSubscription: async () => old, subscribe } }) } });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ error: { code: "invalid", message: "push endpoint is longer" } }), { status: 400 })),
    );
    await expect(turnPushOn("AQ")).rejects.toThrow("push endpoint is longer");
    expect(old.unsubscribe).not.toHaveBeenCalled();
    expect(subscribe).not.toHaveBeenCalled();
  });
});
