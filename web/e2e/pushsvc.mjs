// A push service on loopback for the scenarios, standing where a browser's
// push service (Google's, Mozilla's) stands, since headless chromium has
// none. It holds one browser's side of a subscription, a P-256 key pair and
// a 16-byte auth secret, with an endpoint on itself, and for each message
// the server posts to that endpoint it checks what a push service and the
// browser would: a TTL header (RFC 8030), a VAPID authorization (RFC 8292:
// an ES256 token signed with the key it names, for this service's origin,
// not expired, with a contact), and a body in aes128gcm (RFC 8188) that
// decrypts with the subscription's keys (RFC 8291). It keeps the decrypted
// bytes of every message it takes (201) and refuses a faulty one (400),
// failing whoever awaits the next message with the fault.
//
// The server posts only to https endpoints, checked against the system's
// roots, so the service serves https with a certificate it makes for
// 127.0.0.1 itself; the server trusts it through SSL_CERT_FILE. Only
// node:crypto is used, so the certificate is written out in DER by hand.

import { createECDH, createPublicKey, generateKeyPairSync, hkdfSync, createDecipheriv, randomBytes, sign, verify, X509Certificate } from "node:crypto";
import { createServer } from "node:https";

/** der encodes one DER value of tag around the concatenated parts. */
function der(tag, ...parts) {
  const body = Buffer.concat(parts);
  let len;
  if (body.length < 0x80) len = Buffer.from([body.length]);
  else {
    const bytes = [];
    for (let n = body.length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
    len = Buffer.from([0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([Buffer.from([tag]), len, body]);
}

const seq = (...parts) => der(0x30, ...parts);

function oid(dotted) {
  const [a, b, ...rest] = dotted.split(".").map(Number);
  const out = [40 * a + b];
  for (const v of rest) {
    const enc = [v & 0x7f];
    for (let x = v >> 7; x > 0; x >>= 7) enc.unshift(0x80 | (x & 0x7f));
    out.push(...enc);
  }
  return der(0x06, Buffer.from(out));
}

/** utcTime is an X.509 UTCTime, YYMMDDHHMMSSZ. */
const utcTime = (d) => der(0x17, Buffer.from(`${d.toISOString().replace(/[-:T]/g, "").slice(2, 14)}Z`));

/**
 * selfSigned makes a P-256 key and a certificate for IP address 127.0.0.1,
 * signed by that key, valid from an hour ago for a day: { key, cert } in PEM.
 */
export function selfSigned() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const ecdsaSha256 = seq(oid("1.2.840.10045.4.3.2"));
  const name = seq(der(0x31, seq(oid("2.5.4.3"), der(0x0c, Buffer.from("harbor e2e push service")))));
  const serial = randomBytes(16);
  serial[0] = (serial[0] & 0x7f) | 0x01; // positive, and no leading zero byte
  const now = Date.now();
  const ipLoopback = der(0x87, Buffer.from([127, 0, 0, 1]));
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))), // version 3
    der(0x02, serial),
    ecdsaSha256,
    name,
    seq(utcTime(new Date(now - 3600_000)), utcTime(new Date(now + 24 * 3600_000))),
    name,
    publicKey.export({ type: "spki", format: "der" }),
    der(0xa3, seq(seq(oid("2.5.29.17"), der(0x04, seq(ipLoopback))))), // subjectAltName
  );
  const signature = sign("sha256", tbs, privateKey);
  const cert = seq(tbs, ecdsaSha256, der(0x03, Buffer.from([0]), signature));
  const pem = `-----BEGIN CERTIFICATE-----\n${cert.toString("base64").replace(/.{64}/g, "$&\n")}\n-----END CERTIFICATE-----\n`.replace(/\n\n/, "\n");
  const x509 = new X509Certificate(pem);
  if (!x509.verify(publicKey) || !x509.checkIP("127.0.0.1")) throw new Error("the push service's certificate does not check out");
  return { key: privateKey.export({ type: "pkcs8", format: "pem" }), cert: pem };
}

const b64u = (s) => Buffer.from(s, "base64url");

/**
 * checkVapid checks an `Authorization: vapid t=<JWT>, k=<key>` header: the
 * token is ES256, verifies with the key it names (and that key is `want`
 * once the service was told it), is for `origin`, has not expired, expires
 * within a day (RFC 8292 says no more than 24 hours) and names a contact.
 * It returns the fault, or "" when there is none.
 */
