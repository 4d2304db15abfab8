import type { Lobby, LobbySeat } from "../src/protocol";

export const seat = (index: number, p: Partial<LobbySeat> = {}): LobbySeat => ({
  index,
  kind: "human",
  player: `p${index}`,
  away: false,
  level: "",
  name: `P${index}`,
  color: "",
  ready: false,
  connected: true,
  host: false,
  you: false,
  ...p,
});

export const lobby = (seats: LobbySeat[], p: Partial<Lobby> = {}): Lobby => ({
  id: "t",
  game: "holdings",
  gameName: "Harbor Holdings",
  status: "lobby",
  code: "C",
  tvCode: "TV",
  invite: "",
  seats,
  options: {},
  turnSeconds: 0,
  you: 0,
  host: true,
  hostId: "p0",
  maxSeats: 6,
  minSeats: 2,
  ...p,
});
