/* stop_and_signals [alone]: signals reach the program as they were sent, and a stop signal
   stops it. It raises SIGUSR1 (its handler must run), then stops itself with SIGSTOP; a child
   it forked sends it SIGCONT a little later, and it goes on and exits 0. With "alone", no one
   continues it: it stays stopped until the run's wall-clock limit. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t got_usr1;

static void on_usr1(int sig) { got_usr1 = sig == SIGUSR1; }

int main(int argc, char **argv) {
    signal(SIGUSR1, on_usr1);
    raise(SIGUSR1);
    if (!got_usr1)
        return 2;
    int alone = argc > 1 && strcmp(argv[1], "alone") == 0;
    pid_t child = alone ? -1 : fork();
    if (child == 0) {
        usleep(50 * 1000);
        kill(getppid(), SIGCONT);
        _exit(0);
    }
    raise(SIGSTOP);
    if (child > 0)
        waitpid(child, NULL, 0);
    puts("went on");
    return 0;
}
