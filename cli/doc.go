// Package cli is the command line of funnels: `funnels` opens the browser (package
// ui), and every other command works without it, for scripts and CI. It is built on
// cobra, with fang's help; main.go only hands it os.Args (Main).
//
// # How it is laid out
//
// One file per noun (folders.go, step.go, auth.go, …), read the way gh's
// pkg/cmd/NOUN/VERB reads: for each command an Options struct (what it works from),
// a newCmd… function (flags, help text, examples, completion) and a …Run function
// (the work), with its tests beside it in NOUN_test.go. A noun with verbs (folder
// create, auth status) is a group (group in root.go): on its own, or with a verb it
// does not know, it is a usage error naming its verbs.
//
// What every command shares lives in one place each:
//
//   - Factory (factory.go): the streams, the environment, the global flags as parsed,
//     the configuration as given (Config) and the token store. Commands never reach
//     for os.Stdout, os.Getenv or globals.
//   - Opening an account (session.go): Factory.Session(ctx, needLocation) is what a
//     command that calls the API works from — the configuration with the profile's
//     saved login as its lowest layer (config.LoadSignedIn; auth's store implements
//     config.SavedLogins, so auth never changes a configuration), a client signed in
//     to it, the name a person knows it by (the profile; for a token given without a
//     profile, where it came from, its index kept under "-token") and the way to its
//     local index (indexstore.go). clientOptions (clientoptions.go) is the one place
//     settings become client.Options. The browser opens its first account the same
//     way, and its switcher is an opener (opener.go): List and Open(ctx, name) over
//     the profiles and agency sub-accounts (profileOpener), or over the sandbox's gyms
//     for --demo (demoOpener, demo.go); each account is opened once and handed out
//     again, its index closed when the browser ends.
//   - Exit codes (exitcode.go): commands return errors; ExitCode is the one mapping
//     from an error to 0–4, and reportError (errorreport.go) the one place an error
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
//     later run goes straight to the fallback. `funnels doctor` (doctor.go) runs the
//     client's Probe and prints its table.
//   - Read-only mode (readonly.go; --readonly, FUNNELS_READONLY, readonly in the
//     config): every client is read-only (client.Options.ReadOnly refuses a write
//     before it is sent), and a command that writes is wrapped in guardWrites, so
//     it ends at once with client.ErrReadOnly (exit 2) before a question or a read.
//   - Sign-ins (login.go, auth.go): tokens in the OS keyring or the 0600 file
//     (Factory.Store; --insecure-storage: the file); an agency sign-in (login
//     --agency) reaches its sub-accounts as PROFILE/LOCATION, which --location,
//     `auth switch` and the browser's switcher (opener.go) take.
//   - The team server (serve.go, serveuser.go, audit.go; the server itself in package
//     cli/serve): each ssh session runs this command tree (Run, or BrowseRemote for
//     the browser on its pty) with a Factory of its own whose Gate (gate.go) hands
//     out the server's shared clients and indexes, refuses sub-accounts the person
//     was not granted and makes guardWrites refuse where their role only reads.
//   - Questions (confirm.go): asked only when standard input is a terminal, on
//     standard error, the default no; a no exits 2 with nothing more said.
//   - Output (output.go, table.go, tablefit.go): tables aligned on a terminal and
//     never wider than it (ids shortened to a unique prefix first, names and paths
//     cut in the middle, the column that tells rows apart last), tab-separated rows
//     without a header when piped; "Key: value" lines, prose and notes wrapped; prose on standard output
//     at a terminal and on standard error when piped; --json [FIELDS], --jq and
//     --template from addJSONFlags. Every string from the server goes through package
//     ui/termtext on its way out.
//   - Completion (completion.go): the scripts are cobra's; ids of funnels, steps,
//     pages and redirects, and the location's domains, come from the API for the profile on the command line, quietly and
//     quickly (nothing at all when it is not signed in); profile names from the
//     config file and the token store.
//   - The MCP server (mcp*.go, `funnels mcp`): each tool checks its arguments with
//     package validate, then runs its command's …Run on a copy of the Factory whose
//     streams collect the whole --json and the notes (mcp_call.go). Nothing is
//     written on the machine; diff reads export directories only under
//     --exports-dir, and sub_accounts keeps a set to the server's own sign-in.
//
// # Adding a command
//
//  1. Write NOUN.go: an Options struct, newCmdNOUN(f *Factory) returning the
//     *cobra.Command (Use, Short, Long, Example, RunE calling NOUNRun), and
//     NOUNRun(ctx, f, opts) error. A noun with verbs returns group("noun", "…",
//     newCmdNounVerb(f), …).
//  2. Arguments: cmd.Args = positional(cmd, arg{"ID", "id"}, …) (the second name is
//     the request field the argument fills, so a refused value is reported by the
//     name the user typed). Flags that fill a request field: fieldFlag(cmd, "name",
//     "step.name"). Flags with a few values: cmd.RegisterFlagCompletionFunc(name,
//     fixedValues(…)); ids: completeFunnels(f) and its neighbours.
//  3. Output: a result goes through opts.Exporter.Write when opts.Exporter.Enabled()
//     (after addJSONFlags(cmd, &opts.Exporter, fieldsOf(Record{}))), else through
//     newTable(f.IO, idColumn("ID"), nameColumn("NAME").tells(), …) (each column
//     says how it gives: tablefit.go) or printFields; sentences through f.prose, notes through
//     f.notice, the id of what was made through f.data.
//  4. A command that writes: return guardWrites(f, cmd) from newCmdNOUN.
//     Errors: return them. Wrap with %w; a bad value is a validate error or usagef;
//     an error whose exit code its type cannot tell gets withExitCode.
//  5. Add newCmdNOUN(f) to NewCmdRoot (root.go) in its group, write NOUN_test.go
//     (help, usage errors, piped and terminal output, against the sandbox over
//     loopback), and add the command to README.md's command list (e2e's README test
//     checks every command is there).
package cli
