package index

import (
	"context"

	bolt "go.etcd.io/bbolt"
)

// counts fills p's figures with what the index holds: what a crawl that found the
// index finished by another process reports, instead of nothing.
func (s *Store) counts(ctx context.Context, p *Progress) error {
	_, err := s.view(ctx, func(tx *bolt.Tx) error {
		n := func(b []byte) int { return tx.Bucket(b).Stats().KeyN }
		p.Folders, p.Funnels, p.Pages, p.Redirects = n(bFolders), n(bFunnels), n(bPages), n(bRedirects)
		p.FunnelsTotal, p.FunnelsPaged = p.Funnels, p.Funnels
		return nil
	})
	return err
}
