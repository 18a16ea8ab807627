#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char what[16];
    long long a = 0, b = 0;
    if (scanf("%15s", what) != 1)
        return 2;
    if (scanf("%lld %lld", &a, &b) < 0)
        a = b = 0;
    if (!strcmp(what, "wrong")) {
        printf("%lld\n", a - b);
    } else if (!strcmp(what, "loop")) {
        volatile unsigned long x = 0;
        for (;;)
            x++;
    } else if (!strcmp(what, "alloc")) {
        for (;;) {
            char *block = malloc(1 << 20);
            if (!block)
                return 3;
            memset(block, 1, 1 << 20);
        }
    } else if (!strcmp(what, "crash")) {
        volatile int *nowhere = NULL;
        return *nowhere;
    }
    return 0;
}
