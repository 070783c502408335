package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
)

// A list answer is read as a stream (json.Decoder over the body): its records are
// handed on one by one as they are read, and no bound applies to the whole answer —
// a location's root folder lists thousands of funnels with their steps, tens of
// megabytes. Against a server that never stops sending, the bounds are per record
// (maxRecordBytes: one element of a list, one field of the wrapper, or an answer that
// is not a list) and per list (the client's MaxListItems records in one answer).
const maxRecordBytes = 16 << 20

// maxStreamDepth bounds how deep wrapper objects nest before a list; the service's
// deepest is two ({"data": {"count", "data": [...]}}).
const maxStreamDepth = 8

// errOverRecord and errOverList are the bounds met while reading; the request loop
// turns them into a *TooLargeError naming the route.
var (
	errOverRecord = errors.New("record over the bound")
	errOverList   = errors.New("list over the bound")
)

// boundedReader is an answer's body as the stream decoder reads it: it stops reading
// where the record under way would pass its bound, keeps the first bytes for an error
// message, and remembers a failure of the connection apart from one of the JSON.
type boundedReader struct {
	r       io.Reader
	n, stop int64
	head    []byte
	readErr error
}

const headBytes = 256

func newBoundedReader(r io.Reader) *boundedReader {
	return &boundedReader{r: r, stop: maxRecordBytes}
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.n >= b.stop {
		return 0, errOverRecord
	}
	if left := b.stop - b.n; int64(len(p)) > left {
		p = p[:left]
	}
	n, err := b.r.Read(p)
	if len(b.head) < headBytes {
		b.head = append(b.head, p[:min(n, headBytes-len(b.head))]...)
	}
	b.n += int64(n)
	if err != nil && err != io.EOF {
		b.readErr = err
	}
	return n, err
}

// bound lets the next record read up to maxRecordBytes from where the decoder stands
// (at least what it has already buffered).
func (b *boundedReader) bound(dec *json.Decoder) {
	b.stop = max(dec.InputOffset()+maxRecordBytes, b.n)
}

// streamed is one value of a list answer as it was read: a list of records, an object
// read member by member (wrappers, down to the list), or any other value whole.
type streamed struct {
	raw     json.RawMessage
	items   []json.RawMessage
	members []streamedMember
	kind    byte // '[' a list, '{' an object, 0 a value
}

type streamedMember struct {
	key, name string // folded, and as the server wrote it
	val       *streamed
}

// keepFunc decides, for each record as it is read, whether it is kept: path is where
// its list sat (the folded keys down to it, "" for a bare list). Nil keeps all.
type keepFunc func(path string, raw json.RawMessage) bool

// streamReader reads one list answer.
type streamReader struct {
	dec      *json.Decoder
	br       *boundedReader
	maxItems int
	items    int
	keep     keepFunc
}

// readStream reads a list answer from br, handing each record to keep as it comes.
func readStream(br *boundedReader, maxItems int, keep keepFunc) (*streamed, error) {
	s := &streamReader{dec: json.NewDecoder(br), br: br, maxItems: maxItems, keep: keep}
	s.dec.UseNumber()
	br.bound(s.dec)
	tok, err := s.dec.Token()
	if err == io.EOF {
		return &streamed{}, nil // an empty body: an empty list
	}
	if err != nil {
		return nil, err
	}
	v, err := s.value(tok, "", 0)
	if err != nil {
		return nil, err
	}
	if _, err := s.dec.Token(); err != io.EOF {
		return nil, errors.New("more than one value in the answer")
	}
	return v, nil
}

// value reads the value that begins with tok.
func (s *streamReader) value(tok json.Token, path string, depth int) (*streamed, error) {
	switch t := tok.(type) {
	case json.Delim:
		if depth >= maxStreamDepth {
			return nil, fmt.Errorf("nested deeper than %d levels", maxStreamDepth)
		}
		if t == '[' {
			return s.list(path)
		}
		return s.object(path, depth)
	default:
		raw, err := json.Marshal(t)
		if err != nil {
			return nil, fmt.Errorf("re-encode a value: %w", err)
		}
		return &streamed{raw: raw}, nil
	}
}

func (s *streamReader) list(path string) (*streamed, error) {
	v := &streamed{kind: '['}
	for s.dec.More() {
		if s.items++; s.items > s.maxItems {
			return nil, errOverList
		}
		s.br.bound(s.dec)
		start := s.dec.InputOffset()
		var raw json.RawMessage
		if err := s.dec.Decode(&raw); err != nil {
			return nil, err
		}
		if s.dec.InputOffset()-start > maxRecordBytes {
			return nil, errOverRecord
		}
		if s.keep == nil || s.keep(path, raw) {
			v.items = append(v.items, raw)
		}
	}
	s.br.bound(s.dec)
	_, err := s.dec.Token() // ]
	return v, err
}

