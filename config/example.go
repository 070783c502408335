package config

// Example is the commented config file README.md shows; TestExampleLoads keeps it true.
const Example = `# funnels settings: the file ` + "`funnels config path`" + ` prints
# ($XDG_CONFIG_HOME/funnels/config.toml). Everything is optional.
# Flags beat environment variables (FUNNELS_*), which beat this file.

# The profile used when neither --profile nor FUNNELS_PROFILE names one.
default_profile = "acme"

[ui]
mouse = false          # true: click rows and panes
theme = "auto"         # "auto", "dark" or "light"
readonly = false       # true: nothing that writes, in every profile (or per profile below)

# The Version header of every API request: "2021-07-28" (the default), "2021-04-15"
# (the redirect list's docs), "2023-02-21" (what HighLevel's JavaScript SDK sends) or
# "v3" (its v3 docs and Python SDK).
[api]
version = "2021-07-28"

# Reading a whole list (funnels, a funnel's pages) stops with exit 1, keeping what
# was read, past this many items or requests: a guard against a server that never
# ends a list. The defaults are far above any real sub-account.
[limits]
max_list_items = 200000
max_list_requests = 10000

# One [profiles.NAME] table per sub-account.
[profiles.acme]
location_id = "ve9EPM428h8vShlRW1KT"   # the sub-account ("location") id
# Your own Marketplace app (HighLevel does not let a CLI ship one). Register
# http://127.0.0.1:47615/callback as its redirect URL, or change redirect_port.
client_id = "66a0c0ffee0000000000000a-lz0example"
# client_secret: better in FUNNELS_CLIENT_SECRET; if you put it here, chmod 600 this file.
# client_secret = "..."
redirect_port = 47615                  # 0 picks a free port (only if your app allows any port)
scopes = ["funnels/funnel.readonly", "funnels/page.readonly", "funnels/redirect.readonly"]
# base_url  = "https://services.leadconnectorhq.com"        # https unless the host is loopback
# auth_url  = "https://marketplace.gohighlevel.com/oauth/chooselocation"
# token_url = "https://services.leadconnectorhq.com/oauth/token"  # default: base_url + /oauth/token

# A second sub-account that signs in with a private integration token
# (funnels login --profile staging --with-token < token.txt) instead of OAuth.
[profiles.staging]
auth_kind = "token"                    # "oauth" (default), "token" or "agency"
location_id = "Qq4sLxV0aY8Bc2dEf3Gh"
readonly = true                        # browse and read only: writes are refused

# An agency sign-in (funnels login --agency --profile agency) reaches every
# sub-account where the app is installed; location_id (or --location) picks the one
# a run opens, and the browser's :profile switches between them.
[profiles.agency]
auth_kind = "agency"
client_id = "66a0c0ffee0000000000000a-lz0example"
`
