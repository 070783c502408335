package config

// CheckSettings are [check]: how `funnels check` and `funnels watch --check` reach
// the public pages on this machine, set by whoever owns it. On a team server and
// for an assistant they are the only way to name an address override, an authority
// to trust or a webhook: those flags are refused there, for they would have the
// server reach where the person asking says.
type CheckSettings struct {
	// Notify is the webhook `funnels watch --check` posts new errors to (a Slack
	// incoming webhook, or any URL taking a JSON body); --notify overrides it.
	Notify string `toml:"notify"`
	// ResolveFile holds address overrides, one a line (curl's --resolve), and CAFile
	// certificate authorities to trust besides the system's: what `funnels sandbox
	// --sites` prints, or a staging server's.
	ResolveFile string `toml:"resolve_file"`
	CAFile      string `toml:"ca_file"`
	// NoDNS looks no name up: only the overrides are reached.
	NoDNS bool `toml:"no_dns"`
	// Proxy asks the pages through the proxy the environment names (HTTPS_PROXY,
	// HTTP_PROXY, NO_PROXY), on a machine that reaches the web only through one; the
	// names are still looked up and judged here first.
	Proxy bool `toml:"proxy"`
	// PerHost is how many requests go to one host at once (0: the flag's default).
	PerHost int `toml:"per_host"`
}
