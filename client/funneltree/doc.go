// Package funneltree is a location's funnels as files and the differences between
// two of them: the model of an export (folders → funnels → steps → pages, the
// domains in use, the URL redirects, a manifest), built from the local index; the
// files it is written to and read back from; and the diff of two trees, matched by
// what a person would recognise, never by id. `funnels export` and `funnels diff` use
// it; nothing here knows about terminals or HTTP.
//
// # Files
//
//	DIR/manifest.yaml      when, from where, which funnels version, counts, format version
//	DIR/folders.yaml       every folder: its path of names, type and id
//	DIR/domains.yaml       every domain a funnel or redirect uses, with what uses it
//	DIR/redirects.yaml     every URL redirect, by domain then path
//	DIR/funnels/…/NAME.yaml one funnel with its steps and their pages, in the directory
//	                       of its folder (folder names slugged the same way)
//
// (.json instead of .yaml with --format json.) Names become file names by slug.go:
// lower case ASCII letters, digits and dashes, at most 60 bytes, "-2", "-3" … after
// a name already taken in the same directory, in the order of the records' names and
// ids, so the same data always gives the same file names. Records carry no time:
// the same data gives the same bytes, and the manifest alone says when.
//
// Writing (write.go, swap.go) replaces only the export's own files — the four files
// and the funnel files, what Read reads — and keeps anything else in DIR (a .git, a
// README). The new files are staged whole inside DIR, the staging is marked ready
// in one rename, then each file moves into place by a rename: a kill leaves the
// previous export, or the new one as Read reads it (from the staging where a file
// has not moved yet), and the next write finishes the move.
// Reading (read.go) takes only regular files inside DIR, each at most MaxFileBytes,
// and says which file is damaged and why.
//
// # Matching
//
// diff.go matches funnels by their address (host lower-cased, path with trailing
// slashes, white space and no-break spaces folded; client.Host), then by their path
// alone, then by name; steps within a funnel by path, then name; pages within a step
// by name, then place. Ids never match across trees: two sub-accounts loaded from one
// snapshot share no id. Options.IgnoreDomains matches and compares without hosts, for
// a client's copy of a template served on the client's own domains.
//
// A funnel's YAML is written and read by hand (yaml_funnel.go, yaml_funnel_read.go),
// ten times as fast as by the YAML library over a hundred thousand pages; a file the
// fast reader does not recognise as its writer's own goes to the library, and fuzz
// tests hold the two readings equal.
package funneltree
