package main

import "errors"

func serveCmd(args []string) error {
	return errors.New("serve: the server is not part of this build yet")
}
