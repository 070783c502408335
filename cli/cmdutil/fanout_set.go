package cmdutil

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/config"
)

// Member is one sub-account of a set: opened as `--profile Profile --location
// Location` would open it (Location "" for the profile's own).
type Member struct {
	Name     string // what a person calls it: the sub-account's name, else the profile or the id
	Profile  string
	Location string // "" until opened, for a profile at its own location
	At       int    // its place in the set
}

// MemberSet is a set resolved: its members in order, the run's configuration and
// token store they are opened through, and how many run at once.
type MemberSet struct {
	Members     []Member
	Config      *config.Config
	Store       *auth.Store
	Concurrency int
	explicit    string // the flag that named it, for messages
	// Run is the run's own profile: a member under it is opened with the run's
	// sign-in; "" for a token given without a profile, whose members carry no
	// profile either.
	Run string
	// OwnOnly, with OwnSignIn, keeps the set to the run's sign-in: a member under
	// another profile fails.
	OwnOnly bool

	// memberTimeout gives a member up when nothing of it was answered for so long.
	memberTimeout time.Duration
}

// Foreign reports whether m is reached through another sign-in than the run's, in a
// set kept to the run's own.
func (s *MemberSet) Foreign(m Member) bool { return s.OwnOnly && m.Profile != s.Run }

// maxLocations bounds a --location list: a set that large is a group or every
// sub-account.
const maxLocations = 500

// maxConcurrency bounds --concurrency: past it the agency's own bucket and the
// machine, not the sub-accounts' limits, set the pace.
const maxConcurrency = 64

// ResolveSet turns the set flags into members. One way of naming a set at a time;
// a set with --token (one account's token) or with a single --location beside a way
// that gives each member its own location is a usage error.
func ResolveSet(ctx context.Context, f *Factory, o *SetOptions) (*MemberSet, error) {
	var ways []string
	locList := strings.Contains(f.Flags.Location, ",")
	for _, w := range []struct {
		on   bool
		name string
	}{{locList, "--location a,b"}, {len(o.Profiles) > 0, "--profiles"}, {o.AllProfiles, "--all-profiles"},
		{o.AllSubAccounts, "--all-sub-accounts"}, {o.Group != "", "--group"}} {
		if w.on {
			ways = append(ways, w.name)
		}
	}
	switch {
	case len(ways) > 1:
		return nil, Usagef("%s each name a set of sub-accounts: give one of them", OrList(ways))
	case len(ways) == 0:
		return nil, Usagef("no set of sub-accounts: give --location a,b, --profiles, --all-profiles, --all-sub-accounts or --group")
	case !locList && f.Flags.Location != "":
		return nil, Usagef("%s gives each sub-account its own location: leave --location out (or list them: --location a,b)", ways[0])
	case f.Flags.Token != "" && !locList:
		return nil, Usagef("--token signs in one account, and %s opens each member with its own sign-in: leave --token out", ways[0])
	case f.Getenv("FUNNELS_TOKEN") != "" && !locList:
		return nil, Usagef("FUNNELS_TOKEN signs in one account, and %s opens each member with its own sign-in: name that account's locations with --location a,b, or run without FUNNELS_TOKEN", ways[0])
	case f.Flags.Profile != "" && (len(o.Profiles) > 0 || o.AllProfiles):
		return nil, Usagef("%s names the profiles: leave --profile out", ways[0])
	case locList && strings.Count(f.Flags.Location, ",") >= maxLocations:
		return nil, Usagef("--location names more than %d sub-accounts: name the set with --group or --all-sub-accounts", maxLocations)
	case o.Concurrency < 0 || o.Concurrency > maxConcurrency:
		return nil, Usagef("--concurrency must be from 1 to %d", maxConcurrency)
	case o.MemberTimeout < 0:
		return nil, Usagef("--member-timeout must be a duration above 0, such as 90s")
	}
	cfg, store, err := f.setConfigAndStore()
	if err != nil {
		return nil, err
	}
	set := &MemberSet{Config: cfg, Store: store, explicit: ways[0], Concurrency: o.Concurrency, memberTimeout: cmp.Or(o.MemberTimeout, defaultMemberTimeout),
		Run: cfg.Profile.Name, OwnOnly: f.OwnSignIn}
	if cfg.TokenOnly() {
		set.Run = ""
	}
	if set.Concurrency == 0 {
		set.Concurrency = defaultConcurrency
		if n := cfg.FanoutConcurrency; n > 0 {
			set.Concurrency = min(n, maxConcurrency)
		}
	}
	transport, err := f.Transport(store.Dir())
	if err != nil {
		return nil, err
	}
	r := &setResolver{ctx: ctx, set: set, cat: f.Catalogue(store, transport, f.Flags), listAge: o.SavedListAge,
		getenv: f.Getenv, remote: f.Gate != nil}
	switch {
	case locList:
		err = r.locations(strings.Split(f.Flags.Location, ","))
	case len(o.Profiles) > 0:
		err = r.profiles(o.Profiles)
	case o.AllProfiles:
		err = r.allProfiles()
	case o.AllSubAccounts:
		err = r.allSubAccounts(cfg.Profile.Name)
	default:
		err = r.group(cfg, o.Group)
	}
	if err != nil {
		return nil, err
	}
	if f.Gate != nil {
		// A session names only what was granted to the person: the others are left
		// out before anything runs, and never named.
		r.out = slices.DeleteFunc(r.out, func(m Member) bool { return m.Location == "" || !f.Gate.Allows(m.Location) })
		if len(r.out) == 0 {
			return nil, Usagef("%s names no sub-account granted to you on this server", ways[0])
		}
	}
	if len(r.out) == 0 {
		return nil, Usagef("%s names no sub-account", ways[0])
	}
	for i := range r.out {
		r.out[i].At = i
	}
	set.Members = r.out
	return set, nil
}

