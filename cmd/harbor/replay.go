package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"harbor/game"
	"harbor/sqlite"
	"harbor/table"
)

func replayCmd(args []string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	file := fs.String("file", "-", "the exported game log (JSON: game, config, moves); - reads standard input")
	data := fs.String("data", "", "read the game from this Harbor data file instead (with -table)")
	tableID := fs.String("table", "", "the id of the table to replay from -data")
	quiet := fs.Bool("quiet", false, "print only the result, not every move")
	viewer := fs.Int("view", -2, "also print the final view of this seat (-1 for the public view)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data != "" || *tableID != "" {
		if *data == "" || *tableID == "" {
			return fmt.Errorf("-data and -table go together")
		}
		exp, err := exportFromStore(*data, *tableID)
		if err != nil {
			return err
		}
		return replay(os.Stdout, exp, *quiet, game.Seat(*viewer))
	}
	var r io.Reader = os.Stdin
	if *file != "-" {
		f, err := os.Open(*file)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	var exp game.Export
	if err := json.NewDecoder(r).Decode(&exp); err != nil {
		return fmt.Errorf("reading the game log: %w", err)
	}
	return replay(os.Stdout, exp, *quiet, game.Seat(*viewer))
}

// exportFromStore reads table id and its moves from the data file at path.
func exportFromStore(path, id string) (game.Export, error) {
	if _, err := os.Stat(path); err != nil {
		return game.Export{}, err
	}
	store, err := sqlite.Open(path)
	if err != nil {
		return game.Export{}, err
	}
	defer store.Close()
	ctx := context.Background()
	t, err := store.Table(ctx, id)
	if err != nil {
		return game.Export{}, err
	}
	moves, err := store.Moves(ctx, id, 0)
	if err != nil {
		return game.Export{}, err
	}
	return game.Export{Game: t.Game, Config: t.Config(), Moves: table.Records(moves)}, nil
}

// replay applies every move of exp, printing each move's public events
// unless quiet, then the result (and a final view when viewer >= Public).
func replay(w io.Writer, exp game.Export, quiet bool, viewer game.Seat) error {
	def, err := game.Lookup(exp.Game)
	if err != nil {
		return err
	}
	g, err := def.New(exp.Config)
	if err != nil {
		return err
	}
	var log game.Log
	for i, rec := range exp.Moves {
		log.Reset()
		if err := g.Apply(rec.Seat, rec.Move, &log); err != nil {
			return fmt.Errorf("move %d (seat %d, %s) refused: %w", i+1, rec.Seat, rec.Move, err)
		}
		if !quiet {
			fmt.Fprintf(w, "%4d  seat %d  %s\n", i+1, rec.Seat, rec.Move)
			for _, e := range log.Events {
				fmt.Fprintf(w, "        %s\n", e.For(game.Public).Text)
			}
		}
	}
	res := g.Result()
	out, err := json.Marshal(res)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%d moves; result %s\n", len(exp.Moves), out)
	if viewer >= game.Public {
		v, err := json.MarshalIndent(g.View(viewer), "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "view of %d:\n%s\n", viewer, v)
	}
	return nil
}
