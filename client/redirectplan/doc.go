// Package redirectplan moves a location's URL redirects in bulk: it reads them from
// files (ours — CSV, JSON, JSONL — and other platforms': Shopify's CSV, WordPress
// Redirection's CSV export, a _redirects file of Netlify or Cloudflare Pages,
// vercel.json) and writes them (ours), turns a wanted set into a plan against what
// the location holds (add, change, delete, same, refused, each with its reason, and
// the warnings that hold a plan back: an add that shadows a live step), keeps a
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
//   - format.go: the formats by name (Formats are written, ReadFormats read) and how
//     a file's name or content tells one.
//   - read.go: ReadFrom (and Read), a file in any format as ReadOptions say (the
//     format, the file's name, the domain of paths-only files); a file it cannot
//     read is a *ParseError naming the line.
//   - read_csv.go: CSV in our columns, Shopify's or WordPress's, told by the header,
//     forgiving as spreadsheets are (header names in any case and order, a byte
//     order mark, CRLF or CR line ends, cells separated by semicolons or tabs;
//     read_text.go: UTF-16 decoded) and strict about names: an unknown column is an error
//     naming it, its likely meaning, the columns there and those known.
//   - read_json.go: our JSON and JSONL, as strict about keys.
//   - read_netlify.go, read_vercel.go: the rules of a _redirects file and of
//     vercel.json, each named by its line.
//   - foreign.go: what other platforms' rules can be that HighLevel's redirects
//     cannot (patterns, conditions, temporary or non-redirect statuses): such a row
//     is kept with its Refusal, which the plan shows.
//   - cell.go: CSV cells escaped against spreadsheet formulas and characters a
//     terminal acts on, and read back the same; JSON's non-printable characters as
//     \u escapes.
//   - inline.go: ReadInline, rows given as text or as a JSON array of objects (an
//     assistant's tool call).
//   - text.go: the plan in words, the same for the command line and the browser:
//     each step's sign, address, targets (old → new) and note, every value shown
//     whole up to MaxShownBytes (Shown; a redirect that can exist is never cut).
//   - write.go: Write, the rows in a stable order (domain, path, id) with the
//     columns domain, path, target, action, id.
//   - plan.go: Build, the plan of a wanted set against the location's redirects,
//     and the local checks behind every refused row.
//   - shadow.go: the marks of adds at a live step's address and of the redirects
//     that would then chain, and CheckShadows, which holds such a plan back.
//   - journal.go: Journal, an append-only file of what was sent and what landed,
//     synced after every line.
//   - file.go: ReadFile, ReadFileWith and WriteFile, a whole file read (bounded) or
//     written (whole or not at all).
//   - wanted.go: Wanted (an import's rows or a version's), Prepare (the location's
//     redirects read, the domains and the steps on them surveyed, the plan built).
//   - apply.go: Apply, the plan sent in the background lane, journaled, a version
//     saved first, with an Outcome per step.
//   - state.go: State, a location's directory of journals and versions.
//   - versions.go: Versions, the saved states of a location, newest first, the
//     oldest dropped past a limit.
package redirectplan
