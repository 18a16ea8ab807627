"""The fork server: a small pre-started interpreter that forks one sandboxed child per run.

Theory of operation
===================

The judge (judge.sandbox.jail) starts a server per sandbox for isolated runs, and another for
trusted runs when it first needs one, each as a directory:

    python -I -S -B judge/sandbox/forkserver REQUEST_FD REPLY_FD

A judge that is not root starts the server of isolated runs in a user namespace of its own
(judge.sandbox.userns: `unshare --user --map-root-user`), where it is uid 0 with the
capabilities to make the same namespaces and root. There it has no cgroups, and a uid for its
runs only where the user has subordinate ids (ServerConfig.uid: one of them, mapped above its
own uid 0; else None, and the runs keep the user's uid with no capability). It makes the runs'
PID namespace first and mounts that namespace's /proc for itself
(rootfs.enter_pid_namespace), so that the kernel lets runs mount their own and its workers read
their runs by their numbers; after every order the namespace's holder kills whatever is left
(pidsweep), and runs drop every capability before they exec.

The server imports only the standard library and this package (as the top-level package
`forkserver`, never anything of the judge) and never reads project data, so a child forked from
it holds nothing a submission must not see. Every message between the two is one of the types
of `protocol`, framed and encoded there, the one place both sides take them from.

Request pipe (judge -> server) and reply pipe (server -> judge):

    judge:  ServerConfig                 server:  Ready | SetupFailed
    judge:  RunOrder                     server:  RunReport          (repeated, one at a time)
       or:  PairOrder                    server:  PairReport         (two runs wired together)
    judge:  closes the request pipe      server:  cleans up (cgroups, mount point) and exits

What the server of isolated runs reads names nothing of the project: a run's input is a link in
the judge's scratch folder, the files it is given copies there. A frame marked for a worker
(protocol.WORKER: a pair, whose interactor is trusted and is given the test's files) is not read
by the server: it forks a worker that reads it, runs it, answers, sends the server a WorkerDone
(the state of the cgroups it leaves) on a pipe of their own and exits. A submission forked from
the server (and able to read all of its memory) so finds nothing of the runs before it: not a
checker's arguments, not the names of other tests.

Every run is a child of the server (or of the worker running it), followed through its pidfd.
The server of isolated runs makes, once, a PID namespace for all its runs: its pid 1 is a small
holder forked at set-up, which reaps the orphans of runs and leaves when the server's pipe to
it closes (the kernel then kills everything in the namespace). An isolated run (a submission):

    server ── program
              opens the program and the run's files while the host is in view, enters the
              run's mount (a copy of the server's template of the minimal root), network (the
              server's empty one) and IPC namespaces, mounts the run's /box and /proc (with
              hidepid: it sees its own uid's processes only), takes a memfd copy of its input,
              copies the run's files in; then joins the run's cgroups, sets rlimits, joins a
              new empty session keyring, drops to the server's own uid, closes every inherited
              descriptor, loads the system-call filter (syscalls: the last step, after which
              only the calls of judge.sandbox.syscall_policy work), and execs a binary or, for
              the server's own interpreter, runs the Python program in this already-started
              process (pyrunner: the server's speed)

A run's processes see their pids in that namespace, numbers that count up run by run and in time
meet the server's own pid in the host's: no process tells what it is (server, worker, a run's
child) by its pid, only by the role it was given when it was forked (Server.role). Nothing is
killed by a number that may have been given to another process: a cgroup's members are pinned
by pidfds and checked again before the signal; a process group is killed while its leader, a
zombie not yet reaped, still holds its number. Nor is anything on the host named by a pid,
which repeats across PID namespaces: the scratch folder, cgroups and root mount point carry the
judge's slot (ownership), and a judge's sweep of what dead judges left removes a slot's names
only while it holds that slot's lock, which a live judge and its servers never let go.

When the program ends, what is left of the run is killed through its cgroups. Without cgroups
an isolated binary's own peak memory is read at its exit stop by its parent, which traces it
for that stop alone (exitpeak): wait4's figure would carry the server's own. A run that leaves
files to copy out of its /box (a compile step), and a pair's submission (which of its two runs
ended first decides the verdict), have one process more, its init:

    server ── init ── program
              sets up the run as above, forks the program, reaps it (and notes when), copies
              the files the run left out of its /box (which goes with the run's namespaces),
              and reports how the program ended; without cgroups it traces the program (from
              before its exec, for its exit stop only) and reports its peak as it exited

The minimal root shows the system's folders and the judge's interpreter read-only, except the
folders of third-party Python packages (ServerConfig.hidden), which show empty: a Python run
imports the standard library only. The filter comes to the server as a finished BPF program
(ServerConfig.syscall_filter, built by libseccomp in the judge), so the server needs no
binding, and a run pays one system call for it; the server loads it once in a throwaway child
at set-up, so that a kernel which refuses it fails the set-up, not every run. At set-up too the
server leaves the judge's session keyring for an empty one of its own, so that no run, nor a
child that fails before its keyring is its own, ever holds the judge's.

The isolated program's stdout and stderr are pipes the server empties with splice, in the
kernel (streams): never page cache charged to the run, never in the server's memory; stdout up
to its cap, stderr's first and last few KB.

A trusted run (the problem setter's programs) is the server's direct child without namespaces
of its own.

A pair (an interactive problem, `pair`) is an isolated submission and a trusted interactor
started together, each with its stdin and stdout on pipes to the worker, which passes the bytes
on both ways with splice (relay) and counts what the submission sends against its output cap;
each has its own cgroups, and the worker follows both in one loop: a limit passed by either
stops both, and a submission still running a grace period after the interactor exited is
killed. Since every byte and every end of file between the two passes through the worker, the
worker sees a side's end (its end of output, its input closed, its program's end) before the
other side can learn of it: which ended first is what it saw first, the same on every run.

Status pipe (children -> server, one per run): records of `protocol` (ProgramStarted,
ProgramImage, ProgramExitPeak, ProgramEnded, ChildFailed), each written whole in one write
(smaller than PIPE_BUF, so never interleaved): a child that fails before its program starts says
why; an init reports how the program ended. The server reads it until every writer is gone.

While a run goes, the server (or the worker) checks on a timer, every few milliseconds however
busy the run's pipes keep it (each poll round moves each pipe once at most): the CPU time of the
run's cgroup (or of the program, from /proc, without cgroups), the wall clock, the size of its
stdout. At a limit it kills the run's processes, then reaps the program (or, with an init,
waits for init's report of the program's end, and kills init too if that does not come within
a second).

What a RunReport means: `error` set is a failure of the sandbox itself (with `unstarted`, the
program could not be started): whatever else the report says, the program is not to blame
(judge.verdicts.outcome makes that JE). Otherwise `stopped` names the watcher that stopped the run,
if any, `status` is the program's wait status, and the figures are measurements: CPU of the whole
cgroup, the cgroup's peak memory and the program's own peak RSS, how much it wrote on stderr.

Nothing outlives a run: when its program ends the server kills what is left in the run's
cgroups (only root could move a process out of them) before it answers, and again after. The
server itself dies with the judge's request pipe and takes its cgroups, mount point and PID
namespace with it.

Modules: protocol (messages), cgroups (v1 and v2), rootfs (the minimal root and namespaces),
libc (the system calls Python lacks), supervise (a run, seen from the server), streams (its
stdout and stderr), pair (two runs wired together), relay (one direction between them), inside
(init and the program's side), exitpeak (init's trace of the program's exit, for its peak),
confine (the program's limits and privileges), syscalls (its session keyring and system-call
filter), pyrunner (the in-process Python runner), processes (kill and reap), server (set-up, the
request loop and its workers).
"""
