package mcp

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/cli/cache"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/doctor"
	"github.com/funnelsdev/funnels/cli/find"
	"github.com/funnelsdev/funnels/cli/folders"
	"github.com/funnelsdev/funnels/cli/pages"
	"github.com/funnelsdev/funnels/cli/redirects"
	"github.com/funnelsdev/funnels/cli/steps"
	"github.com/funnelsdev/funnels/client/validate"
)

// The read tools: each checks its arguments with package validate before anything
// is sent, then runs the command it stands for with its whole --json asked for.

// mcpMaxFindLimit bounds the matches one find answers with.
const mcpMaxFindLimit = 200

type listFoldersArgs struct {
	ParentID string `json:"parentId,omitempty" jsonschema:"the folder to list (its id); empty: the top level"`
}

func (s *mcpServer) listFolders(ctx context.Context, in listFoldersArgs) *mcp.CallToolResult {
	if err := optionalID("parentId", in.ParentID); err != nil {
		return s.mcpArgError(err)
	}
	return s.call(ctx, func(ctx context.Context, f *cmdutil.Factory, e *cmdutil.Exporter) error {
		return folders.FoldersRun(ctx, f, &folders.FoldersOptions{Parent: in.ParentID, Exporter: *e}, in.ParentID != "")
	})
}

type listStepsArgs struct {
	FunnelID string `json:"funnelId" jsonschema:"the funnel (its id)"`
}

func (s *mcpServer) listSteps(ctx context.Context, in listStepsArgs) *mcp.CallToolResult {
	if _, err := validate.ID("funnelId", in.FunnelID); err != nil {
		return s.mcpArgError(err)
	}
	return s.call(ctx, func(ctx context.Context, f *cmdutil.Factory, e *cmdutil.Exporter) error {
		return steps.StepsRun(ctx, f, &steps.StepsOptions{FunnelID: in.FunnelID, Exporter: *e})
	})
}

type listPagesArgs struct {
	FunnelID string `json:"funnelId" jsonschema:"the funnel (its id)"`
	StepID   string `json:"stepId,omitempty" jsonschema:"only the pages of this step (its id)"`
}

func (s *mcpServer) listPages(ctx context.Context, in listPagesArgs) *mcp.CallToolResult {
	err := firstInvalid(func() error { _, err := validate.ID("funnelId", in.FunnelID); return err },
		func() error { return optionalID("stepId", in.StepID) })
	if err != nil {
		return s.mcpArgError(err)
	}
	return s.call(ctx, func(ctx context.Context, f *cmdutil.Factory, e *cmdutil.Exporter) error {
		return pages.PagesRun(ctx, f, &pages.PagesOptions{FunnelID: in.FunnelID, StepID: in.StepID, Exporter: *e}, in.StepID != "")
	})
}

type getPageArgs struct {
	ID       string `json:"id" jsonschema:"the page (its id)"`
	FunnelID string `json:"funnelId,omitempty" jsonschema:"the page's funnel (its id): where the page's own route is refused, its page list is read"`
}

func (s *mcpServer) getPage(ctx context.Context, in getPageArgs) *mcp.CallToolResult {
	err := firstInvalid(func() error { _, err := validate.ID("id", in.ID); return err },
		func() error { return optionalID("funnelId", in.FunnelID) })
	if err != nil {
		return s.mcpArgError(err)
	}
	return s.call(ctx, func(ctx context.Context, f *cmdutil.Factory, e *cmdutil.Exporter) error {
		return pages.PageGetRun(ctx, f, &pages.PageGetOptions{PageID: in.ID, FunnelID: in.FunnelID, Exporter: *e}, in.FunnelID != "")
	})
}

type findArgs struct {
	Text        string         `json:"text" jsonschema:"a name, a path (/spring-offer) or a domain"`
	Kinds       []string       `json:"kinds,omitempty" jsonschema:"only these kinds: funnel, folder, step, page, redirect, domain"`
	Limit       int            `json:"limit,omitempty" jsonschema:"at most this many matches, best first (default 20, at most 200)"`
	SubAccounts SubAccountsArg `json:"sub_accounts,omitempty"`
}

func (s *mcpServer) find(ctx context.Context, in findArgs) *mcp.CallToolResult {
	text, err := validate.Text("text", in.Text, 500)
	if err != nil {
		return s.mcpArgError(err)
	}
	limit := in.Limit
	switch {
	case limit == 0:
		limit = 20
	case limit < 0 || limit > mcpMaxFindLimit:
		return s.mcpArgError(cmdutil.Usagef("limit must be 1 to %d (0: 20)", mcpMaxFindLimit))
	}
	if len(in.Kinds) > len(find.FindKinds()) {
		return s.mcpArgError(cmdutil.Usagef("kinds names at most %d kinds: %s", len(find.FindKinds()), cmdutil.OrList(find.FindKinds())))
	}
	for _, k := range in.Kinds {
		if _, err := validate.Text("kinds", k, 20); err != nil {
			return s.mcpArgError(err)
		}
	}
	set, err := in.SubAccounts.SetOptions()
	if err != nil {
		return s.mcpArgError(err)
	}
	return s.call(ctx, func(ctx context.Context, f *cmdutil.Factory, e *cmdutil.Exporter) error {
		acrossSet(f, set)
		return find.FindRun(ctx, f, &find.FindOptions{Query: text, Kinds: in.Kinds, Limit: limit, Exporter: *e, Set: set})
	})
}

type listRedirectsArgs struct {
	Search string `json:"search,omitempty" jsonschema:"only the redirects whose domain, path or target contains this text"`
}

func (s *mcpServer) listRedirects(ctx context.Context, in listRedirectsArgs) *mcp.CallToolResult {
	given := in.Search != ""
	if given {
		if _, err := validate.Text("search", in.Search, 200); err != nil {
			return s.mcpArgError(err)
		}
	}
	return s.call(ctx, func(ctx context.Context, f *cmdutil.Factory, e *cmdutil.Exporter) error {
		return redirects.RedirectsListRun(ctx, f, &redirects.RedirectsListOptions{Search: in.Search, Exporter: *e}, given)
	})
}

// NoArgs is the arguments of a tool that takes none.
type NoArgs struct{}

func (s *mcpServer) doctor(ctx context.Context, _ NoArgs) *mcp.CallToolResult {
	return s.call(ctx, func(ctx context.Context, f *cmdutil.Factory, e *cmdutil.Exporter) error {
		return doctor.DoctorRun(ctx, f, &doctor.DoctorOptions{Exporter: *e, Timeout: doctor.DoctorTimeout})
	})
}

type indexStatusArgs struct {
	SubAccounts SubAccountsArg `json:"sub_accounts,omitempty"`
}

func (s *mcpServer) indexStatus(ctx context.Context, in indexStatusArgs) *mcp.CallToolResult {
	set, err := in.SubAccounts.SetOptions()
	if err != nil {
		return s.mcpArgError(err)
	}
	return s.call(ctx, func(ctx context.Context, f *cmdutil.Factory, e *cmdutil.Exporter) error {
		acrossSet(f, set)
		return cache.CacheStatusRun(ctx, f, &cache.CacheStatusOptions{Exporter: *e, Set: set})
	})
}

// optionalID checks an id argument that may be left out ("").
func optionalID(field, s string) error {
	if s == "" {
		return nil
	}
	_, err := validate.ID(field, s)
	return err
}

// firstInvalid is the first error of the checks, in order; nil when all pass.
func firstInvalid(checks ...func() error) error {
	for _, c := range checks {
		if err := c(); err != nil {
			return err
		}
	}
	return nil
}
