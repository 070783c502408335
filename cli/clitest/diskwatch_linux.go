package clitest

import (
	"io/fs"
	"path/filepath"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// DiskWatch tells what was opened, read or changed under some directories while it
// watches: inotify on each directory of their trees (a new one shows as created in
// its parent).
type DiskWatch struct {
	fd    int
	paths map[int]string
}

// WatchDisk watches dirs and every directory under them until the test ends.
func WatchDisk(t *testing.T, dirs ...string) *DiskWatch {
	t.Helper()
	fd, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		t.Fatalf("inotify: %v", err)
	}
	t.Cleanup(func() { _ = unix.Close(fd) })
	w := &DiskWatch{fd: fd, paths: map[int]string{}}
	const mask = unix.IN_OPEN | unix.IN_ACCESS | unix.IN_MODIFY | unix.IN_ATTRIB | unix.IN_CREATE | unix.IN_DELETE |
		unix.IN_MOVED_FROM | unix.IN_MOVED_TO | unix.IN_CLOSE_WRITE
	for _, dir := range dirs {
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return nil
			}
			wd, err := unix.InotifyAddWatch(fd, p, mask)
			if err != nil {
				t.Fatalf("inotify %s: %v", p, err)
			}
			w.paths[wd] = p
			return nil
		})
	}
	return w
}

// Touched lists what was opened, read or changed since it was last asked (each as
// "DIR NAME"), and forgets it.
func (w *DiskWatch) Touched() []string {
	var out []string
	buf := make([]byte, 64<<10)
	for {
		n, err := unix.Read(w.fd, buf)
		if n <= 0 || err != nil {
			return out
		}
		for off := 0; off+unix.SizeofInotifyEvent <= n; {
			ev := (*unix.InotifyEvent)(unsafe.Pointer(&buf[off]))
			name := ""
			if ev.Len > 0 {
				b := buf[off+unix.SizeofInotifyEvent : off+unix.SizeofInotifyEvent+int(ev.Len)]
				for i, c := range b {
					if c == 0 {
						b = b[:i]
						break
					}
				}
				name = string(b)
			}
			out = append(out, w.paths[int(ev.Wd)]+" "+name)
			off += unix.SizeofInotifyEvent + int(ev.Len)
		}
	}
}
