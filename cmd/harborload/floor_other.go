//go:build !linux

package main

import "io"

type floorReport struct{}

func (floorReport) print(w io.Writer, cfg config) {}

func floorServe(seats int) error               { return errNotLinux }
func runFloor(cfg config) (floorReport, error) { return floorReport{}, errNotLinux }
