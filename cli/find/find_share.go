package find

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/ui/list"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// shareMatches picks at most limit matches (0: all) among the members' best, in
// turns: each member's best, then each one's second, and so on, members in the
// set's order; the picked are then ranked together, best first (ties keep the order
// they were picked in).
func shareMatches(members []memberFinds, query string, limit int) []cmdutil.Tagged[index.Item] {
	var picked []findHit
	for turn := 0; limit == 0 || len(picked) < limit; turn++ {
		took := false
		for _, m := range members {
			if turn < m.ranked && (limit == 0 || len(picked) < limit) {
				picked = append(picked, m.hit(turn))
				took = true
			}
		}
		if !took {
			break
		}
	}
	keys := make([]string, len(picked))
	for i, h := range picked {
		keys[i] = h.key
	}
	out := make([]cmdutil.Tagged[index.Item], 0, len(picked))
	for _, at := range list.Rank(keys, query) {
		out = append(out, picked[at].Tagged)
	}
	return out
}

// memberTotal is how many matches one sub-account of a set has: --json's totals.
type memberTotal struct {
	cmdutil.MemberTag
	Matches int `json:"matches"`
}

// matchTotals are the matches of each member searched, in the set's order, and of
// all.
func matchTotals(members []memberFinds) ([]memberTotal, int) {
	out := make([]memberTotal, 0, len(members))
	all := 0
	for _, m := range members {
		out = append(out, memberTotal{MemberTag: cmdutil.TagOf(m.Member), Matches: m.total})
		all += m.total
	}
	return out, all
}

// footerMembers is how many sub-accounts the footer names before "and N more".
const footerMembers = 6

// sharedFooter says, when some matches are left out, how many each sub-account
// has (most first) and how to see them all.
func sharedFooter(totals []memberTotal, shown, total int) string {
	with := slices.DeleteFunc(slices.Clone(totals), func(t memberTotal) bool { return t.Matches == 0 })
	slices.SortStableFunc(with, func(a, b memberTotal) int { return cmp.Compare(b.Matches, a.Matches) })
	var parts []string
	for i, t := range with {
		if i == footerMembers {
			parts = append(parts, fmt.Sprintf("%d more sub-accounts", len(with)-i))
			break
		}
		parts = append(parts, fmt.Sprintf("%s %d", termtext.Line(cmp.Or(t.LocationName, t.Location)), t.Matches))
	}
	return fmt.Sprintf("%d of %d matches, shared among the sub-accounts (%s); --limit 0 shows them all",
		shown, total, strings.Join(parts, ", "))
}
