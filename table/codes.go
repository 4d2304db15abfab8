package table

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"strings"
)

// codeAlphabet has no letters people confuse when they type (0/O, 1/I/L).
const codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// Lengths of the codes, chosen so guessing is hopeless at the rate limits
// the server applies: a table id has 60 bits, an invite 128 bits, a join
// code about 30 bits and a TV code about 40 bits.
const (
	idLen   = 12
	codeLen = 6
	tvLen   = 8
)

func randomBytes(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return b
}

// NewToken returns a fresh player token: 128 random bits as 32 hex digits.
func NewToken() string { return hex.EncodeToString(randomBytes(16)) }

// KeyOf returns the key under which a table knows the holder of token.
func KeyOf(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// ValidToken reports whether s has the shape of a token from NewToken.
func ValidToken(s string) bool {
	if len(s) != 32 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

func newID() string {
	const alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
	b := randomBytes(idLen)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

func newCode(n int) string {
	b := randomBytes(n)
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b)
}

func newInvite() string { return base64.RawURLEncoding.EncodeToString(randomBytes(16)) }

func newSeed() uint64 { return binary.LittleEndian.Uint64(randomBytes(8)) }

// NormalizeCode turns a typed code into its stored form: upper case, with
// spaces and dashes removed.
func NormalizeCode(code string) string {
	code = strings.ToUpper(code)
	return strings.NewReplacer(" ", "", "-", "").Replace(code)
}

// linkLen is the length of a link code: about 40 bits, so guessing one in
// the minutes it works is hopeless at the server's rate limits.
const linkLen = 8

// NewLinkCode returns a fresh code to link another device, in the
// alphabet of join codes.
func NewLinkCode() string { return newCode(linkLen) }
