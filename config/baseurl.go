package config

import (
	"fmt"
	"net"
	"net/url"
	"strings"
)

// CheckBaseURL accepts an absolute https URL, or http when the host is loopback
// (127.0.0.0/8, ::1, localhost): tokens and client secrets travel to these addresses,
// so they must not cross a network in clear text.
func CheckBaseURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("%q is not a URL: %w", raw, err)
	}
	if u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return fmt.Errorf("%q is not an absolute http(s) URL", raw)
	}
	if u.User != nil {
		return fmt.Errorf("%q carries a user name or password; remove it", u.Redacted())
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("%q has a query or fragment; give the address alone", raw)
	}
	if u.Scheme == "http" && !IsLoopback(u.Hostname()) {
		return fmt.Errorf("%q is not https; plain http is allowed only for loopback hosts (127.0.0.1, ::1, localhost)", raw)
	}
	return nil
}

// IsLoopback reports whether host (no port) is this machine.
func IsLoopback(host string) bool {
	if strings.EqualFold(strings.TrimSuffix(host, "."), "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
