#include <cstdio>
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    double s = 0, x;
    for (int i = 0; i < n; i++) { scanf("%lf", &x); s += x; }
    printf("%.6f\n", s);
}
