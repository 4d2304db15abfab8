// boardgame.io's own Server (Koa lobby API and socket.io), matches in memory.
//   node server.js PORT
const { Server, Origins } = require('boardgame.io/server');
const { Pile } = require('./game');

delete process.env.FLATFILE_DIR; // in memory: boardgame.io's default store without it
const port = Number(process.argv[2] || 8000);
const server = Server({ games: [Pile], origins: [Origins.LOCALHOST] });
server.run({ port, callback: () => console.log(`boardgame.io server on ${port}`) });
