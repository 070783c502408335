package sandbox

// subAccount is one location of the seeded agency: its data and a static token of
// its own.
type subAccount struct {
	id, name, address string
	installed         bool
	store             *store
	demoToken         string // full-scope static token of this location; "" where the app is not installed
}

// SubAccount describes one sub-account (location) of the sandbox's agency.
type SubAccount struct {
	ID, Name, Address string
	// Installed says the app is installed there: a location token can be minted for
	// it and its data is served. The sandbox has one sub-account where it is not.
	Installed bool
	// DemoToken is a full-scope static token of this sub-account ("" when not
	// installed). The first sub-account's is Server.DemoToken.
	DemoToken string
	// Suspended says the sub-account is suspended now: its API routes, the refresh
	// of its tokens and a mint for it answer 400 "Location is not active".
	Suspended bool
}

// newSubAccounts seeds every sub-account of specs; the first gets demoToken, the
// others the token kept for them (by location id) or a new one.
func newSubAccounts(specs []seedSpec, demoToken string, kept map[string]string) ([]*subAccount, map[string]*subAccount) {
	list := make([]*subAccount, 0, len(specs))
	byID := make(map[string]*subAccount, len(specs))
	for i, spec := range specs {
		sub := &subAccount{id: spec.location, name: spec.name, address: spec.address, installed: spec.installed,
			store: &store{d: seedSub(spec)}}
		switch {
		case i == 0:
			sub.demoToken = demoToken
		case spec.installed && kept[spec.location] != "":
			sub.demoToken = kept[spec.location]
		case spec.installed:
			sub.demoToken = newPIT()
		}
		list = append(list, sub)
		byID[sub.id] = sub
	}
	return list, byID
}

// SubAccounts lists the agency's sub-accounts, the first (LocationID) first.
func (s *Server) SubAccounts() []SubAccount {
	out := make([]SubAccount, 0, len(s.subs))
	for _, sub := range s.subs {
		out = append(out, SubAccount{ID: sub.id, Name: sub.name, Address: sub.address, Installed: sub.installed,
			DemoToken: sub.demoToken, Suspended: s.signIn.isSuspended(sub.id)})
	}
	return out
}

// primary is the first sub-account, the one LocationID names.
func (s *Server) primary() *subAccount { return s.subs[0] }
