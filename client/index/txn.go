package index

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// once is one open, transaction and close of the file; committed, when set, hears
// the stamp a write left (writeStamp).
//
// bbolt trusts the file: a page damaged on disk can make it panic, and a file cut
// short makes a read of the mapping fault (SIGBUS), which SetPanicOnFault turns into a
// panic (this goroutine only, for this call). A panic is recovered where it happens —
// in the open, or in the transaction (runTx) — and becomes a damageError, so the file
// is set aside. The database is closed only once its transaction is over: bbolt's
// Close waits for the locks a transaction holds, and a transaction whose rollback
// panicked holds them for ever. Such a database is left behind unclosed, its file
// closed under it (which drops the file lock); the process goes on with a new file.
func (s *Store) once(ctx context.Context, writable bool, fn func(tx *bolt.Tx) error, committed func(stamp string)) (err error) {
	if writable {
		if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
			return fmt.Errorf("index: %w", err)
		}
	} else if fi, err := os.Lstat(s.path); errors.Is(err, fs.ErrNotExist) || err == nil && fi.Size() == 0 {
		return nil // no index, or one another process is making (errUnmade): nothing to read yet
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	var file *os.File // the file bbolt opened, to close if the database cannot be
	db, err := openGuarded(ctx, s.path, writable, s.wait, &file)
	if err != nil {
		return s.openFailure(ctx, err)
	}
	over, err := runTx(db, writable, fn)
	if !over {
		if file != nil {
			_ = file.Close()
		}
		return err
	}
	if err == nil && writable {
		// Still under the writer's lock: no other write between.
		if stamp := writeStamp(s.path, file); stamp != "" && committed != nil {
			committed(stamp)
		}
	}
	cerr := db.Close()
	var dmg *damageError
	switch {
	case errors.As(err, &dmg):
		return err
	case err != nil:
		return fmt.Errorf("index: %w", err)
	case cerr != nil:
		return fmt.Errorf("index: %w", cerr)
	}
	return nil
}

// openFailure is what an open of the file that failed with err means: a wait that
// ended, a lock held too long, a file not there or not ours to read, the system
// refusing a call (no file descriptor left, no memory to map the file, an interrupted
// call: bbolt hands these on as the system's own errors; the file is not at fault, and
// is not set aside), or else a file bbolt could not read, which is damage.
func (s *Store) openFailure(ctx context.Context, err error) error {
	var errno syscall.Errno
	switch {
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return fmt.Errorf("index: waiting for the file: %w", err)
	case errors.Is(err, berrors.ErrTimeout):
		return fmt.Errorf("index %s: %w", s.path, ErrLocked)
	case errors.Is(err, errDamaged):
		return &damageError{err: err}
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("index: %w", err)
	case errors.As(err, &errno):
		return fmt.Errorf("index %s: %w", s.path, err)
	}
	return &damageError{err: err}
}

// openGuarded opens the database at path (openBolt) through openRegular (a named pipe
// or a link is refused, not waited on), keeping the file it opened in *file. A panic
// while bbolt reads the file's first pages is damage; the file is closed again.
func openGuarded(ctx context.Context, path string, writable bool, wait time.Duration, file **os.File) (db *bolt.DB, err error) {
	defer func() {
		if r := recover(); r != nil {
			db, err = nil, &damageError{err: fmt.Errorf("%v", r)}
			if *file != nil {
				_ = (*file).Close()
			}
		}
	}()
	open := func(name string, flag int, perm os.FileMode) (*os.File, error) {
		f, err := openRegular(name, flag, perm)
		*file = f
		return f, err
	}
	return openBolt(ctx, path, writable, wait, open)
}

// runTx runs fn in one transaction of db and commits it (writable) or rolls it back.
// A panic anywhere in it — beginning, fn, the commit — is recovered and becomes a
// damageError, and the transaction is then rolled back if it is still open. over
// reports whether the transaction is finished, so that db may be closed.
func runTx(db *bolt.DB, writable bool, fn func(tx *bolt.Tx) error) (over bool, err error) {
	var tx *bolt.Tx
	defer func() {
		if r := recover(); r != nil {
			err = &damageError{err: fmt.Errorf("%v", r)}
		}
		over = tx != nil && finish(tx)
		if tx == nil && err != nil && !isDamage(err) {
			over = true // Begin refused without a panic: it holds nothing
		}
	}()
	tx, err = db.Begin(writable)
	if err != nil {
		return false, err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return false, err
	}
	if writable {
		return false, tx.Commit()
	}
	return false, tx.Rollback()
}

// finish rolls tx back if it is still open, recovering a panic in the rollback, and
// reports whether it is over (bbolt clears a transaction's database when it ends).
func finish(tx *bolt.Tx) (over bool) {
	defer func() {
		_ = recover()
		over = tx.DB() == nil
	}()
	if tx.DB() != nil {
		_ = tx.Rollback()
	}
	return tx.DB() == nil
}

func isDamage(err error) bool {
	var dmg *damageError
	return errors.As(err, &dmg)
}
