package funneltree

import (
	"runtime"

	"golang.org/x/sync/errgroup"
)

// each runs fn for 0..n-1 on as many goroutines as there are processors and returns
// the error of the lowest i that failed, so the same damage is always the one told.
func each(n int, fn func(i int) error) error {
	errs := make([]error, n)
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range n {
		g.Go(func() error {
			errs[i] = fn(i)
			return nil
		})
	}
	_ = g.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
