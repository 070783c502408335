package auth

import "context"

// LockFile takes an exclusive lock on the file at path (made when missing), waiting
// until ctx ends: the lock the token store's entries are changed under, for other
// state of this machine that one run at a time may change. It is dropped when the
// process ends, however it ends; two goroutines of one process exclude each other as
// two processes do.
func LockFile(ctx context.Context, path string) (unlock func(), err error) {
	return lockFile(ctx, path)
}
