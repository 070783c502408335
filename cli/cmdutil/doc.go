// Package cmdutil is the ground of the command line: what every command of funnels
// works from, whichever package declares it. It imports no package of a noun.
//
// # Records
//
// Every command is one Command (command.go), declared once beside its cobra
// definition by the package that owns it: the route family it writes, what of the
// machine it touches (Machine, Files: which flags or arguments name a file), whether
// a session of the team server is offered it (Offer), its MCP tools (Tool: the
// arguments are its flags and arguments, ToolArgs), and how it prints across a set
// (SetOutput). Tree (tree.go) finds a parsed command's record again; the checks
// after parsing read it (CheckSession, CheckRun), and so do the MCP server and the
// tests that hold every command to its record.
//
// What every command shares lives here, in one place each:
//
//   - Factory (factory.go): the streams, the environment, the global flags as parsed,
//     the configuration as given (Config) and the token store. Commands never reach
//     for os.Stdout, os.Getenv or globals.
//   - Opening an account (session.go): Factory.Session(ctx, needLocation) is what a
//     command that calls the API works from — the configuration with the profile's
//     saved login as its lowest layer (config.LoadSignedIn; auth's store implements
//     config.SavedLogins, so auth never changes a configuration), a client signed in
//     to it, the name a person knows it by (the profile; for a token given without a
//     profile — no --profile or FUNNELS_PROFILE, whatever the file's default —
//     where it came from, its index kept under "-token": IndexOwner) and the way to
//     its local index (indexstore.go).
//   - Accounts (accounts.go): Factory.Catalogue is the run's auth.Catalogue, the one
//     place profiles, agency sub-accounts and their names are read (an agency's
//     listing kept beside its indexes); LocationName is a sub-account's own name —
//     its agency's listing, else the locations API where the token may read it,
//     else none (never the profile or where a token came from, which ProfileOf and
//     SignInWords say as what they are). ClientOptions (clientoptions.go) is the one place
//     settings become client.Options. The browser opens its first account the same
//     way, and its switcher is an opener (opener.go): List and Open(ctx, name) over
//     the profiles and agency sub-accounts (ProfileOpener), or over the sandbox's gyms
//     for --demo (package cli's demo.go); each account is opened once and handed out
//     again, its index closed when the browser ends.
//   - Exit codes (exitcode.go): commands return errors; ExitCode is the one mapping
//     from an error to 0–4, and ReportError (errorreport.go) the one place an error
//     becomes text on standard error ("funnels COMMAND: …", each refused field named
//     by its flag — a 422's messages too —, the status and message of an API error,
//     "did you mean" and the usage line after a wrong command line). A route the
//     service refuses to this sign-in (client.ErrRouteUnavailable, client.ErrScope)
//     is one line: what was refused, its status and message, and the access it
//     needs; never "sign in again". A route the server does not have
//     (client.ErrRouteMissing, a 404 for the route itself) is one line too: it is
//     not on this server, with the status and message.
//   - What the token cannot reach: reads fall back as the browser does, through the
//     client (BrowseFolder, FunnelsWithSteps, PageDetail), print what could be had,
//     exit 0 and say once on standard error ("Note: …") what is different. The
//     client remembers refusals per profile (an access file beside the token), so a
//     later run goes straight to the fallback. `funnels doctor` (package doctor) runs
//     the client's Probe and prints its table.
//   - Read-only mode (readonly.go; --readonly, FUNNELS_READONLY, readonly in the
//     config): every client is read-only (client.Options.ReadOnly refuses a write
//     before it is sent), and a command whose record writes (Command.Writes) ends at
//     once with client.ErrReadOnly (exit 2) before a question or a read, but for one
//     that plans (Command.Plans): it shows its plan and sends nothing.
//   - Sign-ins (package login): tokens in the OS keyring or the 0600 file
//     (Factory.Store; --insecure-storage: the file); an agency sign-in (login
//     --agency) reaches its sub-accounts as PROFILE/LOCATION, which --location,
//     `auth switch` and the browser's switcher (opener.go) take.
//   - The team server (package cli/serve; its commands in package cli and package
//     team): each ssh session runs the command tree (cli.Run, or cli.BrowseRemote
//     for the browser on its pty) with a Factory of its own whose Gate (gate.go)
//     hands out the server's shared clients and indexes, refuses sub-accounts the
//     person was not granted, makes a command that writes refuse where their role
//     only reads, says whether they are an admin and where the server's data
//     directory is. Once the command line is parsed, Tree.CheckSession (sshguard.go)
//     decides by the command's record and the flags given whether the session may
//     run it; a set the session names is cut to the person's grants (fanout_set.go).
//   - Questions (confirm.go): asked only when standard input is a terminal, on
//     standard error, the default no; a no exits 2 with nothing more said.
//   - Output (output.go, table.go, tablefit.go, tablewrap.go): tables aligned on a
//     terminal and never wider than it (ids shortened to a unique prefix first, the
//     columns a table says give first, names and paths cut in the middle, the column
//     that tells rows apart last; a column that must stay whole wraps rather than
//     lose a character; the room shared by termtext.FillColumns, the one fitter of
//     every table), tab-separated rows without a header when piped; "Key: value"
//     lines, prose, notes and errors wrapped at the terminal's width (standard
//     error's, else standard output's); prose on standard output
//     at a terminal and on standard error when piped; --json [FIELDS], --jq and
//     --template from AddJSONFlags. A command's records print through Rows (setoutput.go):
//     the columns of one sub-account's table, and across a set the same under
//     SUB-ACCOUNT, their --json the same records each with its sub-account, under
//     SetOutput.Key beside the failures. Every string from the server goes through
//     package ui/termtext on its way out.
//   - Help (help.go, helptext.go, helpshell.go, helpwords.go): fang's layout and
//     colours at the width of the run's streams (a terminal's, else COLUMNS, else
//     80; at most 120): descriptions reflowed by paragraph, the descriptions of
//     commands and flags wrapped under their column, examples wrapped as a shell
//     reads them, nothing padded.
//   - Completion (completion.go): the scripts are cobra's; ids of funnels, steps,
//     pages and redirects, and the location's domains, come from the API for the profile on the command line, quietly and
//     quickly (nothing at all when it is not signed in); profile names, an agency's
//     sub-accounts (PROFILE/LOCATION, --location) from the accounts catalogue, its
//     listing kept from a run within the day.
//   - Sets of sub-accounts (fanout_*.go): AddSetFlags gives a command --profiles,
//     --all-profiles, --all-sub-accounts, --group and --concurrency (and --location
//     a,b); Factory.StartSet resolves the set and RunSet runs one function per
//     member side by side, a member that fails recorded with its reason; Rows.PrintSet
//     prints what they gave and SetOutcome the failures.
//   - Limits (limits.go): a positional argument's Max, TextFlag and Bound are checked
//     once the command line is parsed, before the command runs, and are an MCP
//     tool's schema too.
package cmdutil
