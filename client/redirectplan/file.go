package redirectplan

import (
	"fmt"
	"os"

	"github.com/funnelsdev/funnels/client"
)

// MaxFileBytes bounds the file ReadFileWith reads.
const MaxFileBytes = 64 << 20

// ErrTooLarge is a file past MaxFileBytes.
var ErrTooLarge = fmt.Errorf("larger than %d MiB", MaxFileBytes>>20)

// ReadFileWith reads the rows of the file name as o says (o.Name is name) and
// returns the format read. A file that is not there is an error that is
// fs.ErrNotExist, one too large ErrTooLarge, one that does not parse a *ParseError.
func ReadFileWith(name string, o ReadOptions) ([]Row, Format, error) {
	file, err := os.Open(name)
	if err != nil {
		return nil, "", err
	}
	defer file.Close()
	if st, err := file.Stat(); err == nil && st.Size() > MaxFileBytes {
		return nil, "", ErrTooLarge
	}
	o.Name = name
	return ReadFrom(file, o)
}

// RowsOf are the service's redirects as rows.
func RowsOf(list []client.Redirect) []Row {
	rows := make([]Row, len(list))
	for i, r := range list {
		rows[i] = RowOf(r)
	}
	return rows
}

// WriteFile writes rows to the file name in format f, as Write does, replacing a
// file there (WriteFileWith with Replace).
func WriteFile(name string, f Format, rows []Row) error {
	return WriteFileWith(name, f, rows, WriteOptions{Replace: true})
}
