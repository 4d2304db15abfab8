package people

import (
	"errors"

	"harbor/sqldb"
)

// SQL is Store over a store's database.
type SQL struct{ DB sqldb.DB }

var _ Store = SQL{}

func isNoRows(err error) bool { return errors.Is(err, sqldb.ErrNoRows) }
