// @vitest-environment happy-dom
// "Turn notices on": what the page says when the browser refuses, fails or
// never answers, and the button's states while it waits. The browser's own
// error text never reaches the page.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../src/api";
import { PUSH_WAIT_MS, PushFailure, pushFailureText } from "../src/notices/client";
import { PushPanel } from "../src/notices/Notices";
import { freshRoot } from "./root";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

const RAW = "Registration failed - permission denied by the push service internals";
const domError = (name: string) => new DOMException(RAW, name);

describe("pushFailureText", () => {
  it("tells how to allow notices when the browser refuses them", () => {
    for (const e of [domError("NotAllowedError"), new PushFailure("blocked")]) {
      const text = pushFailureText(e, true);
      expect(text).toMatch(/site settings/);
      expect(text).toMatch(/Notifications to Allow/);
      expect(text).not.toContain(RAW);
    }
  });

  it("asks again for permission when the question was dismissed", () => {
    expect(pushFailureText(new PushFailure("dismissed"), true)).toMatch(/choose Allow when the browser asks/);
  });

  it("says when the browser cannot receive notices", () => {
    expect(pushFailureText(domError("NotSupportedError"), true)).toBe("This browser cannot receive notices.");
  });

  it("says the browser took too long, and which way the notices stay", () => {
    expect(pushFailureText(new PushFailure("timeout"), true)).toMatch(/did not answer in time, so notices are still off/);
    expect(pushFailureText(new PushFailure("timeout"), false)).toMatch(/still on/);
  });

  it("gives a short message of our own for any other failure", () => {
    for (const e of [domError("AbortError"), domError("InvalidStateError"), new TypeError(RAW), RAW, null]) {
      expect(pushFailureText(e, true)).toBe("Notices could not be turned on. Try again in a moment.");
      expect(pushFailureText(e, false)).toBe("Notices could not be turned off. Try again in a moment.");
    }
  });

  it("passes on the server's own refusal, which is in our words", () => {
    expect(pushFailureText(new ApiError(400, { code: "invalid", message: "push endpoint is too long" }), true)).toBe("push endpoint is too long");
  });
});

/** settings is what GET /api/notices answers, push off. */
const settings = { pushKey: "AQ", endpoints: [], mailOn: false, quietFrom: 0, quietTo: 0 };

/** browser stubs a browser that can receive notices, whose subscribe is given. */
function browser(subscribe: () => Promise<unknown>, permission = "granted") {
  const pushManager = { getSubscription: async () => null, subscribe: vi.fn(subscribe) };
  vi.stubGlobal("Notification", { requestPermission: vi.fn(async () => permission) });
  vi.stubGlobal("PushManager", function PushManager() {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }), getRegistration: async () => ({ pushManager }) },
  });
  return pushManager;
}

const button = () => root.querySelector("button")!;
const waitLine = () => root.querySelector("[data-testid=push-wait]")!.textContent;
const alertText = () => root.querySelector("[role=alert]")?.textContent ?? "";

/**
 * flush lets every promise chain the panel started settle (a macrotask runs
 * only once no microtask is left; setImmediate is not among the faked timers)
 * and the screen update.
 */
async function flush() {
  await act(() => new Promise<void>((done) => setImmediate(done)));
}

async function showPanel() {
  await act(() => render(<PushPanel s={settings} set={() => {}} />, root));
  await flush();
  expect(button().textContent).toBe("Turn notices on");
  expect(button().disabled).toBe(false);
}

describe("the Turn notices on button", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, "serviceWorker");
  });

  it("waits visibly while the browser does not answer, then gives up with our message", async () => {
    const pm = browser(() => new Promise(() => {}));
    await showPanel();
    button().click();
    await flush();
    expect(pm.subscribe).toHaveBeenCalledOnce();
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe("Turning notices on…");
    expect(waitLine()).toBe("Waiting for the browser to answer…");
    expect(alertText()).toBe("");

    await act(async () => void vi.advanceTimersByTime(PUSH_WAIT_MS - 1));
    await flush();
    expect(button().disabled).toBe(true);

    await act(async () => void vi.advanceTimersByTime(1));
    await flush();
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe("Turn notices on");
    expect(waitLine()).toBe("");
    expect(alertText()).toMatch(/did not answer in time, so notices are still off/);
  });

  it("maps the browser's refusal to how to allow notices, never its own text", async () => {
    browser(async () => {
      throw domError("NotAllowedError");
    });
    await showPanel();
    button().click();
    await flush();
    expect(alertText()).toMatch(/site settings/);
    expect(root.textContent).not.toContain(RAW);
    expect(button().disabled).toBe(false);
    expect(waitLine()).toBe("");
  });

  it("says notices are blocked when the permission is denied, without subscribing", async () => {
    const pm = browser(async () => ({}), "denied");
    await showPanel();
    button().click();
    await flush();
    expect(pm.subscribe).not.toHaveBeenCalled();
    expect(alertText()).toMatch(/blocks notices from Harbor/);
  });

  it("gives a generic message for any other failure of the browser", async () => {
    browser(async () => {
      throw domError("AbortError");
    });
    await showPanel();
    button().click();
    await flush();
    expect(alertText()).toBe("Notices could not be turned on. Try again in a moment.");
    expect(root.textContent).not.toContain(RAW);
  });
});
