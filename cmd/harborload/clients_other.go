//go:build !linux

package main

import "errors"

// The load tool's clients are epoll event loops (clients_linux.go).

var errNotLinux = errors.New("harborload's clients run on Linux only")

type loops struct{}

func newLoops(r *runner, n int) (*loops, error) { return nil, errNotLinux }
func (ls *loops) connect() error                { return errNotLinux }
func (ls *loops) start()                        {}
func (ls *loops) stop()                         {}
func (ls *loops) close()                        {}
func (r *runner) openIdle(n int) ([]int, error) { return nil, errNotLinux }
func closeIdle(fds []int)                       {}
