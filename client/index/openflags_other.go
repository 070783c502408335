//go:build !unix

package index

// openNoWait adds nothing where named pipes and links are not files of the kind unix
// has; the look before the open still refuses them.
const openNoWait = 0
