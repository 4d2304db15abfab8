package table

import (
	"context"
	"time"

	"harbor"
)

// Device is one browser a person linked to their identity with a one-time
// code, besides the browser the identity began on. Person is the person's
// Key (KeyOf their token), as tables know them.
type Device struct {
	Person  string    `json:"-"`
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
}

// LinkCode is a one-time code that carries a person's identity to another
// browser. Hash is the SHA-256 of the code (hex); Identity is the random
// part of the person's token, from which the server makes the new
// browser's cookie. Tables are the ids of the tables the code's browser
// knows, for the new browser's list of them.
type LinkCode struct {
	Hash     string
	Identity string
	Person   string
	Tables   []string
	Expires  time.Time
}

// DeviceStore keeps linked devices and the codes that link them. Every
// method is safe for concurrent use.
type DeviceStore interface {
	// SaveLinkCode stores c. EConflict if its hash is taken.
	SaveLinkCode(ctx context.Context, c LinkCode) error
	// TakeLinkCode removes and returns the code with hash if it expires
	// after now. ENotFound if there is none, it was taken before, or it has
	// expired: a code works once. A code of taker itself (the person who
	// made it, trying it on their own browser) is left as it is:
	// ErrOwnLinkCode.
	TakeLinkCode(ctx context.Context, hash, taker string, now time.Time) (LinkCode, error)
	// AddDevice stores d. EConflict if the person has a device with its id.
	AddDevice(ctx context.Context, d Device) error
	// Devices returns person's linked devices, oldest first.
	Devices(ctx context.Context, person string) ([]Device, error)
	// HasDevice reports whether person has the device id.
	HasDevice(ctx context.Context, person, id string) (bool, error)
	// RemoveDevice forgets person's device id. ENotFound if there is none.
	RemoveDevice(ctx context.Context, person, id string) error
}

// ErrOwnLinkCode is TakeLinkCode's answer to the person who made the code.
var ErrOwnLinkCode = harbor.Errorf(harbor.EConflict, "this device holds that identity already; open the code on the other device (it still works there)")

// linkLen is the length of a link code: about 40 bits, so guessing one in
// the minutes it works is hopeless at the server's rate limits.
const linkLen = 8

// NewLinkCode returns a fresh code to link another device, in the
// alphabet of join codes.
func NewLinkCode() string { return newCode(linkLen) }
