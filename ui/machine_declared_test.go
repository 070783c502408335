package ui

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The declaration that an action uses the machine (action.machine) cannot be left
// out: from the package's own source, type-checked, every action of the table whose
// run can reach a call that uses the machine's files or programs — through any
// function, method, closure or value it names, an interface's method standing for
// every implementation in the package — must declare it, and an action declaring it
// must reach one (a declaration nothing needs would turn a key off over ssh for
// nothing). A func value called through a field (a form's OnChange) is followed where
// it is made, which is inside the run that makes it.
func TestEveryActionThatUsesTheMachineDeclaresIt(t *testing.T) {
	t.Parallel()
	g := parseCallGraph(t, ".")
	reaching := g.reachingMachine()
	for _, want := range []string{"fileCompletion.changed", "exportRedirects", "prepareImport", "Model.openInBrowser"} {
		if obj := g.named(want); obj == nil || !reaching[obj] {
			t.Fatalf("the graph misses that %s uses the machine: the test would prove nothing", want)
		}
	}
	entries := g.actionLiterals()
	if len(entries) < 40 {
		t.Fatalf("found %d actions in the table, want them all", len(entries))
	}
	declared := 0
	for _, e := range entries {
		uses := e.direct || slices.ContainsFunc(e.names, func(o types.Object) bool { return reaching[o] })
		if e.machine {
			declared++
		}
		switch {
		case uses && !e.machine:
			t.Errorf("%s: its run reaches the machine's files or programs (through %s) but declares no machine use: over ssh it would use the server's", e.label, g.pathTo(e.names, reaching))
		case !uses && e.machine:
			t.Errorf("%s declares a machine use its run never reaches", e.label)
		}
	}
	if declared < 4 {
		t.Errorf("%d actions declare a machine use, want at least import, export and both opens", declared)
	}
}

// callGraph is, for each function and method of the package (and each package-level
// variable, a func value among them), what it names: the package's functions and
// methods it calls or takes as values, closures included, an interface's method
// standing for that method of every type of the package that implements the
// interface; and which of them call the machine directly.
type callGraph struct {
	fset    *token.FileSet
	files   []*ast.File
	info    *types.Info
	pkg     *types.Package
	mention map[types.Object][]types.Object
	direct  map[types.Object]bool
}

// parseCallGraph type-checks the package in dir (its imports from source) and
// builds its graph.
func parseCallGraph(t *testing.T, dir string) *callGraph {
	t.Helper()
	g := &callGraph{fset: token.NewFileSet(), mention: map[types.Object][]types.Object{}, direct: map[types.Object]bool{},
		info: &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}}
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(g.fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		g.files = append(g.files, f)
	}
	conf := types.Config{Importer: exportDataImporter(t, g.fset, dir)}
	if g.pkg, err = conf.Check("github.com/funnelsdev/funnels/ui", g.fset, g.files, g.info); err != nil {
		t.Fatal(err)
	}
	for _, f := range g.files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				obj := g.info.Defs[d.Name]
				g.mention[obj], g.direct[obj] = g.mentions(d)
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if vs, ok := s.(*ast.ValueSpec); ok {
						for _, n := range vs.Names {
							if obj := g.info.Defs[n]; obj != nil {
								g.mention[obj], g.direct[obj] = g.mentions(vs)
							}
						}
					}
				}
			}
		}
	}
	return g
}

// mentions are the package's functions, methods and variables n names, and whether
// it calls the machine itself.
func (g *callGraph) mentions(n ast.Node) (out []types.Object, direct bool) {
	ast.Inspect(n, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		obj := g.info.Uses[id]
		if obj == nil || obj.Pkg() == nil {
			return true
		}
		if obj.Pkg() != g.pkg {
			if _, fn := obj.(*types.Func); fn && machineCall(obj.Pkg().Path(), obj.Name()) {
				direct = true
			}
			return true
		}
		switch obj := obj.(type) {
		case *types.Func:
			out = append(out, g.implementations(obj)...)
		case *types.Var:
			if obj.IsField() && obj.Name() == "OpenURL" {
				direct = true // Options.OpenURL: starts a web browser
			} else if obj.Parent() == g.pkg.Scope() {
				out = append(out, obj)
			}
		}
		return true
	})
	return out, direct
}

// implementations are fn itself, or for an interface's method that method of every
// type of the package that implements the interface.
func (g *callGraph) implementations(fn *types.Func) []types.Object {
	fn = fn.Origin()
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return []types.Object{fn}
	}
	iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return []types.Object{fn}
	}
	var out []types.Object
	for _, name := range g.pkg.Scope().Names() {
		tn, ok := g.pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || types.IsInterface(tn.Type()) {
			continue
		}
		ptr := types.NewPointer(tn.Type())
		if !types.Implements(tn.Type(), iface) && !types.Implements(ptr, iface) {
			continue
		}
		if m, _, _ := types.LookupFieldOrMethod(ptr, true, g.pkg, fn.Name()); m != nil {
			if mf, ok := m.(*types.Func); ok {
				out = append(out, mf.Origin())
			}
		}
	}
	return out
}

