// @vitest-environment happy-dom
// Pages that need the server, while it cannot be reached: they say so in our
// words, never the browser's fetch error, and recover by themselves when the
// network is back.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { offlineText, RETRY_MS } from "../src/components/Offline";

const OFFLINE_TEXT = offlineText();
import { Notices } from "../src/notices/Notices";
import { Join } from "../src/screens/Join";
import { freshRoot } from "./root";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

const RAW = "Failed to fetch";

/** server stubs fetch: while down, every request fails as the browser's does offline; else answer(path). */
function server(answer: (path: string) => unknown) {
  const s = { down: true, asked: [] as string[] };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      s.asked.push(path);
      if (s.down) throw new TypeError(RAW);
      return new Response(JSON.stringify(answer(path)), { status: 200 });
    }),
  );
  return s;
}

async function flush() {
  await act(() => new Promise<void>((done) => setImmediate(done)));
}

const offlineShown = () => root.querySelector("[data-testid=offline]")?.textContent ?? null;

describe("offline pages", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("the join page says the server cannot be reached instead of a form, and shows the invite once the network is back", async () => {
    const s = server(() => ({ gameName: "Neko", host: "Ana", status: "lobby" }));
    await act(() => render(<Join invite="AB12CD" go={() => {}} />, root));
    await flush();
    expect(offlineShown()).toBe(OFFLINE_TEXT);
    expect(root.querySelector("form")).toBeNull();
    expect(root.textContent).not.toContain(RAW);

    s.down = false;
    await act(() => void dispatchEvent(new Event("online")));
    await flush();
    expect(offlineShown()).toBeNull();
    expect(root.querySelector("h1")?.textContent).toBe("Join Ana's Neko table");
    expect(root.querySelector("form")).not.toBeNull();
  });

  it("the notices page keeps its heading, says the server cannot be reached, and tries again by itself", async () => {
    const s = server((path) =>
      path === "/api/devices" ? { this: "", devices: [] } : { pushKey: "AQ", endpoints: [], mailOn: false, quietFrom: 0, quietTo: 0 },
    );
    await act(() => render(<Notices go={() => {}} />, root));
    await flush();
    expect(root.querySelector("h1")?.textContent).toBe("Notices and devices");
    expect(offlineShown()).toBe(OFFLINE_TEXT);
    // Device links need the server too: no second, different message.
    expect(root.querySelectorAll("[role=alert]").length).toBe(1);
    expect(s.asked).toEqual(["/api/notices"]);

    // Still down at the next try: it keeps saying so.
    await act(() => void vi.advanceTimersByTime(RETRY_MS));
    await flush();
    expect(s.asked).toEqual(["/api/notices", "/api/notices"]);
    expect(offlineShown()).toBe(OFFLINE_TEXT);

    s.down = false;
    await act(() => void vi.advanceTimersByTime(RETRY_MS));
    await flush();
    expect(offlineShown()).toBeNull();
    expect(root.querySelector("#quiet-h")?.textContent).toBe("Quiet hours");
    expect(root.querySelector("#link-h")?.textContent).toBe("Link another device");
  });

  it("a page the server answered does not load again when the browser goes online", async () => {
    const s = server(() => ({ gameName: "Neko", host: "Ana", status: "lobby" }));
    s.down = false;
    await act(() => render(<Join invite="AB12CD" go={() => {}} />, root));
    await flush();
    await act(() => void dispatchEvent(new Event("online")));
    await flush();
    expect(s.asked).toEqual(["/api/invite/AB12CD"]);
  });
});
