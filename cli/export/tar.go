package export

import (
	"archive/tar"
	"fmt"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/funneltree"
)

// tarReady refuses -o - where the archive would land on a terminal, or beside
// --json on the same standard output, before anything is read.
func tarReady(f *cmdutil.Factory, opts *ExportOptions) error {
	switch {
	case opts.Exporter.Enabled():
		return cmdutil.Usagef("with -o - the tar archive is standard output: --json, --jq and --template report an export to a directory")
	case f.IO.OutTTY:
		return cmdutil.Usagef("-o - writes a tar archive, and standard output is a terminal: send it to a file (funnels export -o - > export.tar) or a pipe (| tar -x -C DIR)")
	}
	return nil
}

// writeTar writes t's export files in format as one tar archive on standard output:
// the same paths as in an export directory, each file 0644 and dated by the export.
func writeTar(f *cmdutil.Factory, t *funneltree.Tree, format funneltree.Format) error {
	files, err := t.Files(format)
	if err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("export: encode: %w", err))
	}
	at, _ := time.Parse(time.RFC3339, t.Manifest.ExportedAt)
	tw := tar.NewWriter(f.IO.Out)
	for _, file := range files {
		hdr := &tar.Header{Name: file.Path, Mode: 0o644, Size: int64(len(file.Data)), ModTime: at, Typeflag: tar.TypeReg}
		if err := tw.WriteHeader(hdr); err != nil {
			return cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("export: %w", err))
		}
		if _, err := tw.Write(file.Data); err != nil {
			return cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("export: %w", err))
		}
	}
	if err := tw.Close(); err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("export: %w", err))
	}
	c := t.Count()
	f.Notice("Exported %s, %s and %s as a tar of %s (%s, %s).", cmdutil.CountOf(c.Funnels, "funnel"), cmdutil.CountOf(c.Pages, "page"),
		cmdutil.CountOf(c.Redirects, "redirect"), cmdutil.CountOf(len(files), "file"), format, sourceWords(t.Manifest))
	return nil
}
