package main

import "errors"

func simCmd(args []string) error {
	return errors.New("sim: not part of this build yet")
}
