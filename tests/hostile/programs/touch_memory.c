/* touch_memory MB [SLEEP_MS]: touch MB megabytes, then sleep, then exit. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    size_t bytes = (size_t)atoi(argv[1]) << 20;
    char *block = malloc(bytes + 1);
    memset(block, 1, bytes + 1);
    if (argc > 2)
        usleep(atoi(argv[2]) * 1000);
    return block[bytes / 2] == 2;
}
