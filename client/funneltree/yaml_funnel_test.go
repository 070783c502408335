package funneltree

import (
	"math"
	"reflect"
	"testing"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// FuzzFunnelYAMLReadsBack: a funnel written by funnelYAML, whatever its strings and
// numbers, reads back as the same funnel through the YAML library and through
// readFunnelYAML.
func FuzzFunnelYAMLReadsBack(f *testing.F) {
	for _, s := range []string{"Spring Sale 2026", "Webinar: Grow Your Gym", "yes", "No", "null", "~", "2025", "1e5", "-x",
		"a #b", "trailing ", " lead", "\u00a0nbsp", "a\nb", `back\u0026slash`, "<&>", "é", "'quoted'", "- item", "/path/", "0x1F",
		".inf", "a: b", "{x}", "[y]", "*star", "&anchor", "!tag", "%pct", "@at", "`tick", "|pipe", ">fold", "\"dq\"", "\t"} {
		f.Add(s, s+" 2", s, 3, 50.5, true)
	}
	f.Fuzz(func(t *testing.T, name, path, id string, seq int, traffic float64, archived bool) {
		if math.IsNaN(traffic) || math.IsInf(traffic, 0) || !utf8.ValidString(name) || !utf8.ValidString(path) || !utf8.ValidString(id) {
			return // the index holds only what JSON decodes: no such number, valid UTF-8
		}
		want := Funnel{Name: name, Type: path, Folder: name, Domain: id, Path: path, ID: id, Steps: []Step{
			{Sequence: seq, Name: name, Path: path, Type: id, Split: archived, Traffic: traffic, ID: id,
				Pages: []Page{{Name: name, Archived: archived, ID: id}, {Name: path, ID: name}}},
			{Name: id, Pages: []Page{}},
		}, Loose: []Page{{Name: path, ID: id}}}
		data := funnelYAML(&want)
		var got Funnel
		if err := yaml.Unmarshal(data, &got); err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("the YAML library read back:\n%#v\nwant:\n%#v\n%s", got, want, data)
		}
		fast, ok := readFunnelYAML(data)
		if !ok || !reflect.DeepEqual(fast, want) {
			t.Fatalf("read back by readFunnelYAML (%v):\n%#v\nwant:\n%#v\n%s", ok, fast, want, data)
		}
	})
}

// FuzzReadFunnelYAMLAgreesWithTheLibrary: whatever bytes readFunnelYAML takes as a
// funnel's file, the YAML library reads as the same funnel; neither panics.
func FuzzReadFunnelYAMLAgreesWithTheLibrary(f *testing.F) {
	f.Add(funnelYAML(&Funnel{Name: "Spring", ID: "f1", Steps: []Step{{Sequence: 1, Name: "Opt-in", Path: "/x", Traffic: 50,
		Pages: []Page{{Name: "A", ID: "p1"}, {Name: "B \"2\"", Archived: true, ID: "p2"}}}}, Loose: []Page{{Name: "L", ID: "p3"}}}))
	f.Add([]byte("name: x\nid: y\nsteps: []\n"))
	f.Add([]byte("name: \"\\u00e9\\U0001f600\"\nid: y\nsteps: []\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		fast, ok := readFunnelYAML(data)
		var lib Funnel
		err := decode(data, YAML, &lib)
		if !ok {
			return
		}
		var slow Funnel
		if err := yaml.Unmarshal(data, &slow); err != nil || !reflect.DeepEqual(fast, slow) || !reflect.DeepEqual(fast, lib) {
			t.Fatalf("readFunnelYAML took %q as %#v; the library: %#v (%v)", data, fast, slow, err)
		}
		if err != nil {
			t.Fatalf("decode refused what readFunnelYAML took: %v", err)
		}
	})
}
