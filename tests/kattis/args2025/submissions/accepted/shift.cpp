#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
    long n;
    if (std::scanf("%ld", &n) != 1) return 1;
    std::printf("%ld\n", n + (argc > 1 ? std::atol(argv[1]) : 0));
}
