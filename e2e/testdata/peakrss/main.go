// Command peakrss runs a command and writes its peak RSS (ru_maxrss, in kB) to a
// file: peakrss OUT COMMAND [ARG ...]. The bench starts a measured process through it
// because Linux carries the starting process's own peak into a child it starts
// (exec keeps the larger of the two), so a child of the bench's large test process
// would report the test's peak, not its own; this starter is small.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: peakrss OUT COMMAND [ARG ...]")
		os.Exit(2)
	}
	cmd := exec.Command(os.Args[2], os.Args[3:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		fmt.Fprintln(os.Stderr, "peakrss: no rusage here")
		os.Exit(2)
	}
	if err := os.WriteFile(os.Args[1], []byte(strconv.FormatInt(int64(ru.Maxrss), 10)), 0o600); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(cmd.ProcessState.ExitCode())
}
