package cmdutil

import (
	"context"
	"errors"
	"time"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
)

// CrawlWithProgress crawls c's location into store with the progress on standard
// error. A crawl stopped part way says how to resume.
func CrawlWithProgress(ctx context.Context, f *Factory, c *client.Client, store *index.Store) (index.Progress, error) {
	if n := store.Notice(); n != "" {
		f.Notice("funnels: %s", n)
	}
	bar := newCrawlProgress(f)
	p, err := (&index.Crawler{Client: c, Store: store, OnProgress: bar.Update}).Run(ctx)
	bar.Done()
	if n := store.Notice(); n != "" {
		f.Notice("funnels: %s", n)
	}
	return p, CrawlError(err)
}

// CrawlError is the error of a crawl as a command reports it: a crawl stopped part
// way says how to resume.
func CrawlError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return WithExitCode(ExitAPI, errors.New("stopped part way; what was read is kept, and 'funnels index' resumes where it stopped"))
	case errors.Is(err, client.ErrUntrustedCertificate):
		// Every request meets the same certificate: said as what it is (describe), not
		// as items the next crawl will try again.
		var ne *client.NetworkError
		if errors.As(err, &ne) {
			return ne
		}
		return err
	case errors.Is(err, index.ErrCrawlIncomplete):
		return WithExitCode(ExitAPI, err)
	case errors.Is(err, index.ErrLocked):
		return WithExitCode(ExitLocal, err)
	}
	return err
}

// StaleIndex is how old a local index may be before it is said to be old (find), or
// read live instead (the MCP server's tree).
const StaleIndex = 24 * time.Hour