func (s *streamReader) object(path string, depth int) (*streamed, error) {
	v := &streamed{kind: '{'}
	for s.dec.More() {
		if s.items++; s.items > s.maxItems {
			return nil, errOverList
		}
		s.br.bound(s.dec)
		kt, err := s.dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := kt.(string)
		s.br.bound(s.dec)
		tok, err := s.dec.Token()
		if err != nil {
			return nil, err
		}
		fk := foldKey(key)
		sub := fk
		if path != "" {
			sub = path + "." + fk
		}
		val, err := s.value(tok, sub, depth+1)
		if err != nil {
			return nil, err
		}
		v.members = append(v.members, streamedMember{key: fk, name: key, val: val})
	}
	s.br.bound(s.dec)
	_, err := s.dec.Token() // }
	return v, err
}

// encode writes v back as JSON; lists are written empty when emptyLists (a wrapper's
// count and traceId without a second copy of its records).
func (v *streamed) encode(buf *bytes.Buffer, emptyLists bool) {
	switch v.kind {
	case '[':
		buf.WriteByte('[')
		if !emptyLists {
			for i, it := range v.items {
				if i > 0 {
					buf.WriteByte(',')
				}
				buf.Write(it)
			}
		}
		buf.WriteByte(']')
	case '{':
		buf.WriteByte('{')
		for i, m := range v.members {
			if i > 0 {
				buf.WriteByte(',')
			}
			k, _ := json.Marshal(m.name)
			buf.Write(k)
			buf.WriteByte(':')
			m.val.encode(buf, emptyLists)
		}
		buf.WriteByte('}')
	default:
		if len(v.raw) == 0 {
			buf.WriteString("null")
			return
		}
		buf.Write(v.raw)
	}
}

func (v *streamed) bytes(emptyLists bool) json.RawMessage {
	var buf bytes.Buffer
	v.encode(&buf, emptyLists)
	return buf.Bytes()
}

// member is the first member named key (folded) whose value is not null.
func (v *streamed) member(key string) (*streamed, bool) {
	for _, m := range v.members {
		if m.key == key && !(m.val.kind == 0 && isNull(m.val.raw)) {
			return m.val, true
		}
	}
	return nil, false
}

// isRecord reports whether an object read member by member is a record (has an id).
func (v *streamed) isRecord() bool {
	if v.kind != '{' {
		return false
	}
	f, err := objectFields(v.bytes(true))
	return err == nil && isRecord(f)
}

// envelope finds the list in a streamed answer by unwrapList's rules: a bare list,
// or the list under one of keys (tried first) or the generic wrappers, one level
// down too, or one record where a list was expected.
func (v *streamed) envelope(keys ...string) listEnvelope {
	switch v.kind {
	case '[':
		return listEnvelope{items: v.items}
	case '{':
		f, _ := objectFields(v.bytes(true))
		env := listEnvelope{items: v.find(listNames(keys), 0), wrapper: f, streamed: v}
		if env.items == nil && v.isRecord() {
			env.items = []json.RawMessage{v.bytes(false)}
		}
		return env
	}
	if len(v.raw) > 0 && !isNull(v.raw) {
		// A value that is neither list nor object: as unwrapList says of it.
		env, _ := unwrapList(v.raw, keys...)
		return env
	}
	return listEnvelope{}
}

func listNames(keys []string) []string {
	names := make([]string, 0, len(keys)+len(genericListKeys))
	for _, k := range keys {
		names = append(names, foldKey(k))
	}
	return append(names, genericListKeys...)
}

func (v *streamed) find(names []string, depth int) []json.RawMessage {
	for _, n := range names {
		m, ok := v.member(n)
		if !ok {
			continue
		}
		switch m.kind {
		case '[':
			return nonNil(m.items)
		case '{':
			if depth == 0 {
				if found := m.find(names, depth+1); found != nil {
					return found
				}
			}
			if m.isRecord() {
				return []json.RawMessage{m.bytes(false)}
			}
		}
	}
	return nil
}

// sub is the list under one member of a streamed wrapper, read by unwrapList's rules
// (a list, a wrapper of one, a record); ok is false when there is no such member.
func (env listEnvelope) sub(key string) (listEnvelope, bool) {
	if env.streamed == nil {
		raw, ok := env.wrapper.get(key)
		if !ok {
			return listEnvelope{}, false
		}
		sub, err := unwrapList(raw)
		return sub, err == nil
	}
	m, ok := env.streamed.member(key)
	if !ok {
		return listEnvelope{}, false
	}
	return m.envelope(), true
}

func nonNil(items []json.RawMessage) []json.RawMessage {
	if items == nil {
		return []json.RawMessage{}
	}
	return slices.Clip(items)
}

// traceID is the traceId at the top of a streamed answer ("" for none, or for nil):
// the request log shows it as it does for answers read whole.
func (v *streamed) traceID() string {
	if v == nil || v.kind != '{' {
		return ""
	}
	m, ok := v.member("traceid")
	if !ok || len(m.raw) == 0 {
		return ""
	}
	var id string
	if json.Unmarshal(m.raw, &id) != nil {
		return ""
	}
	return id
}
