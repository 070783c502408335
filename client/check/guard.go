package check

import (
	"errors"
	"fmt"
	"net/netip"
)

// The checker fetches addresses that pages and redirects name, on a machine that may
// sit inside a network (a team server): a redirect to http://169.254.169.254/ or a
// domain pointed at 10.0.0.1 must not turn it into a way in. Every address a name
// resolves to is judged here before anything is dialled; an address a resolve rule
// names is dialled as given.

// ErrBlocked matches every *BlockedError.
var ErrBlocked = errors.New("address not fetched")

// BlockedError is a host that resolves only to addresses the checker does not
// fetch without Options.AllowPrivate.
type BlockedError struct {
	Host   string
	Addr   netip.Addr // the first address refused
	Reason string     // what the address is: "loopback", "private", "metadata" …
}

func (e *BlockedError) Error() string {
	return fmt.Sprintf("%s resolves to %s, a %s address: not fetched (allow private addresses to check it)",
		e.Host, e.Addr, e.Reason)
}

// Is makes errors.Is(err, ErrBlocked) true.
func (e *BlockedError) Is(target error) bool { return target == ErrBlocked }

// Prefixes no public page lives at, beyond what netip's own tests name.
var (
	cgnat       = netip.MustParsePrefix("100.64.0.0/10")
	thisNetwork = netip.MustParsePrefix("0.0.0.0/8")
	ietf        = netip.MustParsePrefix("192.0.0.0/24")
	benchmark   = netip.MustParsePrefix("198.18.0.0/15")
	reserved4   = netip.MustParsePrefix("240.0.0.0/4")
	nat64       = netip.MustParsePrefix("64:ff9b::/96")
	nat64Local  = netip.MustParsePrefix("64:ff9b:1::/48")
	translated  = netip.MustParsePrefix("::ffff:0:0:0/96")
	compatible  = netip.MustParsePrefix("::/96")
	sixToFour   = netip.MustParsePrefix("2002::/16")
	teredo      = netip.MustParsePrefix("2001::/32")
	siteLocal   = netip.MustParsePrefix("fec0::/10")
	metadata    = []netip.Addr{
		netip.MustParseAddr("169.254.169.254"), // AWS, GCP, Azure, OpenStack
		netip.MustParseAddr("169.254.170.2"),   // AWS ECS task metadata
		netip.MustParseAddr("100.100.100.200"), // Alibaba Cloud
		netip.MustParseAddr("fd00:ec2::254"),   // AWS over IPv6
	}
)

// addrClass is "" for an address a public page may be served from, else what the
// address is. An IPv4 address inside IPv6 (mapped, NAT64, 6to4) is judged by the
// IPv4 address it carries.
func addrClass(a netip.Addr) string {
	a = a.Unmap()
	for _, m := range metadata {
		if a == m {
			return "metadata"
		}
	}
	if a.Is6() {
		if v4, ok := embeddedV4(a); ok {
			if c := addrClass(v4); c != "" {
				return c
			}
		}
	}
	switch {
	case !a.IsValid():
		return "invalid"
	case a.IsLoopback():
		return "loopback"
	case a.IsUnspecified(), thisNetwork.Contains(a):
		return "unspecified"
	case a.IsLinkLocalUnicast():
		return "link-local"
	case a.IsMulticast(), a.IsLinkLocalMulticast(), a.IsInterfaceLocalMulticast():
		return "multicast"
	case a.Is6() && a.IsPrivate():
		return "unique-local"
	case a.IsPrivate():
		return "private"
	case cgnat.Contains(a):
		return "CGNAT"
	case ietf.Contains(a), benchmark.Contains(a), reserved4.Contains(a):
		return "reserved"
	case siteLocal.Contains(a):
		return "site-local"
	}
	return ""
}

// embeddedV4 is the IPv4 address a NAT64 (the well-known prefix, and the local-use
// one as its /96 networks carry it), SIIT-translated, IPv4-compatible, 6to4 or Teredo
// address carries. :: and ::1 carry none: they are judged as themselves.
func embeddedV4(a netip.Addr) (netip.Addr, bool) {
	b := a.As16()
	switch {
	case a == netip.IPv6Unspecified() || a == netip.IPv6Loopback():
		return netip.Addr{}, false
	case nat64.Contains(a), nat64Local.Contains(a), translated.Contains(a), compatible.Contains(a):
		return netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}), true
	case sixToFour.Contains(a):
		return netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}), true
	case teredo.Contains(a):
		// The client's address, inverted.
		return netip.AddrFrom4([4]byte{^b[12], ^b[13], ^b[14], ^b[15]}), true
	}
	return netip.Addr{}, false
}
