package cmdutil

// Offer is whether a session of the team server (over ssh) is offered a command: to
// every person granted the sub-account it works on, to the server's admins only, or
// to no one, with the reason.
type Offer struct {
	to  audience
	why string // why no one is offered it
}

type audience uint8

const (
	toNoOne audience = iota
	toReaders
	toAdmins
)

// Offered is a command every session may run on the sub-accounts granted to the
// person. One that writes still needs a role that writes there (Command.Writes).
func Offered() Offer { return Offer{to: toReaders} }

// AdminsOnly is a command for the server's admins (admin on every sub-account),
// which works on the server's data directory: the gate gives it, never the command
// line.
func AdminsOnly() Offer { return Offer{to: toAdmins} }

// NotOffered is a command no session may run, and why: it shows or changes the
// server's sign-ins or settings, starts a server, or is for the machine itself.
func NotOffered(why string) Offer { return Offer{to: toNoOne, why: why} }

// ForAdmins reports whether only the server's admins are offered the command.
func (o Offer) ForAdmins() bool { return o.to == toAdmins }

// Offered reports whether some session may run the command.
func (o Offer) Offered() bool { return o.to != toNoOne }

// Why is why no session is offered the command ("" when one is).
func (o Offer) Why() string { return o.why }
