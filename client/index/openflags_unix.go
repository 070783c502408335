//go:build unix

package index

import "syscall"

// openNoWait makes an open return at once whatever the path names: a named pipe opens
// without waiting for its other end, and a symbolic link is not followed.
const openNoWait = syscall.O_NONBLOCK | syscall.O_NOFOLLOW
