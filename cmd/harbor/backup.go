package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"harbor/sqlite"
)

// backupCmd copies the data file consistently to a new file, while a
// server may be running on it (docs/operations.md says how to restore).
func backupCmd(args []string) error {
	fl := flag.NewFlagSet("backup", flag.ContinueOnError)
	data := fl.String("data", envOr("HARBOR_DATA", "harbor.db"), "the SQLite data file to copy (env HARBOR_DATA)")
	to := fl.String("to", "", "the new file to write the copy to")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *to == "" {
		return errors.New("backup: say where to write the copy (-to FILE)")
	}
	if err := sqlite.Backup(context.Background(), *data, *to); err != nil {
		return err
	}
	st, err := os.Stat(*to)
	if err != nil {
		return err
	}
	fmt.Printf("backed up %s to %s (%d bytes)\n", *data, *to, st.Size())
	return nil
}
