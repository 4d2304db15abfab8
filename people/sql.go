package people

import (
	"errors"

	"harbor/sqldb"
)

// SQL is Store over a store's database.
type SQL struct{ DB sqldb.DB }

var _ Store = SQL{}

func isNoRows(err error) bool { return errors.Is(err, sqldb.ErrNoRows) }

// collect reads every row of a query's result (rows and err, as Query
// returns them) with scan.
func collect[T any](rows sqldb.Rows, err error, scan func(sqldb.Row) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
