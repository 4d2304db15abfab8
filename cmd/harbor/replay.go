package main

import "errors"

func replayCmd(args []string) error {
	return errors.New("replay: not part of this build yet")
}
