package config

import "path/filepath"

// caFileOf is the file of certificate authorities to trust besides the system's
// (Config.CAFile) and what named it: FUNNELS_CA_FILE, else [api] ca_file in fc (read
// from path), a relative path there taken from the file's folder; "" for none.
func caFileOf(fc fileConfig, path string, getenv func(string) string) (file, from string) {
	if v := getenv("FUNNELS_CA_FILE"); v != "" {
		return v, "FUNNELS_CA_FILE"
	}
	if fc.API.CAFile == "" {
		return "", ""
	}
	file = fc.API.CAFile
	if !filepath.IsAbs(file) {
		file = filepath.Join(filepath.Dir(path), file)
	}
	return file, "[api] ca_file in " + path
}

// CAFile is the file of certificate authorities this machine names for the API and
// its sign-in to trust besides the system's, and what named it ("" for none), as Load
// resolves Config.CAFile, without resolving a profile: it is the same for every
// profile and sub-account a run reaches.
func CAFile(getenv func(string) string) (file, from string, err error) {
	path := Path(getenv)
	fc, _, err := readFile(path)
	if err != nil {
		return "", "", err
	}
	file, from = caFileOf(fc, path, getenv)
	return file, from, nil
}