// machineCall says whether pkg.name (pkg by its import path) uses the files or the
// programs of the machine the browser runs on: every function of os and os/exec, a
// redirect file read or written. The index and the redirects' journals
// (Options.Redirects) are the location's state, kept wherever the browser runs: a
// team server's own, not files a person names.
func machineCall(path, name string) bool {
	switch path {
	case "os", "os/exec":
		return true
	case "github.com/funnelsdev/funnels/client/redirectplan":
		return slices.Contains([]string{"ReadFileWith", "WriteFile", "WriteFileWith"}, name)
	}
	return false
}

// reachingMachine are the functions, methods and variables from which a call of the
// machine can be reached.
func (g *callGraph) reachingMachine() map[types.Object]bool {
	reach := map[types.Object]bool{}
	for k, d := range g.direct {
		if d {
			reach[k] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for k, ms := range g.mention {
			if !reach[k] && slices.ContainsFunc(ms, func(m types.Object) bool { return reach[m] }) {
				reach[k], changed = true, true
			}
		}
	}
	return reach
}

// named is the object of the package called name ("Type.name" for a method).
func (g *callGraph) named(name string) types.Object {
	typ, method, isMethod := strings.Cut(name, ".")
	if !isMethod {
		return g.pkg.Scope().Lookup(name)
	}
	tn := g.pkg.Scope().Lookup(typ)
	if tn == nil {
		return nil
	}
	m, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, g.pkg, method)
	return m
}

// label is a function's name, "Type.name" for a method.
func label(obj types.Object) string {
	if fn, ok := obj.(*types.Func); ok {
		if sig, _ := fn.Type().(*types.Signature); sig != nil && sig.Recv() != nil {
			t := sig.Recv().Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if n, ok := t.(*types.Named); ok {
				return n.Obj().Name() + "." + fn.Name()
			}
		}
	}
	return obj.Name()
}

// pathTo is a chain of calls from one of objs to a direct call of the machine, to
// say where a run reaches it.
func (g *callGraph) pathTo(objs []types.Object, reach map[types.Object]bool) string {
	seen := map[types.Object]bool{}
	var walk func(o types.Object) []string
	walk = func(o types.Object) []string {
		if seen[o] || !reach[o] {
			return nil
		}
		seen[o] = true
		if g.direct[o] {
			return []string{label(o)}
		}
		for _, m := range g.mention[o] {
			if p := walk(m); p != nil {
				return append([]string{label(o)}, p...)
			}
		}
		return nil
	}
	for _, o := range objs {
		if p := walk(o); p != nil {
			return strings.Join(p, " → ")
		}
	}
	return "the run itself"
}

// actionLiteral is an action literal of the table: what its run names, and whether
// it declares a machine use.
type actionLiteral struct {
	label   string
	names   []types.Object
	direct  bool // the run calls the machine itself
	machine bool
}

// actionLiterals are the action literals with a run: the elements of the []action
// composite literals of the package.
func (g *callGraph) actionLiterals() []actionLiteral {
	var out []actionLiteral
	for _, f := range g.files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if arr, ok := lit.Type.(*ast.ArrayType); !ok || !isIdent(arr.Elt, "action") {
				return true
			}
			for _, el := range lit.Elts {
				a, ok := el.(*ast.CompositeLit)
				if !ok {
					continue
				}
				e := actionLiteral{label: g.fset.Position(a.Pos()).String()}
				var run ast.Expr
				for _, kv := range a.Elts {
					kv, ok := kv.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					switch k, _ := kv.Key.(*ast.Ident); {
					case k == nil:
					case k.Name == "run":
						run = kv.Value
					case k.Name == "machine":
						e.machine = !isIdent(kv.Value, "nil")
					case k.Name == "name":
						if b, ok := kv.Value.(*ast.BasicLit); ok {
							e.label += " " + b.Value
						}
					}
				}
				if run != nil {
					e.names, e.direct = g.mentions(run)
					out = append(out, e)
				}
			}
			return true
		})
	}
	return out
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// exportDataImporter imports the package in dir's dependencies from the export data
// the go command keeps in its build cache (go list -export), which is a few seconds
// where type-checking every dependency from source is half a minute under the race
// detector. Without the go command it falls back to the source.
func exportDataImporter(t *testing.T, fset *token.FileSet, dir string) types.Importer {
	t.Helper()
	cmd := exec.Command("go", "list", "-export", "-deps", "-f", "{{if .Export}}{{.ImportPath}}={{.Export}}{{end}}", ".")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Logf("go list -export: %v; importing from source", err)
		return importer.ForCompiler(fset, "source", nil)
	}
	files := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if path, file, ok := strings.Cut(line, "="); ok {
			files[path] = file
		}
	}
	return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := files[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	})
}
