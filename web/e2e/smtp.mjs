// A small SMTP server on loopback for the scenarios: it speaks the commands
// a mail library sends to a relay (RFC 5321: EHLO or HELO, MAIL FROM, RCPT
// TO, DATA, RSET, NOOP, QUIT), offers no TLS and no authentication, and keeps
// every message it takes, with its headers and its text body decoded. It
// refuses the recipients it is told to refuse (550 to RCPT TO), as a relay
// refuses a mailbox it does not know.

import { createServer } from "node:net";

/** decodeQuotedPrintable decodes a quoted-printable body (RFC 2045) as UTF-8. */
function decodeQuotedPrintable(text) {
  const bytes = [];
  const soft = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** parseMessage splits a message into its headers (names in lower case, folded lines joined) and its decoded body. */
function parseMessage(raw) {
  const end = raw.indexOf("\r\n\r\n");
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? "" : raw.slice(end + 4);
  const headers = new Map();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const qp = /quoted-printable/i.test(headers.get("content-transfer-encoding") ?? "");
  return { headers, body: qp ? decodeQuotedPrintable(body) : body };
}

/**
 * startSmtp listens on a free loopback port. It resolves to
 * { port, url, mails, refuse(addr), next(what, test), close() }: mails are
 * { from, to, headers, body, links }, in the order they came.
 */
export function startSmtp() {
  const mails = [];
  const refused = new Set();
  const waiters = new Set();
  const socks = new Set();
  const server = createServer((sock) => {
    socks.add(sock);
    sock.on("close", () => socks.delete(sock));
    sock.setEncoding("utf8");
    let buf = "";
    let data = null; // the lines of a message while DATA reads it
    let from = "";
    let to = [];
    const say = (line) => sock.write(`${line}\r\n`);
    say("220 localhost ESMTP harbor-e2e");
    sock.on("data", (chunk) => {
      buf += chunk;
      for (let nl = buf.indexOf("\r\n"); nl >= 0; nl = buf.indexOf("\r\n")) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 2);
        if (data) {
          if (line !== ".") {
            data.push(line.startsWith(".") ? line.slice(1) : line);
            continue;
          }
          const { headers, body } = parseMessage(data.join("\r\n"));
          const mail = { from, to, headers, body, links: body.match(/https?:\/\/\S+/g) ?? [] };
          mails.push(mail);
          data = null;
          from = "";
          to = [];
          say("250 2.0.0 taken");
          for (const w of waiters) w();
          continue;
        }
        const [verb] = line.split(/[ :]/, 1);
        const arg = line.slice(verb.length).replace(/^:?\s*(FROM:|TO:)?\s*/i, "");
        const addr = (arg.match(/<([^>]*)>/) ?? [])[1] ?? "";
        switch (verb.toUpperCase()) {
          case "EHLO":
            say("250-localhost greets you");
            say("250-8BITMIME");
            say("250 SIZE 1048576");
            break;
          case "HELO":
            say("250 localhost");
            break;
          case "MAIL":
            from = addr;
            to = [];
            say("250 2.1.0 sender ok");
            break;
          case "RCPT":
            if (!from) say("503 5.5.1 MAIL first");
            else if (refused.has(addr.toLowerCase())) say("550 5.1.1 no such mailbox");
            else {
              to.push(addr);
              say("250 2.1.5 recipient ok");
            }
            break;
          case "DATA":
            if (to.length === 0) say("503 5.5.1 RCPT first");
            else {
              data = [];
              say("354 end with a line holding one dot");
            }
            break;
          case "RSET":
            from = "";
            to = [];
            say("250 2.0.0 reset");
            break;
          case "NOOP":
            say("250 2.0.0 ok");
            break;
          case "QUIT":
            say("221 2.0.0 bye");
            sock.end();
            break;
          default:
            say("502 5.5.2 not implemented");
        }
      }
    });
    sock.on("error", () => {});
  });
  return new Promise((ok, bad) => {
    server.on("error", bad);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      ok({
        port,
        url: `smtp://127.0.0.1:${port}`,
        mails,
        refuse: (addr) => refused.add(addr.toLowerCase()),
        /** next resolves to the first mail after the first `after` that passes test, waiting up to 20 s for it. */
        next(what, test, after = 0) {
          return new Promise((found, missing) => {
            const look = () => {
              const m = mails.slice(after).find(test);
              if (!m) return;
              waiters.delete(look);
              clearTimeout(timer);
              found(m);
            };
            const timer = setTimeout(() => {
              waiters.delete(look);
              missing(new Error(`no ${what} came within 20 s (${mails.length} mails: ${mails.map((m) => m.headers.get("subject")).join("; ")})`));
            }, 20_000);
            waiters.add(look);
            look();
          });
        },
        close: () =>
          new Promise((done) => {
            for (const s of socks) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
