package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"harbor/gallery"
)

// galleryCmd writes the positions of the position gallery (package
// gallery) as one JSON document.
func galleryCmd(args []string) error {
	fs := flag.NewFlagSet("gallery", flag.ContinueOnError)
	out := fs.String("out", "", "write the document to this file (default: standard output)")
	perGame := fs.Int("per-game", 200, "sampled positions of each game")
	search := fs.Int("search", 200, "games of each game searched for the positions made as worst cases")
	seed := fs.Uint64("seed", 1, "base seed: the same flags write the same document")
	games := fs.String("games", "", "comma-separated game ids (default: every game): "+strings.Join(gameIDs(), ", "))
	small := fs.Bool("small", false, "a fixed small gallery, for the tests: 6 sampled positions of each game, every made one and one whole game")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg := gallery.Config{PerGame: *perGame, Search: *search, Plays: 1, Seed: *seed, Summary: os.Stderr}
	if *small {
		cfg = gallery.Small(*seed)
		cfg.Summary = os.Stderr
	}
	if *games != "" {
		for _, id := range strings.Split(*games, ",") {
			cfg.Games = append(cfg.Games, strings.TrimSpace(id))
		}
	}
	if cfg.PerGame < 0 || cfg.Search < 0 {
		return fmt.Errorf("-per-game and -search must be at least 0")
	}
	doc, err := gallery.Make(cfg)
	if err != nil {
		return err
	}
	var w io.Writer = os.Stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if f, ok := w.(*os.File); ok && *out != "" {
		return f.Close()
	}
	return nil
}
