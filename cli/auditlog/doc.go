// Package auditlog is the team server's record of every write sent with its
// sign-ins: the append-only log in the data directory (Log, Entry), the client
// subscriber that writes a line as a write leaves and another when it ends
// (Recorder), each without its secrets (bodies, queries and paths redacted), the mark
// that lets a local run on the server's machine write to the same log (MarkServed,
// Served), and how the log reads as one row a write (Writes, StatusText).
//
// It sits below cli/cmdutil, which records a local run's writes here, and
// cli/serve, which records every session's; it imports neither.
package auditlog
