#include <cstring>
#include <iostream>
#include <string>
#include <vector>

int main() {
    std::string what;
    long long a = 0, b = 0;
    std::cin >> what >> a >> b;
    if (what == "wrong") {
        std::cout << a - b << '\n';
    } else if (what == "loop") {
        volatile unsigned long x = 0;
        for (;;) x++;
    } else if (what == "alloc") {
        std::vector<char*> hog;
        for (;;) {
            char* block = new char[1 << 20];
            std::memset(block, 1, 1 << 20);
            hog.push_back(block);
        }
    } else if (what == "crash") {
        std::vector<int> none;
        std::cout << none.at(a) << '\n';
    }
}
