// Command harbor serves the Harbor tables and runs headless tools.
//
//	harbor serve   the server (see -h)
//	harbor sim     computer players against each other, headless
//	harbor replay  replay a stored or exported game log
//	harbor backup  copy the data file while the server runs
//	harbor gallery positions of every screen, for the position gallery
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"

	_ "harbor/games/all"
)

var commands = map[string]func(args []string) error{
	"serve":   serveCmd,
	"sim":     simCmd,
	"replay":  replayCmd,
	"backup":  backupCmd,
	"gallery": galleryCmd,
}

func main() {
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	cmd, ok := commands[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "harbor: unknown command %q\n", os.Args[1])
		usage()
		os.Exit(2)
	}
	if err := cmd(os.Args[2:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "harbor:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, `usage: harbor <command> [flags]

commands:
  serve    serve Harbor (tables, lobby, play, TV screen)
  sim      play computer players against each other, headless
  replay   replay a stored or exported game log and print the result
  backup   copy the data file consistently, while the server runs
  gallery  write positions of every screen of every game, for the gallery

Run 'harbor <command> -h' for the flags of a command.`)
}
