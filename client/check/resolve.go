package check

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"strconv"
	"strings"
)

// Rule is one address override, as curl's --resolve (HOST:PORT:ADDR) and
// --connect-to make them: a connection to Host on Port goes to Addr on ToPort
// instead of where the name resolves. An address a rule names is dialled as given,
// loopback and private ones included: the person who wrote the rule chose it.
//
// Host "*" is any host; Port 0 is any port; ToPort 0 is the port asked for.
type Rule struct {
	Host   string
	Port   int
	Addr   netip.Addr
	ToPort int
}

// The forms ParseRule reads, for messages.
const ruleForms = "HOST:ADDR, HOST:PORT:ADDR or HOST:PORT:ADDR:PORT (an IPv6 ADDR in brackets)"

// maxHostLen is the longest DNS name.
const maxHostLen = 253

// ParseRule reads one rule: HOST:ADDR (any port), HOST:PORT:ADDR (curl's form) or
// HOST:PORT:ADDR:PORT (the port dialled too). An IPv6 address is written in
// brackets ([::1]); as the last part of HOST:PORT:ADDR it may also stand bare.
func ParseRule(s string) (Rule, error) {
	s = strings.TrimSpace(s)
	bad := func(why string) (Rule, error) {
		return Rule{}, fmt.Errorf("resolve rule %q: %s (want %s)", s, why, ruleForms)
	}
	host, rest, ok := strings.Cut(s, ":")
	if !ok || rest == "" {
		return bad("no address")
	}
	host = ruleHost(host)
	if !validHost(host) {
		return bad("the host is not a name")
	}
	r := Rule{Host: host}
	// PORT: comes first when the part before the next colon is all digits.
	if p, after, ok := strings.Cut(rest, ":"); ok && p != "" && allDigits(p) {
		port, err := parsePort(p)
		if err != nil {
			return bad(err.Error())
		}
		r.Port, rest = port, after
	}
	addr, toPort, err := parseAddrPort(rest, r.Port != 0)
	if err != nil {
		return bad(err.Error())
	}
	r.Addr, r.ToPort = addr, toPort
	return r, nil
}

// parseAddrPort reads ADDR or ADDR:PORT; a bare IPv6 address is taken whole when
// bareV6 allows it.
func parseAddrPort(s string, bareV6 bool) (netip.Addr, int, error) {
	if s == "" {
		return netip.Addr{}, 0, errors.New("no address")
	}
	var addrText, portText string
	switch {
	case strings.HasPrefix(s, "["):
		end := strings.IndexByte(s, ']')
		if end < 0 {
			return netip.Addr{}, 0, errors.New("an unclosed [")
		}
		addrText, portText = s[1:end], s[end+1:]
		if portText != "" {
			if portText[0] != ':' {
				return netip.Addr{}, 0, errors.New("text after the address")
			}
			portText = portText[1:]
			if portText == "" {
				return netip.Addr{}, 0, errors.New("an empty port")
			}
		}
	case strings.Count(s, ":") == 1:
		addrText, portText, _ = strings.Cut(s, ":")
		if portText == "" {
			return netip.Addr{}, 0, errors.New("an empty port")
		}
	case strings.Count(s, ":") > 1 && !bareV6:
		return netip.Addr{}, 0, errors.New("an IPv6 address must be in brackets here")
	default:
		addrText = s
	}
	addr, err := netip.ParseAddr(addrText)
	if err != nil || addr.Zone() != "" {
		return netip.Addr{}, 0, fmt.Errorf("%q is not an IP address", addrText)
	}
	if addr.Is4In6() {
		addr = addr.Unmap()
	}
	port := 0
	if portText != "" {
		if port, err = parsePort(portText); err != nil {
			return netip.Addr{}, 0, err
		}
	}
	return addr, port, nil
}

func parsePort(s string) (int, error) {
	if !allDigits(s) || len(s) > 5 {
		return 0, fmt.Errorf("port %q is not a number", s)
	}
	p, _ := strconv.Atoi(s)
	if p < 1 || p > 65535 {
		return 0, fmt.Errorf("port %d is not from 1 to 65535", p)
	}
	return p, nil
}

func allDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// validHost is "*" or a DNS name: letters, digits, dots, dashes and underscores,
// no empty label.
func validHost(h string) bool {
	if h == "*" {
		return true
	}
	if h == "" || len(h) > maxHostLen || strings.HasPrefix(h, ".") || strings.Contains(h, "..") {
		return false
	}
	for i := range len(h) {
		c := h[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// String is the rule in the form ParseRule reads back to the same rule.
func (r Rule) String() string {
	addr := r.Addr.String()
	if r.Addr.Is6() {
		addr = "[" + addr + "]"
	}
	if r.ToPort != 0 {
		addr += ":" + strconv.Itoa(r.ToPort)
	}
	if r.Port == 0 {
		return r.Host + ":" + addr
	}
	return r.Host + ":" + strconv.Itoa(r.Port) + ":" + addr
}

// ParseRules reads rules one a line; blank lines and lines starting with # are
// skipped. A bad line is named by its number.
func ParseRules(r io.Reader) ([]Rule, error) {
	var out []Rule
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rule, err := ParseRule(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, rule)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading resolve rules: %w", err)
	}
	return out, nil
}

// ruleHost is a host name as rules name it: DNS names are the same in any case, and
// with or without the dot that ends a fully qualified one.
func ruleHost(host string) string { return strings.TrimSuffix(strings.ToLower(host), ".") }

// matchRule is the rule for host and port: one naming both first, then the host on
// any port, then "*" on the port, then "*" alone; the first written wins a tie.
func matchRule(rules []Rule, host string, port int) (Rule, bool) {
	host = ruleHost(host)
	best, rank := Rule{}, 0
	for _, r := range rules {
		var k int
		switch {
		case r.Host == host && r.Port == port:
			k = 4
		case r.Host == host && r.Port == 0:
			k = 3
		case r.Host == "*" && r.Port == port:
			k = 2
		case r.Host == "*" && r.Port == 0:
			k = 1
		}
		if k > rank {
			best, rank = r, k
		}
	}
	return best, rank > 0
}
