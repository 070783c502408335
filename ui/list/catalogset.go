package list

import "github.com/funnelsdev/funnels/client/index"

// SetCatalogSet is SetCatalog for go to anything across sub-accounts: the keys are
// those of several catalogs read as one, each a part of its catalog's string.
func (l *List) SetCatalogSet(s *index.CatalogSet, marks Marks) {
	l.e = &engine{set: s}
	l.reset()
	l.narrowFast(marks)
}
