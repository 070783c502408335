// Package cli is the command line of funnels: `funnels` opens the browser (package
// ui), and every other command works without it, for scripts and CI. It is built on
// cobra, its help in fang's layout and colours drawn at the width of the run's own
// streams (cmdutil's Help: fang's own takes its width from os.Stdout once per
// process); main.go only hands it os.Args (Main).
//
// # How it is laid out
//
// This package assembles: the root (root.go) builds the command tree from the
// commands each noun declares, the browser (browse.go) and its demo (demo.go) open
// accounts, and a few commands of the machine itself live here (sandbox, serve,
// completion, config, version). Everything else is a package of its own:
//
//   - cli/cmdutil, the ground: the factory, opening an account, output, exit codes,
//     the fan-out over sets, the checks after parsing, and the Command record every
//     command is declared with (see its package doc).
//   - One package per noun, read the way gh's pkg/cmd/NOUN/VERB reads: cli/folders,
//     cli/steps, cli/pages, cli/domain, cli/event, cli/redirects, cli/find,
//     cli/cache (index, cache, changes, watch), cli/export (export, diff), cli/login
//     (login, logout, auth), cli/api, cli/doctor, cli/check (check, and the check
//     of watch --check) and cli/team (serve user, audit).
//     Each declares its commands once and hands the root one list (Commands). For
//     each command an Options struct (what it works from), a newCmd… function
//     (flags, help text, examples, completion, its record) and a …Run function (the
//     work), with its tests beside it. A noun with verbs (folder create, auth
//     status) is a cmdutil.Group: on its own, or with a verb it does not know, a
//     usage error naming its verbs.
//   - cli/mcp, the MCP server, and cli/serve, the team server, import no noun: the
//     root hands the MCP server the records (whose tools it lists) and Execute (how
//     it runs a tool's command line), and the team server runs sessions through
//     Run; what a session may run is decided here, once the command line is parsed.
//   - cli/auditlog, the team server's audit log, below cli/cmdutil (a local run on
//     the server's machine writes to it) and cli/serve (every session's writes).
//   - cli/clitest, the home every test of the command line runs funnels in.
//
// A run builds only what it runs (nouns.go): the root, with its global flags, and
// the noun its command line names, so that every command does not start by making
// every other's flags and help; help, completion, the manual and a word the root
// does not know build them all. The MCP server's tool calls are runs of their own
// in the same way, each with a tree of its own: no flag or option set for one call
// is there for the next or for one beside it.
//
// Execute (root.go) runs a command line: after cobra parses it, the root's one
// persistent hook checks it (no other command has one, so cobra always finds the
// root's): for a session of the team server whether its person may run that command
// with those flags (Tree.CheckSession), then the limits of the flags and, for a
// command that writes, read-only mode (Tree.CheckRun). A failure stops the command
// before it reads, writes or sends anything.
//
// # Adding a command
//
//  1. In the noun's package (or a new package cli/NOUN), write an Options struct,
//     newCmdVERB(f *cmdutil.Factory) *cmdutil.Command and VERBRun(ctx, f, opts)
//     error. The cobra command has Use, Short, Long, Example and a RunE calling the
//     run function. Add it to the package's Commands list; a new package's list
//     (or a new top-level command) goes in nouns (nouns.go) with the names a command
//     line calls it by.
//  2. Arguments: cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "ID", Field:
//     "id"}, …) (Field is the request field the argument fills, so a refused value
//     is reported by the name the user typed; Max bounds a text). Flags that fill a
//     request field: cmdutil.FieldFlag(cmd, "name", "step.name"); limits:
//     cmdutil.TextFlag, cmdutil.Bound. Completion: cmdutil.FixedValues(…),
//     cmdutil.CompleteFunnels(f) and its neighbours.
//  3. Output: a result goes through opts.Exporter.Write when opts.Exporter.Enabled()
//     (after cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(Record{}))),
//     else through a table (cmdutil.NewTable, or Rows for records a set prints too)
//     or cmdutil.PrintFields; sentences through f.Prose, notes through f.Notice, the
//     id of what was made through f.Data. Errors: return them, wrapped with %w; a
//     bad value is a validate error or cmdutil.Usagef (an error that refused it
//     given with %w, kept for errors.Is; the exit code stays 2).
//  4. The record, returned by newCmdVERB: &cmdutil.Command{Cobra: cmd, …} with
//     Section for a command of the root (where `funnels --help` lists it; a
//     cmdutil.Group takes it first), Writes (the client.Family it writes; "" for a read; Plans when it plans in
//     read-only mode), Machine and Files (what of this machine it reads or writes,
//     and which flag or argument names a file, with how to do the same over ssh),
//     SSH (cmdutil.Offered(), cmdutil.AdminsOnly() or cmdutil.NotOffered(why): a
//     session never reads or writes the server's files, sign-ins or settings), and
//     Tools when an assistant should have it (its arguments are the command's own:
//     leave out, with the reason, what it must not take).
//  5. Across a set: cmdutil.AddSetFlags(f, cmd, &opts.Set); when opts.Set.Given(f),
//     f.StartSet and cmdutil.RunSet run the work per member, and the command's Rows
//     (the same as one run prints) PrintSet what they gave; put Rows.Output in the
//     record's Set.
//  6. Tests beside it (help, usage errors, piped and terminal output, against the
//     sandbox over loopback; cli/clitest), and the command in README.md's command
//     list (e2e's README test checks every command is there). The tests in this
//     package hold every command to its record: one each, its tools its flags, no
//     write listed read-only, a set printing one run's records, and every command
//     a session may not run refused in every spelling.
package cli
