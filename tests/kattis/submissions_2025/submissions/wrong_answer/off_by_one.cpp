// @EXPECTED_RESULTS@: WRONG_ANSWER
// (a DOMjudge comment in a folder that decides itself: BAPCtools ignores it here)
#include <iostream>

int main() {
    long long a, b;
    std::cin >> a >> b;
    std::cout << a + b + (a + b > 10 ? 1 : 0) << '\n';
}
