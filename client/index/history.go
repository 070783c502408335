package index

import (
	"context"
	"encoding/json"

	bolt "go.etcd.io/bbolt"
)

// ChangeSets are the change sets the history keeps, oldest first, each whole: for a
// reader that needs every value an item had (every path a step was served at), not
// only the first and last that Changes merges them to.
func (s *Store) ChangeSets(ctx context.Context) ([]ChangeSet, error) {
	var out []ChangeSet
	_, err := s.view(ctx, func(tx *bolt.Tx) error {
		h := tx.Bucket(bHistory)
		if h == nil {
			return nil
		}
		return h.ForEach(func(_, v []byte) error {
			var set ChangeSet
			if json.Unmarshal(v, &set) == nil && set.Version > 0 {
				out = append(out, set)
			}
			return nil
		})
	})
	return out, err
}
