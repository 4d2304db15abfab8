// The load harborload puts on Harbor, put on boardgame.io 0.50: -tables
// matches of Pile, four socket.io clients each, every client a person who
// answers each state that offers it a move with a random legal move at once.
// Like harborload's clients, which speak WebSocket themselves, the clients
// here speak boardgame.io's socket.io protocol directly (sync, update, patch)
// and keep their view by applying the server's patches, rather than run a
// whole boardgame.io Client with its store each, so the load tool stays
// light beside the server.
// It starts the boardgame.io server as a child process (so the two do not
// share one Node thread), plays for -duration or until every game is over,
// and prints moves/s, the latency from a move sent to all four clients of
// its match holding the state after it (p50, p99, max), and the CPU a move
// of the server and of this process.
//
//   npm ci && node load.js -tables 50 -duration 10
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { io } = require('socket.io-client');
const { applyPatch } = require('rfc6902');

function flags(argv) {
  const f = { tables: 50, seats: 4, duration: 10, port: 8917, size: 1000 };
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i].replace(/^-+/, '');
    if (!(k in f) || i + 1 >= argv.length || !Number.isFinite(Number(argv[i + 1]))) {
      throw new Error(`usage: node load.js [-tables 50] [-seats 4] [-duration 10 (s)] [-port 8917] [-size 1000]`);
    }
    f[k] = Number(argv[i + 1]);
  }
  return f;
}

// cpuSeconds is the user and system CPU a process has used (Linux).
function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in ticks of 1/100 s
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function post(url, body) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function main() {
  const f = flags(process.argv.slice(2));
  const base = `http://localhost:${f.port}`;
  const server = spawn(process.execPath, [path.join(__dirname, 'server.js'), String(f.port)], { stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/games`)).ok) break;
      } catch {}
      if (i > 100) throw new Error('the boardgame.io server did not start');
      await sleep(100);
    }
    console.error(`creating ${f.tables} matches of ${f.seats} players...`);
    const matches = [];
    for (let t = 0; t < f.tables; t++) {
      const { matchID } = await post(`${base}/games/pile/create`, { numPlayers: f.seats, setupData: { size: f.size } });
      const creds = [];
      for (let p = 0; p < f.seats; p++) {
        creds.push((await post(`${base}/games/pile/${matchID}/join`, { playerID: String(p), playerName: `p${p}` })).playerCredentials);
      }
      matches.push({ matchID, creds, sent: new Map(), lat: [], over: false, clients: [] });
    }
    console.error(`connecting ${f.tables * f.seats} clients...`);
    let playing = false;
    let connected = 0;
    for (const m of matches) {
      for (let p = 0; p < f.seats; p++) {
        const playerID = String(p);
        const socket = io(`${base}/pile`, { transports: ['websocket'], forceNew: true });
        let state = null; // this player's view, kept up to date from the server's patches
        let seen = -1; // the last state this client held
        let moved = -1; // the state it last moved from
        // held is called with each new state this client holds: it stops the
        // clock of the move that led to it once all the match's clients hold
        // it, and moves if it is this player's turn.
        const held = (again) => {
          const id = state._stateID;
          if (!again) {
            if (id <= seen) return;
            seen = id;
            const s = m.sent.get(id);
            if (s && ++s.seen === f.seats) {
              m.lat.push(performance.now() - s.t0);
              m.sent.delete(id);
            }
          }
          if (state.ctx.gameover) {
            m.over = true;
            return;
          }
          if (!playing || state.ctx.currentPlayer !== playerID || moved >= id) return;
          moved = id;
          const n = 1 + Math.floor(Math.random() * Math.min(3, state.G.pile));
          m.sent.set(id + 1, { t0: performance.now(), seen: 0 });
          const action = { type: 'MAKE_MOVE', payload: { type: 'take', args: [n], playerID, credentials: m.creds[p] } };
          socket.emit('update', action, id, m.matchID, playerID);
        };
        socket.on('connect', () => socket.emit('sync', m.matchID, playerID, m.creds[p], f.seats));
        socket.on('sync', (_, info) => {
          if (state === null) connected++;
          state = info.state;
          held(false);
        });
        socket.on('update', (_, next) => {
          state = next;
          held(false);
        });
        socket.on('patch', (_, prev, id, patch) => {
          if (state === null || prev !== state._stateID) {
            socket.emit('sync', m.matchID, playerID, m.creds[p], f.seats); // missed one: ask for the whole state
            return;
          }
          applyPatch(state, patch);
          held(false);
        });
        m.clients.push({ socket, held: () => state && held(true) });
      }
    }
    for (let i = 0; connected < f.tables * f.seats; i++) {
      if (i > 600) throw new Error(`only ${connected} of ${f.tables * f.seats} clients connected`);
      await sleep(50);
    }
    await sleep(500);
    console.error(`playing for ${f.duration}s...`);
    const cpu0 = { server: cpuSeconds(server.pid), load: process.cpuUsage() };
    const t0 = performance.now();
    playing = true;
    for (const m of matches) {
      // A client moves when a new state reaches it, so the player to move
      // first is handed the state it holds once.
      for (const c of m.clients) c.held();
    }
    while (performance.now() - t0 < f.duration * 1000 && !matches.every((m) => m.over)) await sleep(20);
    const elapsed = (performance.now() - t0) / 1000;
    playing = false;
    const serverCPU = cpuSeconds(server.pid) - cpu0.server;
    const loadUsage = process.cpuUsage(cpu0.load);
    const lat = matches.flatMap((m) => m.lat).sort((a, b) => a - b);
    const n = lat.length;
    for (const m of matches) for (const { socket } of m.clients) socket.close();
    const ms = (x) => `${x.toFixed(2)} ms`;
    console.log(`bgio load: ${f.tables} matches of pile x ${f.seats} players (${f.tables * f.seats} socket.io clients), boardgame.io 0.50 server in memory`);
    console.log(`moves:    ${n} in ${elapsed.toFixed(1)}s = ${(n / elapsed).toFixed(0)} moves/s (${matches.filter((m) => m.over).length} games finished)`);
    if (n > 0) {
      console.log(`latency:  move sent -> all ${f.seats} clients of its match updated: p50 ${ms(lat[Math.floor(n / 2)])}  p99 ${ms(lat[Math.floor(n * 0.99)])}  max ${ms(lat[n - 1])}`);
      console.log(`cpu:      a move: server ${(serverCPU / n * 1000).toFixed(3)} ms, this load tool ${((loadUsage.user + loadUsage.system) / 1000 / n).toFixed(3)} ms`);
    }
  } finally {
    server.kill();
  }
  process.exit(0);
}

main().catch((err) => {
  console.error('bgio load:', err.message);
  process.exit(1);
});
