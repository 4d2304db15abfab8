package people

import (
	"context"
	"errors"
	"strings"
	"time"

	"harbor"
	"harbor/sqldb"
)

// Device is one browser a person linked to their identity with a one-time
// code, besides the browser the identity began on. Person is the person's
// Key (table.KeyOf their token), as tables know them.
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

// Devices keeps linked devices and the codes that link them.
type Devices interface {
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
var ErrOwnLinkCode = harbor.Errorf(harbor.EConflict, "this device holds that identity already; open the code on the other device (it still works there)").With(harbor.M("api.ownLinkCode"))

var (
	errCodeTaken = harbor.Errorf(harbor.EConflict, "that link code is taken").With(harbor.M("api.linkCodeTaken"))
	errNoCode    = harbor.Errorf(harbor.ENotFound, "this code is not valid: it was used already, has expired, or was mistyped").With(harbor.M("api.linkCodeBad"))
	errDevice    = harbor.Errorf(harbor.EConflict, "that device is linked already").With(harbor.M("api.deviceLinked"))
	errNoDevice  = harbor.Errorf(harbor.ENotFound, "there is no such linked device").With(harbor.M("api.noSuchDevice"))
)

func millis(t time.Time) int64 { return t.UnixMilli() }

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// SaveLinkCode implements Devices.
func (s SQL) SaveLinkCode(ctx context.Context, c LinkCode) error {
	_, err := s.DB.Exec(ctx, `INSERT INTO link_codes (hash, identity, person, tables, expires) VALUES (?, ?, ?, ?, ?)`,
		c.Hash, c.Identity, c.Person, strings.Join(c.Tables, ","), millis(c.Expires))
	if errors.Is(err, sqldb.ErrUnique) {
		return errCodeTaken
	}
	return err
}

// TakeLinkCode implements Devices. Expired codes go with it.
func (s SQL) TakeLinkCode(ctx context.Context, hash, taker string, now time.Time) (LinkCode, error) {
	if _, err := s.DB.Exec(ctx, `DELETE FROM link_codes WHERE expires <= ?`, millis(now)); err != nil {
		return LinkCode{}, err
	}
	c := LinkCode{Hash: hash}
	var expires int64
	var tables string
	err := s.DB.QueryRow(ctx, `DELETE FROM link_codes WHERE hash = ? AND person <> ? RETURNING identity, person, tables, expires`, hash, taker).
		Scan(&c.Identity, &c.Person, &tables, &expires)
	if isNoRows(err) {
		var one int
		switch err := s.DB.QueryRow(ctx, `SELECT 1 FROM link_codes WHERE hash = ? AND person = ?`, hash, taker).Scan(&one); {
		case err == nil:
			return LinkCode{}, ErrOwnLinkCode
		case !isNoRows(err):
			return LinkCode{}, err
		}
		return LinkCode{}, errNoCode
	}
	if tables != "" {
		c.Tables = strings.Split(tables, ",")
	}
	c.Expires = fromMillis(expires)
	return c, err
}

// AddDevice implements Devices.
func (s SQL) AddDevice(ctx context.Context, d Device) error {
	_, err := s.DB.Exec(ctx, `INSERT INTO devices (person, id, name, created) VALUES (?, ?, ?, ?)`, d.Person, d.ID, d.Name, millis(d.Created))
	if errors.Is(err, sqldb.ErrUnique) {
		return errDevice
	}
	return err
}

// Devices implements Devices.
func (s SQL) Devices(ctx context.Context, person string) ([]Device, error) {
	rows, err := s.DB.Query(ctx, `SELECT id, name, created FROM devices WHERE person = ? ORDER BY created, id`, person)
	return collect(rows, err, func(r sqldb.Row) (Device, error) {
		d := Device{Person: person}
		var created int64
		err := r.Scan(&d.ID, &d.Name, &created)
		d.Created = fromMillis(created)
		return d, err
	})
}

// HasDevice implements Devices.
func (s SQL) HasDevice(ctx context.Context, person, id string) (bool, error) {
	var n int
	err := s.DB.QueryRow(ctx, `SELECT count(*) FROM devices WHERE person = ? AND id = ?`, person, id).Scan(&n)
	return n > 0, err
}

// RemoveDevice implements Devices.
func (s SQL) RemoveDevice(ctx context.Context, person, id string) error {
	n, err := s.DB.Exec(ctx, `DELETE FROM devices WHERE person = ? AND id = ?`, person, id)
	if err == nil && n == 0 {
		return errNoDevice
	}
	return err
}
