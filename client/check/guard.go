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
// IPv4 address it carries, and by each it may carry where that is not known (the
// local-use NAT64 prefix).
func addrClass(a netip.Addr) string {
	a = a.Unmap()
	for _, m := range metadata {
		if a == m {
			return "metadata"
		}
	}
	if a.Is6() {
		for _, v4 := range embeddedV4(a) {
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

// embeddedV4 is the IPv4 address a NAT64 (the well-known prefix), SIIT-translated,
// IPv4-compatible, 6to4 or Teredo address carries; for the local-use NAT64 prefix,
// every one it may carry (nat64LocalV4). :: and ::1 carry none: they are judged as
// themselves.
func embeddedV4(a netip.Addr) []netip.Addr {
	b := a.As16()
	switch {
	case a == netip.IPv6Unspecified() || a == netip.IPv6Loopback():
		return nil
	case nat64Local.Contains(a):
		return nat64LocalV4(b)
	case nat64.Contains(a), translated.Contains(a), compatible.Contains(a):
		return []netip.Addr{netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})}
	case sixToFour.Contains(a):
		return []netip.Addr{netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]})}
	case teredo.Contains(a):
		// The client's address, inverted.
		return []netip.Addr{netip.AddrFrom4([4]byte{^b[12], ^b[13], ^b[14], ^b[15]})}
	}
	return nil
}

// nat64Layouts are the bytes that carry the IPv4 address under a NAT64 prefix of 32,
// 40, 48, 56, 64 and 96 bits (RFC 6052): byte 8 is never one of them, and is zero
// under a prefix shorter than 96 bits, as is every byte after the address.
var nat64Layouts = [...][4]int{{4, 5, 6, 7}, {5, 6, 7, 9}, {6, 7, 9, 10}, {7, 9, 10, 11}, {9, 10, 11, 12}, {12, 13, 14, 15}}

// nat64LocalV4 are the IPv4 addresses an address of the local-use NAT64 prefix may
// carry: the network that uses it chose the prefix's length, which the address does
// not say, so each layout whose zero bytes are zero gives one, and the address is
// judged by all of them (a public address may then read as a private one under
// another layout: the check's --allow-private lets it through). The /96 layout always
// gives one, but for 0.0.0.0 where a shorter layout fits: that is the zeros after an
// address laid out shorter, and no page is served from it.
func nat64LocalV4(b [16]byte) []netip.Addr {
	var out []netip.Addr
	for _, at := range nat64Layouts[:len(nat64Layouts)-1] {
		plausible := b[8] == 0
		for k := at[3] + 1; k < 16; k++ {
			plausible = plausible && b[k] == 0
		}
		if plausible {
			out = append(out, netip.AddrFrom4([4]byte{b[at[0]], b[at[1]], b[at[2]], b[at[3]]}))
		}
	}
	if last := netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}); len(out) == 0 || !last.IsUnspecified() {
		out = append(out, last)
	}
	return out
}
