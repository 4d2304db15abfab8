// Pile in boardgame.io: the tiny game harborload plays on Harbor (game/gametest).
// Four players in turn take one to three tokens from a pile of 1,000; whoever
// takes the last one wins. Each player holds a secret number that only its own
// view shows, as in Harbor's Pile, so the server computes a view per player.
const { INVALID_MOVE, PlayerView } = require('boardgame.io/core');

const Pile = {
  name: 'pile',
  setup: ({ ctx, random }, setupData) => {
    const players = {};
    for (let p = 0; p < ctx.numPlayers; p++) {
      players[p] = { secret: 1000 + random.Die(9000) - 1 };
    }
    const size = (setupData && setupData.size) || 1000;
    return { pile: size, taken: new Array(ctx.numPlayers).fill(0), last: null, players };
  },
  moves: {
    // client: false, so a move takes effect only when the server has applied
    // it, as on Harbor, and the mover hears of it as the others do.
    take: {
      move: ({ G, playerID }, n) => {
        if (!Number.isInteger(n) || n < 1 || n > 3 || n > G.pile) return INVALID_MOVE;
        G.pile -= n;
        G.taken[playerID] += n;
        G.last = playerID;
      },
      client: false,
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G }) => (G.pile === 0 ? { winner: G.last } : undefined),
  playerView: PlayerView.STRIP_SECRETS,
};

module.exports = { Pile };
