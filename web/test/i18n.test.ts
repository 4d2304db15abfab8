// @vitest-environment happy-dom
// The page's language, chosen as people expect (the person's choice, else
// the browser's languages, else English), and the words each language says:
// plurals, lists and numbers, a server's refusal, and the pseudo language.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "../src/api";
import { duration } from "../src/deadline";
import de from "../src/i18n/de.json";
import en from "../src/i18n/en.json";
import { errorText, whyRefused } from "../src/i18n/errors";
import { decodeError } from "../src/protocol";
import { errorText as moveRefusal } from "../src/state";
import {
  chooseAndRemember,
  chooseLanguage,
  formatList,
  LANG_KEY,
  lang,
  type MessageId,
  startLanguage,
  switchLanguage,
  t,
  tr,
  unknownSaid,
} from "../src/i18n/i18n";
import { pseudoText } from "../src/i18n/pseudo";
import { startBlocker } from "../src/lobby";
import { lobby, seat } from "./fixtures";

describe("choosing the language", () => {
  // No server here: the person's language on the server is
  // i18n-server.test.ts's.
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 404 })),
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await switchLanguage("en");
  });

  it("takes the person's own choice first, then the browser's languages, then English", () => {
    expect(chooseLanguage("es", ["de-DE", "en"])).toBe("es");
    expect(chooseLanguage(null, ["de-AT", "en"])).toBe("de");
    expect(chooseLanguage(null, ["fr-FR", "es-MX", "de"])).toBe("es");
    expect(chooseLanguage(null, ["fr", "it"])).toBe("en");
    expect(chooseLanguage(null, [])).toBe("en");
    expect(chooseLanguage("klingon", ["es"])).toBe("es");
    expect(chooseLanguage("pseudo", ["de"])).toBe("pseudo");
  });

  it("never picks the pseudo language from the browser", () => {
    expect(chooseLanguage(null, ["pseudo", "de"])).toBe("de");
  });

  it("remembers a choice in this browser, and a new page opens in it over the browser's language", async () => {
    await chooseAndRemember("es");
    expect(localStorage.getItem(LANG_KEY)).toBe("es");
    expect(t("lobby.start")).toBe("Empezar la partida");
    expect(document.documentElement.lang).toBe("es");
    await switchLanguage("en");
    await startLanguage();
    expect(lang.value).toBe("es");
  });

  it("opens in the browser's language when the person has not chosen", async () => {
    Object.defineProperty(navigator, "languages", { value: ["de-CH", "en"], configurable: true });
    await startLanguage();
    expect(lang.value).toBe("de");
    expect(t("lobby.start")).toBe("Spiel starten");
  });
});

