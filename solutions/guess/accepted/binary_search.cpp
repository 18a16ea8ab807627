// ACCEPTED: the binary search in C++, with std::endl flushing each guess.
#include <iostream>
#include <string>

int main() {
    int games;
    std::cin >> games;
    for (int game = 0; game < games; ++game) {
        long long low = 1, high;
        std::cin >> high;
        for (;;) {
            long long middle = low + (high - low) / 2;
            std::cout << "guess " << middle << std::endl;
            std::string reply;
            std::cin >> reply;
            if (reply == "correct") break;
            if (reply == "lower") high = middle - 1; else low = middle + 1;
        }
    }
    return 0;
}
