package cmdutil

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
)

// SetOutput is how a command that runs across a set prints: the columns of one
// sub-account's records, and the name of the list a set's --json holds them under,
// beside the failures. Across a set the same columns follow SUB-ACCOUNT, and each
// record in --json is the one sub-account's with location and locationName added.
type SetOutput struct {
	Key     string
	Columns []Column
}

// Rows are a command's records as it prints them: Output's columns, each record's
// cells, and what is said when a set gave none.
type Rows[T any] struct {
	Output *SetOutput
	Cells  func(T) []string
	Empty  string
}

// Table is one sub-account's records as a table.
func (r Rows[T]) Table(ios *IOStreams, records []T) *Table {
	t := NewTable(ios, r.Output.Columns...)
	for _, rec := range records {
		t.Row(r.Cells(rec)...)
	}
	return t
}

// Tagged is a record of a set with the sub-account it came from.
type Tagged[T any] struct {
	MemberTag
	Record T
}

// MarshalJSON writes the record's own JSON with location and locationName first.
func (t Tagged[T]) MarshalJSON() ([]byte, error) {
	tag, err := json.Marshal(t.MemberTag)
	if err != nil {
		return nil, err
	}
	rec, err := json.Marshal(t.Record)
	if err != nil {
		return nil, err
	}
	rec = bytes.TrimSpace(rec)
	if len(rec) < 2 || rec[0] != '{' {
		return nil, fmt.Errorf("a record of a set must be a JSON object, not %.20s", rec)
	}
	if string(rec) == "{}" {
		return tag, nil
	}
	out := append(tag[:len(tag)-1:len(tag)-1], ',')
	return append(out, rec[1:]...), nil
}

// DocField is one field of a set's --json beside its records and failures.
type DocField struct {
	Key   string
	Value any
}

// setDoc is the --json of a run across a set: its fields in order, then the records
// under key, then the failures.
type setDoc struct {
	fields   []DocField
	key      string
	records  any
	failures []MemberFailure
}

func (d setDoc) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	fields := append(append([]DocField(nil), d.fields...), DocField{d.key, d.records}, DocField{"failures", OrEmpty(d.failures)})
	for i, f := range fields {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.Key)
		v, err := json.Marshal(f.Value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// PrintSet prints what the members of a set gave: with --json (--jq, --template) the
// document {fields…, Key: [records], "failures": […]}, the records those --json FIELDS
// picks from; otherwise every member's records in the set's order, each row under
// the sub-account's name; then the failures (SetOutcome). total is how many members
// the set had.
func (r Rows[T]) PrintSet(ctx context.Context, f *Factory, e *Exporter, total int, done []MemberDone[[]T], fails []MemberFailure, fields ...DocField) error {
	tagged := TagAll(done)
	t := r.TaggedTable(f.IO, tagged)
	var err error
	switch {
	case e.Enabled():
		err = e.Write(ctx, f.IO, SetJSON(r.Output.Key, tagged, fails, fields...), tagged)
	case len(tagged) > 0:
		err = t.Print()
	case len(done) > 0 && r.Empty != "":
		f.Notice("%s", r.Empty)
	}
	if err != nil {
		return err
	}
	return SetOutcome(f, total, fails)
}

// SetTable is the records of every member, in the set's order, each row under the
// sub-account's name.
func (r Rows[T]) SetTable(ios *IOStreams, done []MemberDone[[]T]) *Table {
	return r.TaggedTable(ios, TagAll(done))
}

// TaggedTable is records of a set in the order given, each row under the name of
// its sub-account.
func (r Rows[T]) TaggedTable(ios *IOStreams, records []Tagged[T]) *Table {
	sub := NameColumn("SUB-ACCOUNT")
	if !slices.ContainsFunc(r.Output.Columns, func(c Column) bool { return c.telling }) {
		sub = sub.Tells() // one row per sub-account: its name tells the rows apart
	}
	t := NewTable(ios, append([]Column{sub}, r.Output.Columns...)...)
	for _, rec := range records {
		t.Row(append([]string{rec.LocationName}, r.Cells(rec.Record)...)...)
	}
	return t
}

// TagAll is the records of every member, in the set's order, each with its
// sub-account.
func TagAll[T any](done []MemberDone[[]T]) []Tagged[T] {
	out := []Tagged[T]{}
	for _, d := range done {
		for _, rec := range d.Result {
			out = append(out, Tagged[T]{TagOf(d.Member), rec})
		}
	}
	return out
}

// SetJSON is the --json of a run across a set: fields in order, then records under
// key, then the failures.
func SetJSON(key string, records any, fails []MemberFailure, fields ...DocField) any {
	return setDoc{fields: fields, key: key, records: records, failures: fails}
}

// Each is the results of members that gave one record each, as lists of one.
func Each[T any](done []MemberDone[T]) []MemberDone[[]T] {
	out := make([]MemberDone[[]T], len(done))
	for i, d := range done {
		out[i] = MemberDone[[]T]{Member: d.Member, Result: []T{d.Result}}
	}
	return out
}
