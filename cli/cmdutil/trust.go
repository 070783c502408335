package cmdutil

import (
	"crypto/x509"
	"errors"
	"fmt"
	"io/fs"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/config"
)

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
	cas, err := client.ReadCertificatesFile(file)
	switch {
	case err == nil:
		return cas, nil
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, client.ErrNotCertificatesFile):
		return nil, Usagef("the certificate authorities to trust (%s): %w", from, err)
	}
	return nil, WithExitCode(ExitLocal, fmt.Errorf("the certificate authorities to trust (%s): %w", from, err))
}