// setConfigAndStore is the run's configuration (its warnings shown once) and token
// store, with a --location list left out: each member is opened with its own.
func (f *Factory) setConfigAndStore() (*config.Config, *auth.Store, error) {
	store, err := f.Store()
	if err != nil {
		return nil, nil, err
	}
	flags := f.Flags
	if strings.Contains(flags.Location, ",") {
		flags.Location = ""
	}
	cfg, err := config.LoadSignedIn(f.Getenv, flags, store)
	if err != nil {
		return nil, nil, Usagef("%w", err)
	}
	for _, w := range cfg.Warnings {
		f.Notice("funnels: warning: %s", w)
	}
	return cfg, store, nil
}

// setResolver gathers the members of a set, each once, naming sub-accounts of
// agency sign-ins from the accounts catalogue (one listing per agency).
type setResolver struct {
	ctx context.Context
	set *MemberSet
	cat *auth.Catalogue
	out []Member
	// listAge is how old a kept listing of an agency's sub-accounts may be to be used
	// instead of listing them (0: always list).
	listAge time.Duration
	getenv  func(string) string
	remote  bool // a session of the team server, which may use no other sign-in
}

// add adds a member unless it is there already.
func (r *setResolver) add(m Member) {
	if !slices.ContainsFunc(r.out, func(o Member) bool { return o.Profile == m.Profile && o.Location == m.Location }) {
		r.out = append(r.out, m)
	}
}

// location adds the location id of profile, named from its agency's listing when
// profile is an agency sign-in.
func (r *setResolver) location(profile, id string) error {
	id = strings.TrimSpace(id)
	if id == "" {
		return Usagef("an empty location id in the list: give ids separated by commas (--location a,b)")
	}
	if _, err := validate.ID("locationId", id); err != nil {
		return validate.Relabel(err, "location id")
	}
	r.add(Member{Name: cmp.Or(r.subAccountName(profile, id), id), Profile: profile, Location: id})
	return nil
}

func (r *setResolver) locations(ids []string) error {
	for _, id := range ids {
		if err := r.location(r.set.Run, id); err != nil {
			return err
		}
	}
	return nil
}

// profiles adds each named profile at its own location.
func (r *setResolver) profiles(names []string) error {
	known, err := r.cat.Profiles()
	if err != nil {
		return err
	}
	for _, name := range names {
		name = strings.TrimSpace(name)
		i := slices.IndexFunc(known, func(p auth.ProfileInfo) bool { return p.Name == name })
		if i < 0 {
			return Usagef("no profile %s: %s", QuoteInput(name), profileList(known))
		}
		r.profile(known[i])
	}
	return nil
}

