import { describe, expect, it } from "vitest";
import { computerLabel, joinNames, levelName, seatStatus, soloOn, startBlocker } from "../src/lobby";
import { lobby, seat } from "./fixtures";

describe("startBlocker", () => {
  it("needs enough players", () => {
    expect(startBlocker(lobby([seat(0, { host: true }), seat(1, { kind: "empty" })]))).toMatch(/Needs 1 more player:/);
  });
  it("waits for people who are not ready, but not for the host", () => {
    const l = lobby([seat(0, { host: true }), seat(1, { name: "Bo" }), seat(2, { name: "Cy" }), seat(3, { kind: "bot", ready: true })]);
    expect(startBlocker(l)).toBe("Waiting for Bo and Cy to be ready.");
  });
  it("allows the start when everyone is ready", () => {
    const l = lobby([seat(0, { host: true }), seat(1, { ready: true }), seat(2, { kind: "bot", ready: true }), seat(3, { kind: "empty" })]);
    expect(startBlocker(l)).toBeNull();
  });
});

describe("soloOn", () => {
  const automa = { key: "automa", label: "Automa opponent", kind: "bool" as const, default: false, solo: true };
  it("shows an option the game turns on for one person as on at a table of one (GH-170)", () => {
    expect(soloOn(automa, lobby([seat(0, { host: true }), seat(1, { kind: "empty" })]))).toBe(true);
  });
  it("leaves it to the host once a second seat is filled, and leaves other options alone", () => {
    expect(soloOn(automa, lobby([seat(0, { host: true }), seat(1, { kind: "bot" })]))).toBe(false);
    expect(soloOn({ ...automa, solo: undefined }, lobby([seat(0, { host: true })]))).toBe(false);
  });
});

describe("words", () => {
  it("joins names", () => {
    expect(joinNames([])).toBe("");
    expect(joinNames(["A"])).toBe("A");
    expect(joinNames(["A", "B", "C"])).toBe("A, B and C");
  });
  it("describes seats without color", () => {
    expect(seatStatus(seat(0, { ready: true }))).toBe("Ready, connected");
    expect(seatStatus(seat(0, { connected: false }))).toBe("Not ready, not connected");
    expect(seatStatus(seat(0, { kind: "bot" }))).toMatch(/Computer/);
    expect(seatStatus(seat(0, { host: true }))).toBe("Host, starts the game, connected");
  });
});

describe("computer levels", () => {
  it("names each level", () => {
    expect(levelName("easy")).toBe("Easy");
    expect(levelName("hard")).toBe("Hard");
    expect(levelName("")).toBe("Normal");
  });
  it("shows the level beside a computer player only when the game has several", () => {
    expect(computerLabel("hard", ["easy", "normal", "hard"])).toBe("Computer · Hard");
    expect(computerLabel("normal", ["normal"])).toBe("Computer");
  });
  it("says a computer seat's level in words", () => {
    expect(seatStatus(seat(2, { kind: "bot", level: "easy" }))).toBe("Computer player, easy level, always ready");
  });
});
