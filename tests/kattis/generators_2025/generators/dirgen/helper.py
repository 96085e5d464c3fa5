def scale(x):
    return 3 * x
