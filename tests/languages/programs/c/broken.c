#include <stdio.h>

int main(void) {
    printf("unclosed\n";
    return 0;
}
