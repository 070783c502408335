package e2e

import (
	"fmt"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// seedAgencySubAccounts is the agency of the sandbox_seed_100 figure.
const seedAgencySubAccounts = 100

// measureSeedAgency is the sandbox seeding an agency of a hundred sub-accounts
// (`funnels sandbox --sub-accounts 100`), beside the default agency of four.
func measureSeedAgency(cfg benchConfig) benchFigure {
	var subs int
	ours := func() {
		s := sandbox.New(sandbox.Options{SubAccounts: seedAgencySubAccounts})
		subs = len(s.SubAccounts())
	}
	theirs := func() { _ = sandbox.New(sandbox.Options{}) }
	to, tb := timePair(cfg.rounds, cfg.roundTime, ours, theirs)
	return benchFigure{
		Name: "sandbox_seed_100", N: subs, Value: ms(to), Unit: "ms", Baseline: ms(tb),
		BaselineIs: "the default agency of four sub-accounts",
		Note:       fmt.Sprintf("sandbox.New with Options.SubAccounts %d: every sub-account seeded; median of %d rounds", subs, cfg.rounds),
	}
}
