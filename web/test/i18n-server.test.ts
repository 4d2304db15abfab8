// @vitest-environment happy-dom
// The person's language on the server: a choice in the page is told to
// the server; a browser with no choice of its own opens in the person's
// language (a linked device), and tells the server the one it opened in
// when the server keeps none; the TV follows its host's language unless
// its own browser chose one.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chooseAndRemember, followHostLanguage, LANG_KEY, lang, startLanguage, switchLanguage } from "../src/i18n/i18n";

/** server stands in for GET and PUT /api/lang, keeping what was put and the puts made. */
function server(kept: string) {
  const puts: string[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    expect(url).toBe("/api/lang");
    if (init?.method === "PUT") {
      kept = (JSON.parse(String(init.body)) as { lang: string }).lang;
      puts.push(kept);
    }
    // A plain answer rather than a Response: it settles in microtasks
    // alone, so a macrotask later (settled) every request has run.
    const answer = { lang: kept };
    return { ok: true, json: async () => answer } as unknown as Response;
  });
  vi.stubGlobal("fetch", fetch);
  return { puts };
}

/** settled lets the requests a call left running finish: they wait on microtasks only. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the person's language on the server", () => {
  beforeEach(() => {
    vi.stubGlobal("navigator", { languages: ["en-US"], language: "en-US" });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await switchLanguage("en");
  });

  it("tells the server a choice made in the page", async () => {
    const s = server("");
    await chooseAndRemember("de");
    await settled();
    expect(s.puts).toEqual(["de"]);
    expect(localStorage.getItem(LANG_KEY)).toBe("de");
  });

  it("keeps the pseudo language to the page", async () => {
    const s = server("es");
    await chooseAndRemember("pseudo");
    await settled();
    expect(s.puts).toEqual([]);
  });

  it("opens a browser with no choice of its own in the person's language, remembering nothing", async () => {
    const s = server("es");
    await startLanguage();
    await settled();
    expect(lang.value).toBe("es");
    expect(localStorage.getItem(LANG_KEY)).toBeNull();
    expect(s.puts).toEqual([]);
  });

  it("tells a server that keeps no language the one the page opened in", async () => {
    vi.stubGlobal("navigator", { languages: ["de-AT", "en"], language: "de-AT" });
    const s = server("");
    await startLanguage();
    await settled();
    expect(lang.value).toBe("de");
    expect(s.puts).toEqual(["de"]);
  });

  it("keeps this browser's own choice over the person's", async () => {
    localStorage.setItem(LANG_KEY, "de");
    const s = server("es");
    await startLanguage();
    await settled();
    expect(lang.value).toBe("de");
    expect(s.puts).toEqual([]);
  });

  it("tells a server that keeps no language this browser's own choice", async () => {
    localStorage.setItem(LANG_KEY, "es");
    const s = server("");
    await startLanguage();
    await settled();
    expect(lang.value).toBe("es");
    expect(s.puts).toEqual(["es"]);
  });

  it("opens in English when the server cannot be reached and the browser says nothing else", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("offline");
      }),
    );
    await startLanguage();
    expect(lang.value).toBe("en");
  });
});

describe("the TV follows its host's language", () => {
  afterEach(async () => {
    localStorage.clear();
    await switchLanguage("en");
  });

  it("switches to the host's language when the TV's browser chose none", async () => {
    await followHostLanguage("de");
    expect(lang.value).toBe("de");
    expect(localStorage.getItem(LANG_KEY)).toBeNull();
    await followHostLanguage("");
    expect(lang.value).toBe("de");
    await followHostLanguage("xx");
    expect(lang.value).toBe("de");
  });

  it("keeps the TV browser's own choice", async () => {
    localStorage.setItem(LANG_KEY, "es");
    await switchLanguage("es");
    await followHostLanguage("de");
    expect(lang.value).toBe("es");
  });
});
