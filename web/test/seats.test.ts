import { describe, expect, it } from "vitest";
import { presenceText } from "../src/components/Presence";
import { startBlocker } from "../src/lobby";
import { decodeLobby } from "../src/protocol";
import { handedNote, handedState, nameOf, standInSeconds, standInState } from "../src/seats";
import { lobby, seat } from "./fixtures";

const members = [
  { id: "p0", name: "Ana", seat: 0, online: true },
  { id: "p1", name: "Bo", seat: 1, online: true },
];

describe("a seat handed to a computer player", () => {
  const l = (s: ReturnType<typeof seat>) => lobby([seat(0, { name: "Ana", host: true }), s], { members, status: "playing" });
  it("tells the person they asked for it themselves", () => {
    const bo = seat(1, { name: "Bo", handed: true, handedBy: "p1", you: true });
    expect(handedNote(l(bo), bo)).toBe("A computer player plays for you, as you asked.");
    expect(handedState(l(bo), bo)).toBe("a computer player plays for you, as you asked");
    expect(handedState(l(bo), { ...bo, you: false })).toBe("a computer player plays for them, as they asked");
  });
  it("names the host who handed it over, never a bare 'the host' when the name is known", () => {
    const bo = seat(1, { name: "Bo", handed: true, handedBy: "p0" });
    expect(handedNote(l(bo), bo)).toBe("Ana (the host) let a computer player take your seat.");
    expect(handedState(l(bo), bo)).toBe("Ana handed the seat to a computer player");
    expect(presenceText(bo, l(bo), 0)).toBe("Ana handed the seat to a computer player");
    expect(presenceText({ ...bo, you: true }, l(bo), 0)).toBe("Ana handed your seat to a computer player");
  });
  it("tells the host who handed over her own seat that she asked for it", () => {
    const ana = seat(0, { name: "Ana", host: true, handed: true, handedBy: "p0", player: "p0", you: true });
    const t = lobby([ana, seat(1, { name: "Bo" })], { members, status: "playing" });
    expect(handedNote(t, ana)).toBe("A computer player plays for you, as you asked.");
  });
  it("takes the host as the one who handed it when the server does not say", () => {
    const bo = seat(1, { name: "Bo", handed: true });
    expect(handedState(l(bo), bo)).toBe("Ana handed the seat to a computer player");
  });
  it("finds names among the members, then the seats", () => {
    expect(nameOf(l(seat(1, { name: "Bo" })), "p1")).toBe("Bo");
    expect(nameOf(lobby([seat(2, { name: "Cy", player: "p2" })]), "p2")).toBe("Cy");
    expect(nameOf(lobby([]), "nobody")).toBe("");
  });
});

describe("a person the table waits for at own pace", () => {
  it("says the table waits, to them and to the others", () => {
    const bo = seat(1, { name: "Bo", held: true, connected: false });
    expect(presenceText(bo, lobby([bo]), 0)).toBe("the table waits for them: a computer player took their last turns");
    expect(presenceText({ ...bo, you: true }, lobby([bo]), 0)).toBe("the table waits for you: a computer player took your last turns");
  });
});

describe("the wait for a lost connection", () => {
  const gone = seat(1, { name: "Bo", connected: false, standIn: 60_000 });
  it("counts down the whole seconds to the stand-in", () => {
    expect(standInSeconds(gone, 0)).toBe(60);
    expect(standInSeconds(gone, 17_500)).toBe(43);
    expect(standInState(gone, 17_500)).toBe("not connected · a computer player takes over in 43 s");
    expect(presenceText(gone, lobby([gone]), 59_001)).toBe("not connected · a computer player takes over in 1 s");
  });
  it("says the stand-in comes on their turn once the wait is over", () => {
    expect(standInSeconds(gone, 61_000)).toBe(0);
    expect(standInState(gone, 61_000)).toBe("not connected · a computer player takes over on their turn");
  });
  it("counts nothing for a seat without a wait, or one a computer player already plays", () => {
    expect(standInState(seat(1, { connected: false }), 0)).toBeNull();
    expect(standInState({ ...gone, away: true }, 0)).toBeNull();
    expect(standInState({ ...gone, handed: true }, 0)).toBeNull();
    expect(presenceText(seat(1, { connected: false }), lobby([]), 0)).toBe("not connected");
    expect(presenceText({ ...gone, away: true }, lobby([]), 0)).toBe("gone · a computer player stands in");
  });
});

describe("the lobby of a game played on from another", () => {
  it("refuses the start while a seat is empty, in words", () => {
    const l = lobby([seat(0, { host: true }), seat(1, { kind: "empty" }), seat(2, { kind: "bot", ready: true })], { forkAt: 6 });
    expect(startBlocker(l)).toBe(
      "Seat 2 is empty: this game plays on with every seat of the earlier one. Add a computer player there or invite someone to take it.",
    );
  });
  it("waits for the people taken along to be ready", () => {
    const l = lobby([seat(0, { host: true }), seat(1, { name: "Bo" }), seat(2, { kind: "bot", ready: true })], { forkAt: 6 });
    expect(startBlocker(l)).toBe("Waiting for Bo to be ready.");
  });
  it("lets a new table drop its empty seats as before", () => {
    const l = lobby([seat(0, { host: true }), seat(1, { kind: "bot", ready: true }), seat(2, { kind: "empty" })]);
    expect(startBlocker(l)).toBeNull();
  });
});

describe("decoding who has a seat", () => {
  it("reads who handed a seat over and when a stand-in comes", () => {
    const l = decodeLobby(
      {
        host: "p0",
        status: "playing",
        seats: [
          { kind: "human", player: "p0", name: "Ana", online: true, handed: true, handedBy: "p0" },
          { kind: "human", player: "p1", name: "Bo", online: false, standIn: 1_800_000_000_000 },
        ],
      },
      "p0",
    );
    expect(l.seats[0]).toMatchObject({ handed: true, handedBy: "p0", standIn: 0, you: true });
    expect(l.seats[1]).toMatchObject({ handed: false, handedBy: "", standIn: 1_800_000_000_000, connected: false });
  });
});
