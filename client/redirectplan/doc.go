// Package redirectplan moves a location's URL redirects in bulk: it reads and writes
// them as files (CSV, JSON, JSONL), turns a wanted set into a plan against what the
// location holds (add, change, delete, same, refused, each with its reason), keeps a
// journal of each write as it lands so an interrupted apply resumed with the same
// input sends nothing twice, and keeps versions of what the location held before an
// apply, so it can be planned back.
//
// It is the engine both the command line and the browser run: Prepare plans, Apply
// sends (ctx first, progress told through a callback), WriteFile exports; neither
// caller holds any of that logic of its own.
//
// # Files
//
//   - row.go: Row, one redirect as a file holds it, and its key (domain and path
//     without case, as the service matches them).
//   - read.go: Read, a file in any of the three formats, forgiving as spreadsheets
//     are (header names in any case and order, a byte order mark, CRLF line ends,
//     an empty action meaning url); a file it cannot read is a *ParseError naming
//     the line.
//   - write.go: Write, the rows in a stable order (domain, path, id) with the
//     columns domain, path, target, action, id.
//   - plan.go: Build, the plan of a wanted set against the location's redirects,
//     and the local checks behind every refused row.
//   - journal.go: Journal, an append-only file of what was sent and what landed,
//     synced after every line.
//   - file.go: ReadFile and WriteFile, a whole file read (bounded) or written (whole
//     or not at all).
//   - wanted.go: Wanted (an import's rows or a version's), Prepare (the location's
//     redirects read, the domains checked, the plan built).
//   - apply.go: Apply, the plan sent in the background lane, journaled, a version
//     saved first, with an Outcome per step.
//   - state.go: State, a location's directory of journals and versions.
//   - versions.go: Versions, the saved states of a location, newest first, the
//     oldest dropped past a limit.
package redirectplan