describe("words in each language", () => {
  afterEach(() => switchLanguage("en"));

  it("keeps English as it was", () => {
    expect(t("home.movesSince", { n: 1 })).toBe("1 move since you looked");
    expect(formatList(["Ana", "Bo", "Cy"])).toBe("Ana, Bo and Cy");
    expect(duration(3 * 86_400_000 + 4 * 3_600_000)).toBe("3 days 4 h");
  });

  it("says plurals, lists and numbers in German and Spanish", async () => {
    await switchLanguage("de");
    expect(t("home.movesSince", { n: 1 })).toBe("1 Zug seit deinem letzten Blick");
    expect(t("home.movesSince", { n: 1200 })).toBe("1.200 Züge seit deinem letzten Blick");
    expect(startBlocker(lobby([seat(0, { host: true }), seat(1, { name: "Bo" }), seat(2, { name: "Cy" })]))).toBe("Warte darauf, dass Bo und Cy bereit sind.");
    expect(duration(86_400_000 * 2)).toBe("2 Tage");
    await switchLanguage("es");
    expect(t("lobby.needsPlayers", { need: 1 })).toMatch(/^Falta 1 jugador:/);
    expect(t("lobby.needsPlayers", { need: 2 })).toMatch(/^Faltan 2 jugadores:/);
    expect(formatList(["Ana", "Bo", "Cy"])).toBe("Ana, Bo y Cy");
  });

  it("words a refusal that carries a message in the reader's language", async () => {
    const refused = new ApiError(409, { code: "conflict", message: "Bo is not ready yet", msg: { id: "api.notReady", v: { name: "Bo" } } });
    expect(errorText(refused, "home.openFailed")).toBe("Bo is not ready yet");
    expect(moveRefusal({ code: "conflict", message: "x", msg: { id: "api.notReady", v: { name: "Bo" } } })).toBe("Bo is not ready yet");
    await switchLanguage("de");
    expect(errorText(refused, "home.openFailed")).toBe("Bo ist noch nicht bereit");
    expect(moveRefusal({ code: "conflict", message: "x", msg: { id: "api.notReady", v: { name: "Bo" } } })).toBe("Bo ist noch nicht bereit");
    expect(decodeError({ error: { code: "conflict", message: "x", msg: { id: "api.notReady", v: { name: "Bo" } } } }).msg).toEqual({
      id: "api.notReady",
      v: { name: "Bo" },
    });
    expect(decodeError({ code: "conflict", message: "x", msg: "not a message" }).msg).toBeUndefined();
  });

  it("keeps the ids it was asked to say that no catalog has", () => {
    unknownSaid.clear();
    expect(t("home.movesSince", { n: 2 })).toBe("2 moves since you looked");
    expect(unknownSaid.size).toBe(0);
    expect(t(".moved" as MessageId)).toBe(".moved");
    expect(t(".moved" as MessageId)).toBe(".moved");
    expect([...unknownSaid]).toEqual([".moved"]);
    unknownSaid.clear();
  });

  it("says a refusal's amounts in the reader's number format", async () => {
    const range = new ApiError(400, { code: "invalid", message: "x", msg: { id: "api.timerRange", v: { max: 604800 } } });
    const moves = new ApiError(400, { code: "invalid", message: "x", msg: { id: "api.noSuchMove", v: { last: 1200 } } });
    expect(errorText(range, "home.openFailed")).toBe("The turn timer is 0 (off) to 604,800 seconds.");
    await switchLanguage("de");
    expect(errorText(range, "home.openFailed")).toBe("Der Zugtimer liegt zwischen 0 (aus) und 604.800 Sekunden.");
    expect(errorText(moves, "home.openFailed")).toMatch(/ 1\.200\b/);
    // A number a plural counts stays a number for the plural to choose by.
    const count = new ApiError(409, { code: "conflict", message: "x", msg: { id: "api.playerCount", v: { game: "Pile", min: 2, max: 6, n: 1 } } });
    expect(errorText(count, "home.openFailed")).toBe("Pile braucht 2 bis 6 Spieler; 1 Platz ist besetzt.");
  });

  it("words the lobby's and home screen's refusals by their message, with counts and names", async () => {
    const refusal = (code: string, message: string, id: string, v?: Record<string, unknown>) =>
      new ApiError(409, { code, message, msg: { id, ...(v ? { v } : {}) } });
    const taken = refusal("conflict", "seat 2 is taken", "api.seatTaken", { n: 3 });
    const long = refusal("invalid", "a name is at most 24 characters", "api.nameTooLong", { n: 24 });
    const count = refusal("conflict", "Pile needs 2 to 6 players; 1 seats are filled", "api.playerCount", { game: "Pile", min: 2, max: 6, n: 1 });
    expect(errorText(taken, "home.openFailed")).toBe("Seat 3 is taken.");
    expect(errorText(count, "home.openFailed")).toBe("Pile needs 2 to 6 players; 1 seat is filled.");
    await switchLanguage("de");
    expect(errorText(taken, "home.openFailed")).toBe("Platz 3 ist besetzt.");
    expect(errorText(long, "home.openFailed")).toBe("Ein Name hat höchstens 24 Zeichen.");
    expect(errorText(count, "home.openFailed")).toBe("Pile braucht 2 bis 6 Spieler; 1 Platz ist besetzt.");
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: "forbidden", message: "join the table first", msg: { id: "api.joinWithInvite" } } }), {
            status: 403,
            headers: { "Content-Type": "application/json" },
          }),
      ),
    );
    expect(await whyRefused(() => api.table("t"))).toBe("Tritt zuerst dem Tisch bei, mit seinem Einladungslink oder Code.");
    vi.unstubAllGlobals();
    await switchLanguage("es");
    expect(errorText(long, "home.openFailed")).toBe("Un nombre tiene como máximo 24 caracteres.");
  });

  it("says a server's refusal by its code outside English, and in the server's words in English", async () => {
    const refused = new ApiError(409, { code: "conflict", message: "Bo is not ready yet" });
    expect(errorText(refused, "home.openFailed")).toBe("Bo is not ready yet");
    expect(errorText(new Error("x"), "home.openFailed")).toBe("The table could not be opened.");
    await switchLanguage("de");
    expect(errorText(refused, "home.openFailed")).toBe(de["error.conflict"]);
    expect(errorText(new ApiError(418, { code: "http_418", message: "teapot" }), "home.openFailed")).toBe(de["home.openFailed"]);
  });

  it("lengthens every string by about a third with accents in the pseudo language, placeholders kept", async () => {
    expect(pseudoText("Start the game")).toBe("Štáártt théé gááméé");
    // Every placeholder gets 2 (a plural's "other", a select's "other"), every tag its words.
    const tag = (w: unknown[]) => w.join("");
    const tagsOf = (id: keyof typeof en) => new Set([...en[id].matchAll(/<(\w+)>/g)].map((m) => m[1]));
    const values = (id: keyof typeof en) => new Proxy({}, { get: (_, k) => (tagsOf(id).has(String(k)) ? tag : 2), has: () => true });
    const say = (id: keyof typeof en) => {
      const out = tr(id, values(id));
      return Array.isArray(out) ? out.join("") : String(out);
    };
    const english = Object.fromEntries((Object.keys(en) as (keyof typeof en)[]).map((id) => [id, say(id)]));
    await switchLanguage("pseudo");
    for (const id of Object.keys(en) as (keyof typeof en)[]) {
      const letters = english[id]!.replace(/[^\p{L}]/gu, "").length;
      if (letters < 3) continue;
      const shown = say(id);
      expect([id, shown.length >= english[id]!.length + Math.ceil(letters / 3) - 1]).toEqual([id, true]);
      expect([id, /[áéíöüýçñšžÁÉÍÖÜÝÇÑŠŽ]/.test(shown)]).toEqual([id, true]);
    }
    expect(t("lobby.seatN", { n: 3 })).toContain("3");
  });
});
