package cmdutil

import (
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/config"
)

// maxCAFile bounds the file of authorities read: a bundle of every public authority
// is under a megabyte.
const maxCAFile = 4 << 20

// trustedCAs are the certificate authorities this machine names for the API and its
// sign-in to trust besides the system's (config.CAFile, ReadCAs).
func (f *Factory) trustedCAs() ([]*x509.Certificate, error) {
	file, from, err := config.CAFile(f.Getenv)
	if err != nil {
		return nil, AsUsage(err)
	}
	return ReadCAs(file, from)
}

// ReadCAs are the certificate authorities of file, which from named (FUNNELS_CA_FILE
// or [api] ca_file): a proxy that inspects HTTPS re-signs every answer with its own,
// so the API, its sign-in and the public pages `funnels check` reads are trusted with
// them besides the system's; none when file is "". A file that is not there, is no
// file or holds no certificate is the person's to mend (exit 2); one that cannot be
// read, the machine's (exit 4).
func ReadCAs(file, from string) ([]*x509.Certificate, error) {
	if file == "" {
		return nil, nil
	}
	data, err := readCAFile(file)
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, errCAFileTooLarge), errors.Is(err, errCANotAFile):
		return nil, Usagef("the certificate authorities to trust (%s): %w", from, err)
	case err != nil:
		return nil, WithExitCode(ExitLocal, fmt.Errorf("the certificate authorities to trust (%s): %w", from, err))
	}
	cas, err := client.ParseCertificates(data)
	if err != nil {
		return nil, Usagef("the certificate authorities to trust (%s) %s: %w", from, file, err)
	}
	return cas, nil
}

// errCAFileTooLarge is a file of authorities larger than maxCAFile.
var errCAFileTooLarge = errors.New("larger than 4 MB: no file of certificates is")

// errCANotAFile is a path to authorities that names a folder, a device or a pipe.
var errCANotAFile = errors.New("not a file")

// readCAFile reads the file at path, of at most maxCAFile bytes; a pipe is refused
// before it is opened, not waited on.
func readCAFile(path string) ([]byte, error) {
	if st, err := os.Stat(path); err != nil {
		return nil, err
	} else if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w", path, errCANotAFile)
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, maxCAFile+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > maxCAFile {
		return nil, fmt.Errorf("%s: %w", path, errCAFileTooLarge)
	}
	return data, nil
}