// profile adds a profile at its own location, named by the sub-account's name where
// its agency's listing gives one, else by the profile's.
func (r *setResolver) profile(p auth.ProfileInfo) {
	name := p.Name
	if p.Kind == auth.ProfileAgency && p.LocationID != "" {
		name = cmp.Or(r.subAccountName(p.Name, p.LocationID), name)
	}
	r.add(Member{Name: name, Profile: p.Name, Location: p.LocationID})
}

// allProfiles adds every signed-in profile.
func (r *setResolver) allProfiles() error {
	known, err := r.cat.Profiles()
	if err != nil {
		return err
	}
	for _, p := range known {
		if p.Kind != "" {
			r.profile(p)
		}
	}
	return nil
}

// allSubAccounts adds every sub-account the run's agency sign-in reaches.
func (r *setResolver) allSubAccounts(profile string) error {
	if t, err := r.set.Store.Load(profile); err == nil && !t.Agency() {
		return Usagef("--all-sub-accounts needs an agency sign-in, and profile %s is not one; %s", QuoteInput(profile), r.agencyAdvice())
	}
	subs, err := r.cat.SubAccounts(r.ctx, profile, r.listAge)
	if err != nil {
		return err
	}
	for _, s := range subs {
		r.add(Member{Name: cmp.Or(s.Name, s.ID), Profile: profile, Location: s.ID})
	}
	return nil
}

// agencyAdvice says how to run across an agency's sub-accounts: with the agency
// sign-ins there are (--profile NAME), else how to make one. A run that may use no
// other sign-in (an assistant's, a session of the team server) is only told how to
// make one.
func (r *setResolver) agencyAdvice() string {
	const make = "`funnels login --agency` makes one"
	if r.set.OwnOnly || r.remote {
		return make
	}
	known, err := auth.ListProfiles(r.getenv, r.set.Store)
	if err != nil {
		return make
	}
	var agencies []string
	for _, p := range known {
		if p.Kind == auth.ProfileAgency {
			agencies = append(agencies, "--profile "+p.Name)
		}
	}
	if len(agencies) == 0 {
		return make
	}
	return "add " + OrList(agencies) + " (signed in at agency level)"
}

// group adds the members of a [groups] entry: PROFILE/LOCATION, a profile name (at
// its own location) or a location id (of the run's profile).
func (r *setResolver) group(cfg *config.Config, name string) error {
	entries, ok := cfg.Groups[name]
	if !ok {
		var names []string
		for g := range cfg.Groups {
			names = append(names, g)
		}
		slices.Sort(names)
		have := "there is none"
		if len(names) > 0 {
			have = "it has " + strings.Join(names, ", ")
		}
		return Usagef("no group %s in [groups] of %s: %s", QuoteInput(name), cfg.File, have)
	}
	known, err := r.cat.Profiles()
	if err != nil {
		return err
	}
	for _, e := range entries {
		e = strings.TrimSpace(e)
		if profile, loc := auth.SplitAccountName(e); loc != "" {
			if err := r.location(profile, loc); err != nil {
				return err
			}
			continue
		}
		if i := slices.IndexFunc(known, func(p auth.ProfileInfo) bool { return p.Name == e }); i >= 0 {
			r.profile(known[i])
			continue
		}
		if err := r.location(r.set.Run, e); err != nil {
			return Usagef("group %s: %s is neither a profile nor a location id", QuoteInput(name), QuoteInput(e))
		}
	}
	return nil
}

// subAccountName is the name of location id under profile when profile is an agency
// sign-in whose listing has it ("" otherwise: for the run's token given without a
// profile, and for another sign-in than the run's in a set kept to its own).
func (r *setResolver) subAccountName(profile, id string) string {
	if profile == "" || r.set.Foreign(Member{Profile: profile}) || !r.cat.IsAgency(profile) {
		return ""
	}
	subs, _ := r.cat.SubAccounts(r.ctx, profile, r.listAge)
	for _, s := range subs {
		if s.ID == id {
			return s.Name
		}
	}
	return ""
}

// profileList names the signed-in profiles for a message.
func profileList(known []auth.ProfileInfo) string {
	var names []string
	for _, p := range known {
		if p.Kind != "" {
			names = append(names, p.Name)
		}
	}
	if len(names) == 0 {
		return "no profile is signed in"
	}
	return "signed in are " + strings.Join(names, ", ")
}
