package ui

import (
	"time"

	"github.com/funnelsdev/funnels/client/index"
)

// indexState is what the root keeps of the local index (Options.Index): the index
// the bodies paint from and save into, the crawl, go to anything's items, and what
// the index said of itself.
type indexState struct {
	*localIndex
	crawl   *crawlRun      // the crawl under way; nil when none
	set     *gotoSet       // the items of "go to anything", once read
	loading uint64         // the read of the items under way; 0 = none
	built   time.Time      // when the last crawl read the location whole (zero: never)
	said    bool           // a failure to write the index was told once
	result  index.Progress // the last crawl's end, for the status bar
	checked bool           // built was read from the index
}

func newIndexState(store *index.Store) *indexState {
	return &indexState{localIndex: &localIndex{store: store}}
}

// local is the index as the bodies use it; nil when there is none.
func (x *indexState) local() *localIndex {
	if x == nil {
		return nil
	}
	return x.localIndex
}
