package redirectplan

import (
	"bytes"
	"encoding/binary"
	"unicode/utf16"
	"unicode/utf8"
)

// textOf is a file's bytes as the UTF-8 text the readers take: its UTF-8 byte order
// mark dropped, and a file with a UTF-16 one decoded — what Excel's "Unicode Text"
// and Windows PowerShell's > and Out-File write, so an export redirected there reads
// back. A UTF-16 file of an odd number of bytes is cut short: a *ParseError.
func textOf(data []byte) ([]byte, error) {
	var order binary.ByteOrder
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}):
		order = binary.LittleEndian
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		order = binary.BigEndian
	default:
		return bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), nil
	}
	data = data[2:]
	if len(data)%2 != 0 {
		return nil, parseErr("", "the file is UTF-16 but ends in the middle of a character: it was cut short")
	}
	units := make([]uint16, len(data)/2)
	for i := range units {
		units[i] = order.Uint16(data[2*i:])
	}
	out := make([]byte, 0, len(data))
	for _, r := range utf16.Decode(units) {
		out = utf8.AppendRune(out, r)
	}
	return out, nil
}

// lineEnds is text with carriage returns as line ends when it has no newline at all:
// the CSV that Excel for Mac saves as "CSV (Macintosh)". Any other text is as it is.
func lineEnds(text []byte) []byte {
	if bytes.IndexByte(text, '\n') >= 0 || bytes.IndexByte(text, '\r') < 0 {
		return text
	}
	return bytes.ReplaceAll(text, []byte("\r"), []byte("\n"))
}
