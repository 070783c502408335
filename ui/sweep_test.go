package ui

import "os"

// sweeping reports whether the exhaustive sweeps run whole: make sweep sets
// FUNNELS_SWEEP=1 (without the race detector, after make test in CI). In make test
// each sweep runs a fixed sample of itself, so a regression in the common case is
// still caught in the first minutes.
func sweeping() bool { return os.Getenv("FUNNELS_SWEEP") != "" }
