#include <iostream>

int main() {
    std::cout << "unclosed\n"
}
