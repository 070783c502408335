package index

import (
	"context"
	"errors"
	"fmt"

	"golang.org/x/sync/errgroup"

	"github.com/funnelsdev/funnels/client"
)

// A funnel the index has never seen. Reading the funnel list whole finds it for
// certain but costs one request per hundred funnels: 101 at 10,000, a whole window at
// the service's limit, for one funnel. Most funnels sit at the root or a folder or two
// down. So the search reads the funnel list's first page (all of most locations'
// lists), then, when the list goes on, the root's listing: two requests find a funnel
// at the root or among the list's first hundred. The list's count prices reading the
// rest; the folders are walked a level at a time, each level's listings asked
// together, for at most half of what the rest of the list would cost, and the rest of
// the list is read only past that (or where folder listings are refused to this
// token): a funnel the folders do not find costs at most half as much again as the
// list alone. Every listing read is kept in the index, so the next look-up of any
// funnel in it asks nothing.

// listPageSize is the funnel list's page: the most a page may hold.
const listPageSize = 100

// unknownLengthWalk is how many folder listings the search spends when the server
// announced no count: the rest of the list may be one page, so only a few.
const unknownLengthWalk = 4

// levelAtOnce bounds the folder listings of one level asked at the same time; the
// client's pacer still spaces them under the limit.
const levelAtOnce = 8

// searchUnseen finds the funnel id of c's location that the index does not hold; nil
// when the location has none of that id.
func searchUnseen(ctx context.Context, c *client.Client, store *Store, id string) (*client.Funnel, error) {
	var (
		found    *client.Funnel
		foundErr error
		settled  bool // found (or failed) without the rest of the list
	)
	all, _, err := c.ListAllFunnelsUnless(ctx, client.ListFunnelsParams{}, listPageSize, func(first []client.Funnel, count int, known bool) bool {
		keepFunnels(ctx, store, first)
		if f := withSteps(first, id); f != nil {
			found, settled = f, true
			return true
		}
		if _, refused := c.Access().Refused(client.FamilyFolders); refused {
			return false
		}
		root, _, err := c.FolderEntities(ctx, "", "", "")
		if err != nil {
			return false // refused or failed: the rest of the list finds it instead
		}
		keepListing(ctx, store, "", root)
		f, ok, err := inListing(ctx, c, store, "", root, id)
		if !ok && err == nil {
			budget := unknownLengthWalk
			if known {
				budget = (count - len(first) + listPageSize - 1) / listPageSize / 2
			}
			f, ok, err = walkFolders(ctx, c, store, root.Folders, id, budget)
		}
		if ok || err != nil {
			found, foundErr, settled = f, err, true
		}
		return settled
	})
	if settled {
		return found, foundErr
	}
	if err != nil && !errors.Is(err, client.ErrIncompleteList) {
		return nil, err
	}
	keepFunnels(ctx, store, all)
	if f := withSteps(all, id); f != nil {
		return f, nil
	}
	// Listed without its steps, it is still the location's: its steps are unknown,
	// not a funnel that is not there.
	for i := range all {
		if all[i].ID == id {
			return &all[i], nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("funnel %s: %w", id, err)
	}
	return nil, nil
}

// walkFolders looks for id in the folders of level and below, a level at a time, while
// the requests spent with the next level's stay within budget; found is false when it
// gave up or the folders do not hold it.
func walkFolders(ctx context.Context, c *client.Client, store *Store, level []client.Folder, id string, budget int) (*client.Funnel, bool, error) {
	spent := 0
	for len(level) > 0 && spent+len(level) <= budget {
		spent += len(level)
		listed := make([]*client.Entities, len(level))
		var g errgroup.Group
		g.SetLimit(levelAtOnce)
		for i, dir := range level {
			g.Go(func() error {
				ents, _, err := c.FolderEntities(ctx, "", dir.ID, "")
				if err != nil {
					return err
				}
				keepListing(ctx, store, dir.ID, ents)
				listed[i] = ents // each its own element
				return nil
			})
		}
		if err := g.Wait(); err != nil {
			if ctx.Err() != nil {
				return nil, false, err
			}
			return nil, false, nil // a listing failed: the funnel list settles it
		}
		var next []client.Folder
		for i, ents := range listed {
			if f, found, err := inListing(ctx, c, store, level[i].ID, ents, id); found || err != nil {
				return f, found, err
			}
			next = append(next, ents.Folders...)
		}
		level = next
	}
	return nil, false, nil
}

// inListing finds id among the funnels of folder's listing; one listed without its
// steps has them read from the folder's funnel list narrowed by its name (one
// request).
func inListing(ctx context.Context, c *client.Client, store *Store, folder string, ents *client.Entities, id string) (*client.Funnel, bool, error) {
	for i := range ents.Funnels {
		f := &ents.Funnels[i]
		if f.ID != id {
			continue
		}
		if f.StepsKnown {
			return f, true, nil
		}
		parent := folder
		page, _, err := c.ListFunnels(ctx, client.ListFunnelsParams{ParentID: &parent, Name: f.Name, Limit: listPageSize})
		if err != nil {
			return nil, true, err
		}
		if full := withSteps(page.Funnels, id); full != nil {
			keepFunnels(ctx, store, page.Funnels)
			return full, true, nil
		}
		return nil, false, nil
	}
	return nil, false, nil
}

// withSteps is the funnel id of funnels when it came with its steps.
func withSteps(funnels []client.Funnel, id string) *client.Funnel {
	for i := range funnels {
		if funnels[i].ID == id && funnels[i].StepsKnown {
			return &funnels[i]
		}
	}
	return nil
}

// keepListing keeps a folder's listing in the index; a failure only costs the next
// look-up a request.
func keepListing(ctx context.Context, store *Store, folder string, ents *client.Entities) {
	if store != nil {
		_ = store.SaveListing(ctx, folder, ents.Folders, ents.Funnels, false, true)
	}
}
