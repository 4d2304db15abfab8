import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError, decodeGames, tableIdOf } from "../src/api";
import { whyRefused } from "../src/i18n/errors";

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(body === undefined ? "" : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));

afterEach(() => vi.unstubAllGlobals());

describe("api", () => {
  it("decodes the game list", () => {
    const g = decodeGames([
      { id: "holdings", name: "Harbor Holdings", minPlayers: 2, maxPlayers: 6, minutes: "45-60", summary: "s", options: [{ key: "roundLimit", kind: "int" }] },
      "junk",
    ]);
    expect(g).toHaveLength(1);
    expect(g[0]).toMatchObject({ id: "holdings", minPlayers: 2, maxPlayers: 6, minutes: "45-60" });
    expect(g[0]!.options[0]?.key).toBe("roundLimit");
    expect(decodeGames({ games: [{ id: "x" }] })[0]?.name).toBe("x");
  });

  it("decodes the computer levels a game offers, normal alone when it says none", () => {
    expect(decodeGames([{ id: "neko", levels: ["easy", "normal", "hard"] }])[0]?.levels).toEqual(["easy", "normal", "hard"]);
    expect(decodeGames([{ id: "holdings" }])[0]?.levels).toEqual(["normal"]);
  });

  it("finds the table id in lobby answers", () => {
    expect(tableIdOf({ id: "k3x9", game: "holdings" })).toBe("k3x9");
    expect(tableIdOf({ table: { id: "t2" } })).toBe("t2");
    expect(tableIdOf(null)).toBe("");
  });

  it("sends JSON and returns the table id of a new table", async () => {
    const fetch = answer(201, { id: "abc", game: "holdings" });
    vi.stubGlobal("fetch", fetch);
    expect(await api.create("holdings", "Ana")).toBe("abc");
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/tables");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({ game: "holdings", name: "Ana" });
  });

  it("turns an error answer into an ApiError with the server's words", async () => {
    vi.stubGlobal("fetch", answer(409, { error: { code: "conflict", message: "Bo is not ready yet" } }));
    const err = await api.start("t").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).detail).toEqual({ code: "conflict", message: "Bo is not ready yet" });
  });

  it("says the server cannot be reached when fetch fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("network"))),
    );
    const err = (await api.games().catch((e: unknown) => e)) as ApiError;
    expect(err.detail.code).toBe("offline");
  });

  it("whyRefused names a refusal but not an outage", async () => {
    vi.stubGlobal("fetch", answer(403, { error: { code: "forbidden", message: "join the table first" } }));
    expect(await whyRefused(() => api.table("t"))).toBe("join the table first");
    vi.stubGlobal("fetch", answer(500, { error: { code: "internal", message: "oops" } }));
    expect(await whyRefused(() => api.table("t"))).toBeNull();
    vi.stubGlobal("fetch", answer(200, { id: "t" }));
    expect(await whyRefused(() => api.table("t"))).toBeNull();
  });
});
