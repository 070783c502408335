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

// boundFrom lets the record that begins at offset from read up to maxRecordBytes (at
// least what has been read already).
func (b *boundedReader) boundFrom(from int64) {
	b.stop = max(from+maxRecordBytes, b.n)
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
	rawName   []byte // the name's JSON as it came, written back as it was
	val       *streamed
}

// keepFunc decides, for each record as it is read, whether it is kept: path is where
// its list sat (the folded keys down to it, "" for a bare list). Nil keeps all.
type keepFunc func(path string, raw json.RawMessage) bool

// streamReader reads one list answer: its wrappers token by token, each record of a
// list checked and measured in one pass (decode_valid.go) and copied out of the read
// buffer, which holds no more than the record under way.
type streamReader struct {
	br       *boundedReader
	buf      []byte
	at       int   // the next byte of buf to read
	base     int64 // the offset in the answer of buf[0]
	eof      bool
	maxItems int
	items    int
	keep     keepFunc
}

// readChunk is how much the stream asks of the body at a time.
const readChunk = 64 << 10

// readStream reads a list answer from br, handing each record to keep as it comes.
func readStream(br *boundedReader, maxItems int, keep keepFunc) (*streamed, error) {
	s := &streamReader{br: br, maxItems: maxItems, keep: keep}
	br.boundFrom(0)
	c, err := s.peek()
	if err == io.EOF {
		return &streamed{}, nil // an empty body: an empty list
	}
	if err != nil {
		return nil, err
	}
	v, err := s.value(c, "", 0)
	if err != nil {
		return nil, err
	}
	if _, err := s.peek(); err != io.EOF {
		if err == nil {
			err = errors.New("more than one value in the answer")
		}
		return nil, err
	}
	return v, nil
}

// more reads more of the body into buf, keeping buf[keep:] (what is under way) and
// dropping what is before it. It returns io.EOF at the end of the body.
func (s *streamReader) more(keep int) error {
	if s.eof {
		return io.EOF
	}
	if keep > 0 {
		n := copy(s.buf, s.buf[keep:])
		s.buf = s.buf[:n]
		s.at -= keep
		s.base += int64(keep)
	}
	if cap(s.buf)-len(s.buf) < readChunk {
		grown := make([]byte, len(s.buf), max(2*cap(s.buf), len(s.buf)+readChunk))
		copy(grown, s.buf)
		s.buf = grown
	}
	n, err := s.br.Read(s.buf[len(s.buf):cap(s.buf)])
	s.buf = s.buf[:len(s.buf)+n]
	switch {
	case err == io.EOF:
		s.eof = true
		if n == 0 {
			return io.EOF
		}
	case err != nil:
		return err
	}
	return nil
}

// peek skips space and returns the next byte, unread; io.EOF at the end.
func (s *streamReader) peek() (byte, error) {
	for {
		s.at = scanSpace(s.buf, s.at)
		if s.at < len(s.buf) {
			return s.buf[s.at], nil
		}
		if err := s.more(s.at); err != nil {
			return 0, err
		}
	}
}

// next is peek that also reads the byte.
func (s *streamReader) next() (byte, error) {
	c, err := s.peek()
	if err == nil {
		s.at++
	}
	return c, err
}

// whole reads the value that begins at the next byte, checked, and returns its bytes
// (a part of the read buffer, good until the next read). The record is bounded from
// where it begins.
func (s *streamReader) whole() ([]byte, error) {
	if _, err := s.peek(); err != nil {
		return nil, unexpected(err)
	}
	start := s.at
	s.br.boundFrom(s.base + int64(start))
	for {
		end, st := scanValue(s.buf, start)
		switch st {
		case scanOK:
			s.at = end
			return s.buf[start:end], nil
		case scanBad:
			return nil, fmt.Errorf("invalid JSON at byte %d", s.base+int64(end))
		}
		err := s.more(start)
		start = 0
		if err == io.EOF && s.eof {
			// A number may end where the body does.
			if numberAtEnd(s.buf, start) == scanOK {
				s.at = len(s.buf)
				return s.buf[start:], nil
			}
		}
		if err != nil {
			return nil, unexpected(err)
		}
	}
}

// unexpected is the end of the body where a value was due.
func unexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// value reads the value that begins with c.
func (s *streamReader) value(c byte, path string, depth int) (*streamed, error) {
	switch c {
	case '[', '{':
		if depth >= maxStreamDepth {
			return nil, fmt.Errorf("nested deeper than %d levels", maxStreamDepth)
		}
		s.at++
		if c == '[' {
			return s.list(path)
		}
		return s.object(path, depth)
	}
	raw, err := s.whole()
	if err != nil {
		return nil, err
	}
	return &streamed{raw: bytes.Clone(raw)}, nil
}

// delim reads the ',' between two elements or the closing close; done says it was
// the close.
func (s *streamReader) delim(close byte) (done bool, err error) {
	c, err := s.next()
	switch {
	case err != nil:
		return false, unexpected(err)
	case c == close:
		return true, nil
	case c == ',':
		if c, err := s.peek(); err != nil || c == close {
			return false, errors.New("invalid JSON: a comma before the end")
		}
		return false, nil
	}
	return false, fmt.Errorf("invalid JSON: %q where ',' or %q belongs", c, close)
}

func (s *streamReader) list(path string) (*streamed, error) {
	v := &streamed{kind: '['}
	if c, err := s.peek(); err != nil {
		return nil, unexpected(err)
	} else if c == ']' {
		s.at++
		return v, nil
	}
	for {
		if s.items++; s.items > s.maxItems {
			return nil, errOverList
		}
		raw, err := s.whole()
		if err != nil {
			return nil, err
		}
		if s.keep == nil || s.keep(path, raw) {
			v.items = append(v.items, bytes.Clone(raw))
		}
		if done, err := s.delim(']'); err != nil || done {
			return v, err
		}
	}
}

func (s *streamReader) object(path string, depth int) (*streamed, error) {
	v := &streamed{kind: '{'}
	if c, err := s.peek(); err != nil {
		return nil, unexpected(err)
	} else if c == '}' {
		s.at++
		return v, nil
	}
	for {
		if s.items++; s.items > s.maxItems {
			return nil, errOverList
		}
		if c, err := s.peek(); err != nil || c != '"' {
			return nil, errors.New("invalid JSON: a member without a name")
		}
		rawKey, err := s.whole()
		if err != nil {
			return nil, err
		}
		rawKey = bytes.Clone(rawKey) // the buffer moves on as the value is read
		key, ok := unquote(rawKey)
		if !ok {
			return nil, errors.New("invalid JSON: a member's name")
		}
		if c, err := s.next(); err != nil || c != ':' {
			return nil, errors.New("invalid JSON: a member without ':'")
		}
		c, err := s.peek()
		if err != nil {
			return nil, unexpected(err)
		}
		fk := foldKey(key)
		sub := fk
		if path != "" {
			sub = path + "." + fk
		}
		val, err := s.value(c, sub, depth+1)
		if err != nil {
			return nil, err
		}
		v.members = append(v.members, streamedMember{key: fk, name: key, rawName: rawKey, val: val})
		if done, err := s.delim('}'); err != nil || done {
			return v, err
		}
	}
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
			buf.Write(m.rawName)
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
		return listEnvelope{items: v.items, owned: true}
	case '{':
		f, _ := objectFields(v.bytes(true))
		env := listEnvelope{items: v.find(listNames(keys), 0), wrapper: f, streamed: v, owned: true}
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