function checkVapid(header, origin, want) {
  const m = /^vapid (.*)$/.exec(header ?? "");
  if (!m) return `authorization ${JSON.stringify(header)} is not vapid`;
  const params = Object.fromEntries(m[1].split(",").map((p) => p.trim().split(/=(.*)/s, 2)));
  const { t: token, k } = params;
  if (!token || !k) return `authorization ${JSON.stringify(header)} lacks t= or k=`;
  if (want && k !== want) return `VAPID key ${k}, want the server's ${want}`;
  const raw = b64u(k);
  if (raw.length !== 65 || raw[0] !== 4) return "the VAPID key is not an uncompressed P-256 point";
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") },
    format: "jwk",
  });
  const parts = token.split(".");
  if (parts.length !== 3) return "the VAPID token is not a JWT";
  const sig = b64u(parts[2]);
  if (sig.length !== 64) return "the JWT's signature is not 64 bytes of ES256";
  if (!verify("sha256", Buffer.from(`${parts[0]}.${parts[1]}`), { key, dsaEncoding: "ieee-p1363" }, sig))
    return "the JWT's signature does not verify with the key it names";
  let head;
  let claims;
  try {
    head = JSON.parse(b64u(parts[0]).toString("utf8"));
    claims = JSON.parse(b64u(parts[1]).toString("utf8"));
  } catch (e) {
    return `the JWT does not parse: ${e.message}`;
  }
  if (head.alg !== "ES256") return `JWT header ${JSON.stringify(head)}`;
  const now = Date.now() / 1000;
  if (claims.aud !== origin) return `JWT audience ${claims.aud}, want ${origin}`;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) return `JWT expiry ${claims.exp}, now ${Math.floor(now)}`;
  if (!/^(mailto:|https:\/\/)/.test(claims.sub ?? "")) return `JWT subject ${JSON.stringify(claims.sub)} is no contact`;
  return "";
}

/**
 * decrypt undoes RFC 8291's aes128gcm for the subscription of ecdh (the
 * browser's key pair) and auth: one record, as RFC 8291 requires, whose
 * plaintext ends in the 0x02 delimiter and any zero padding.
 */
function decrypt(body, ecdh, auth) {
  if (body.length < 21) throw new Error("the body is shorter than the aes128gcm header");
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  if (idlen !== 65) throw new Error(`a key id of ${idlen} bytes, want the sender's 65-byte public key`);
  const sender = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (rs < 18 || record.length > rs) throw new Error(`${record.length} bytes of records for a record size of ${rs}: more than one record`);
  if (record.length < 17) throw new Error("the record is shorter than its tag");
  const shared = ecdh.computeSecret(sender);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), sender]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, auth, info, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const d = createDecipheriv("aes-128-gcm", cek, nonce);
  d.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([d.update(record.subarray(0, record.length - 16)), d.final()]);
  let end = plain.length;
  while (end > 0 && plain[end - 1] === 0) end--;
  if (end === 0 || plain[end - 1] !== 2) throw new Error("the last record has no 0x02 delimiter");
  return plain.subarray(0, end - 1);
}

/**
 * startPush listens on a free loopback port with https. It resolves to
 * { origin, subscription, cert, messages, expect(key), next(what), close() }:
 * subscription is what a page's PushSubscription.toJSON() gives
 * ({endpoint, keys: {p256dh, auth}}), cert the PEM of the service's
 * certificate for the server to trust, messages the decrypted messages so
 * far ({ bytes, headers }), expect(key) makes the service require the
 * server's VAPID key, and next(what) resolves to the next message not yet
 * returned, waiting up to 20 s, or rejects with the fault of a refused one.
 */
export function startPush() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const path = `/push/${randomBytes(9).toString("base64url")}`;
  const { key, cert } = selfSigned();
  const messages = [];
  const faults = [];
  const waiters = new Set();
  let want = "";
  let origin = "";
  const server = createServer({ key, cert }, (req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      let fault = "";
      let bytes = null;
      if (req.method !== "POST" || req.url !== path) fault = `${req.method} ${req.url}, not a POST to the endpoint ${path}`;
      else if (!/^\d+$/.test(req.headers.ttl ?? "")) fault = `TTL header ${JSON.stringify(req.headers.ttl)}`;
      else if (req.headers["content-encoding"] !== "aes128gcm") fault = `content encoding ${JSON.stringify(req.headers["content-encoding"])}`;
      else fault = checkVapid(req.headers.authorization, origin, want);
      if (!fault) {
        try {
          bytes = decrypt(body, ecdh, auth);
        } catch (e) {
          fault = `decrypting: ${e.message}`;
        }
      }
      if (fault) faults.push(fault);
      else messages.push({ bytes, headers: { ttl: req.headers.ttl, urgency: req.headers.urgency, topic: req.headers.topic } });
      res.writeHead(fault ? 400 : 201, { location: `${path}/${messages.length}` });
      res.end(fault);
      for (const w of waiters) w();
    });
  });
  const socks = new Set();
  server.on("secureConnection", (s) => {
    socks.add(s);
    s.on("close", () => socks.delete(s));
  });
  let taken = 0;
  return new Promise((ok, bad) => {
    server.on("error", bad);
    server.listen(0, "127.0.0.1", () => {
      origin = `https://127.0.0.1:${server.address().port}`;
      ok({
        origin,
        subscription: { endpoint: origin + path, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } },
        cert,
        messages,
        expect: (vapidKey) => {
          want = vapidKey;
        },
        next(what) {
          return new Promise((found, missing) => {
            const look = () => {
              if (faults.length) {
                done();
                missing(new Error(`the push service refused a message: ${faults.join("; ")}`));
              } else if (messages.length > taken) {
                done();
                found(messages[taken++]);
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(look);
              missing(new Error(`no ${what} came to the push service within 20 s (${messages.length} so far)`));
            }, 20_000);
            const done = () => {
              waiters.delete(look);
              clearTimeout(timer);
            };
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
