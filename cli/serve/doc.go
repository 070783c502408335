// Package serve is the team server: `funnels serve` answers ssh on one machine so a
// team works on the sub-accounts signed in there without a copy of any token.
//
// People are named public keys with roles per sub-account (users.go); the server's
// data directory holds its host key (hostkey.go), the people file and the audit log
// (package auditlog), each 0600. A session (session.go) either opens the browser on its
// pty or runs one funnels command through the same command tree as a local run,
// handed over by the command line as a Runner, so this package never imports it.
// The command line is passed through unread: once it is parsed, the command tree
// decides by the command's record whether the session may run it, asking the
// session's gate who the person is (Gate.Admin, Gate.DataDir).
// Every session's clients come from one pool (pool.go): one client — one pacer,
// one rate-limit budget — and one index per sub-account, each session seeing its
// own read-only or writing view of it, and every write it sends audited with the
// person's name and key, the sub-account's name where an agency sign-in lists it,
// and a redirect's record before and after (auditlog.Recorder). An admin's browser
// reads the log through a ui.ChangeLog (recent.go). A session's terminal is clamped
// and its window changes coalesced (window.go); a server told to stop ends every
// session within a second, each told why (stop.go).
package serve
