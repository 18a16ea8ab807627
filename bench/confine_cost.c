/* What the kernel's side of an isolated run's confinement costs, apart from any Python: the
 * CPU of RUNS children that fork and exit, against RUNS children that first do what the fork
 * server's run does to confine itself (a mount and an IPC namespace of its own, the network
 * namespace entered, a tmpfs /box and a /proc mounted, four rlimits, no new privileges, a
 * system-call filter of 64 instructions, another uid).
 *
 * Usage, as root: confine_cost RUNS. Prints one line of JSON: microseconds of CPU a child,
 * bare and confined (the children's own, and this process's for forking them). It makes its
 * own mount and network namespaces first: nothing of the host is changed. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define BOX "/run/confine-cost-box"

static int network;

static void fail(const char *what) {
    perror(what);
    _exit(2);
}

static void confine(void) {
    if (unshare(CLONE_NEWNS | CLONE_NEWIPC)) fail("unshare");
    if (setns(network, CLONE_NEWNET)) fail("setns");
    if (mount("tmpfs", BOX, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,mode=700")) fail("mount box");
    if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "hidepid=2"))
        fail("mount proc");
    struct rlimit limit = {0, 0};
    setrlimit(RLIMIT_CORE, &limit);
    limit.rlim_cur = limit.rlim_max = 2;
    setrlimit(RLIMIT_CPU, &limit);
    limit.rlim_cur = limit.rlim_max = 65536;
    setrlimit(RLIMIT_FSIZE, &limit);
    limit.rlim_cur = limit.rlim_max = 64;
    setrlimit(RLIMIT_NOFILE, &limit);
    struct sock_filter filter[64];
    int size = 0;
    filter[size++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0);
    while (size < 63)
        filter[size++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 1000 + size, 0, 0);
    filter[size++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    struct sock_fprog program = {size, filter};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) fail("no new privileges");
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program)) fail("seccomp");
    if (setresgid(60999, 60999, 60999) || setresuid(60999, 60999, 60999)) fail("uid");
}

static double seconds(struct rusage usage) {
    return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
           + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

/* CPU seconds of `runs` children (theirs, and this process's forking and reaping them). */
static void spend(int runs, int confined, double *children, double *own) {
    struct rusage before_children, before_own, after_children, after_own;
    getrusage(RUSAGE_CHILDREN, &before_children);
    getrusage(RUSAGE_SELF, &before_own);
    for (int run = 0; run < runs; run++) {
        pid_t child = fork();
        if (child < 0) fail("fork");
        if (child == 0) {
            if (confined) confine();
            _exit(0);
        }
        int status;
        if (waitpid(child, &status, 0) < 0 || status != 0) {
            fprintf(stderr, "a child ended with status %d\n", status);
            exit(1);
        }
    }
    getrusage(RUSAGE_CHILDREN, &after_children);
    getrusage(RUSAGE_SELF, &after_own);
    *children = seconds(after_children) - seconds(before_children);
    *own = seconds(after_own) - seconds(before_own);
}

int main(int argc, char **argv) {
    int runs = argc > 1 ? atoi(argv[1]) : 0;
    if (runs <= 0) {
        fprintf(stderr, "usage: confine_cost RUNS\n");
        return 2;
    }
    if (unshare(CLONE_NEWNS | CLONE_NEWNET)) fail("unshare (as root)");
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL)) fail("private mounts");
    if (mount("tmpfs", "/run", "tmpfs", 0, "size=1m")) fail("mount /run");
    if (mkdir(BOX, 0700)) fail("mkdir box");
    network = open("/proc/self/ns/net", O_RDONLY);
    if (network < 0) fail("open the network namespace");
    double bare_children, bare_own, confined_children, confined_own;
    spend(runs / 10 + 1, 1, &confined_children, &confined_own); /* warm-up */
    spend(runs, 0, &bare_children, &bare_own);
    spend(runs, 1, &confined_children, &confined_own);
    printf("{\"runs\": %d, \"bare_us\": %.1f, \"confined_us\": %.1f}\n", runs,
           (bare_children + bare_own) / runs * 1e6, (confined_children + confined_own) / runs * 1e6);
    return 0;
}
