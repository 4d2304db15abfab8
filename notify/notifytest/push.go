// Package notifytest holds the far ends of notices for tests: a push
// service that decrypts what it receives for a browser's subscription
// (RFC 8291) and checks the VAPID signature (RFC 8292), and an SMTP
// server that keeps the mails it is given.
package notifytest

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// Push is a push service with one browser's subscription: it decrypts
// each message with the browser's keys and checks its VAPID token against
// the server key it is told.
type Push struct {
	Server *httptest.Server
	// Endpoint, P256dh and Auth are the subscription a page would send.
	Endpoint, P256dh, Auth string

	key    *ecdh.PrivateKey
	secret []byte
	vapid  string // the server's public key expected in every request

	mu       sync.Mutex
	status   int
	messages [][]byte
	errs     []error
}

// NewPush starts a push service (https); Expect tells it the server's
// VAPID key. It stops with the test.
func NewPush(t testing.TB) *Push {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	p := &Push{key: key, secret: make([]byte, 16), status: http.StatusCreated}
	_, _ = rand.Read(p.secret)
	p.Server = httptest.NewTLSServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.Server.Close)
	p.Endpoint = p.Server.URL + "/push/" + base64.RawURLEncoding.EncodeToString(p.secret[:6])
	p.P256dh = base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes())
	p.Auth = base64.RawURLEncoding.EncodeToString(p.secret)
	return p
}

// Expect makes the service require the VAPID public key vapid (base64url)
// in every request.
func (p *Push) Expect(vapid string) {
	p.mu.Lock()
	p.vapid = vapid
	p.mu.Unlock()
}

// Wait returns the decrypted messages once there are n, waiting up to ten
// seconds, and fails the test on any fault found in a request.
func (p *Push) Wait(t testing.TB, n int) [][]byte {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		msgs, errs := p.Messages()
		if len(errs) > 0 {
			t.Fatalf("push service: %v", errs)
		}
		if len(msgs) >= n {
			return msgs
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d push messages, want %d", len(msgs), n)
		}
	}
}

// Answer makes the service answer status from now on (410: the
// subscription is gone).
func (p *Push) Answer(status int) {
	p.mu.Lock()
	p.status = status
	p.mu.Unlock()
}

// Messages returns the decrypted messages so far and the faults found in
// the requests (a bad signature, an undecryptable body).
func (p *Push) Messages() ([][]byte, []error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([][]byte(nil), p.messages...), append([]error(nil), p.errs...)
}

func (p *Push) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	err := p.checkVAPID(r)
	var msg []byte
	if err == nil {
		if r.Header.Get("Content-Encoding") != "aes128gcm" {
			err = fmt.Errorf("content encoding %q", r.Header.Get("Content-Encoding"))
		} else if r.Header.Get("TTL") == "" {
			err = errors.New("no TTL header")
		} else {
			msg, err = p.decrypt(body)
		}
	}
	p.mu.Lock()
	status := p.status
	if err != nil {
		p.errs = append(p.errs, err)
		status = http.StatusBadRequest
	} else {
		p.messages = append(p.messages, msg)
	}
	p.mu.Unlock()
	w.WriteHeader(status)
}

// checkVAPID checks "Authorization: vapid t=<JWT>, k=<key>": the key is
// the server's, the JWT is signed with it (ES256), names this service's
// origin as its audience, has not expired and names a contact.
func (p *Push) checkVAPID(r *http.Request) error {
	auth, ok := strings.CutPrefix(r.Header.Get("Authorization"), "vapid ")
	if !ok {
		return fmt.Errorf("authorization %q is not vapid", r.Header.Get("Authorization"))
	}
	var token, k string
	for _, part := range strings.Split(auth, ",") {
		name, value, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch name {
		case "t":
			token = value
		case "k":
			k = value
		}
	}
	p.mu.Lock()
	want := p.vapid
	p.mu.Unlock()
	if k != want {
		return fmt.Errorf("vapid key %q, want the server's %q", k, want)
	}
	raw, err := base64.RawURLEncoding.DecodeString(k)
	if err != nil {
		return err
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		return err
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return errors.New("the token is not a JWT")
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(sig) != 64 {
		return errors.New("the JWT's signature is not 64 bytes of ES256")
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pub, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return errors.New("the JWT's signature does not verify with the server's key")
	}
	var head struct{ Alg string }
	var claims struct {
		Aud string
		Exp int64
		Sub string
	}
	if err := decodePart(parts[0], &head); err != nil || head.Alg != "ES256" {
		return fmt.Errorf("JWT header %+v %v", head, err)
	}
	if err := decodePart(parts[1], &claims); err != nil {
		return err
	}
	if claims.Aud != p.Server.URL || claims.Exp < time.Now().Unix() || claims.Exp > time.Now().Add(24*time.Hour).Unix() ||
		!(strings.HasPrefix(claims.Sub, "mailto:") || strings.HasPrefix(claims.Sub, "https://")) {
		return fmt.Errorf("JWT claims %+v (audience must be %s)", claims, p.Server.URL)
	}
	return nil
}

func decodePart(part string, v any) error {
	b, err := base64.RawURLEncoding.DecodeString(part)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// decrypt undoes RFC 8291's aes128gcm encoding for this subscription.
func (p *Push) decrypt(body []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("body shorter than the aes128gcm header")
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if len(body) < 21+idlen || idlen != 65 {
		return nil, fmt.Errorf("key id of %d bytes, want the sender's 65-byte public key", idlen)
	}
	senderRaw, records := body[21:21+idlen], body[21+idlen:]
	if uint32(len(records)) > rs {
		return nil, fmt.Errorf("%d bytes of records in one record of %d", len(records), rs)
	}
	sender, err := ecdh.P256().NewPublicKey(senderRaw)
	if err != nil {
		return nil, err
	}
	shared, err := p.key.ECDH(sender)
	if err != nil {
		return nil, err
	}
	keyInfo := append(append([]byte("WebPush: info\x00"), p.key.PublicKey().Bytes()...), senderRaw...)
	ikm, err := hkdf.Key(sha256.New, shared, p.secret, string(keyInfo), 32)
	if err != nil {
		return nil, err
	}
	cek, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, err
	}
	nonce, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, records, nil)
	if err != nil {
		return nil, fmt.Errorf("decrypt: %w", err)
	}
	plain = bytes.TrimRight(plain, "\x00")
	if len(plain) == 0 || plain[len(plain)-1] != 2 {
		return nil, errors.New("the last record has no 0x02 delimiter")
	}
	return plain[:len(plain)-1], nil
}
