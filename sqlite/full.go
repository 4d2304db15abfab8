package sqlite

import (
	"errors"

	"harbor"

	msqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// errFull answers a write refused because the disk (or the database's
// size limit) is full. Nothing of the write is kept; it succeeds again
// once there is room.
var errFull = harbor.Errorf(harbor.EInternal, "the server's disk is full, so this was not saved; try again in a while")

// storageError turns a full disk into errFull, so callers can tell it
// from other faults; other errors pass unchanged.
func storageError(err error) error {
	var e *msqlite.Error
	if errors.As(err, &e) && e.Code()&0xff == sqlite3.SQLITE_FULL {
		return errFull
	}
	return err
}

// IsFull reports whether err is a write refused for want of disk space.
func IsFull(err error) bool { return errors.Is(err, errFull) }

// LimitPages caps the database at pages pages of the file (0: no cap)
// for the moves written from now on: a test's stand-in for a full disk.
func (s *Store) LimitPages(pages int64) { s.maxPages.Store(pages) }
