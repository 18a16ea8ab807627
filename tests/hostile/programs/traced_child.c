/* traced_child: a child made with clone(CLONE_PTRACE), which is traced by whatever traces
   this program (where the sandbox traces it for its peak memory, the sandbox: it must let the
   child go, not leave it stopped). Prints how the child ended. */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
    long child = syscall(SYS_clone, CLONE_PTRACE | SIGCHLD, 0, 0, 0, 0);
    if (child < 0) {
        puts("refused");
        return 0;
    }
    if (child == 0)
        _exit(7);
    int status;
    if (waitpid((pid_t)child, &status, 0) != child)
        return 2;
    printf("child exited %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return 0;
}
