/* @EXPECTED_RESULTS@: WRONG_ANSWER
 * 32-bit sums: right on small tests, wrong on the big ones. */
#include <stdio.h>

int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%d\n", (int)(a + b));
    return 0;
}
