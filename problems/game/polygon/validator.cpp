// Input validator of problem `game` (JSOI2009 "Game", BZOJ 1443, Luogu P4055) for a Polygon
// package: written against testlib's API (C++14 or later; g++ -fno-asm -std=c++14 -O2), so that
// the package's consumer builds it with its own testlib.h.
//
//     validator [--group G] [--testset T] [--testOverviewLogFileName F] ... < input
//     exit 0 valid; exit 3 (testlib's FAIL) invalid, with testlib's message naming the line
// testlib reads the flags (registerValidation); `--group G` narrows the bounds to the test group
// G of problems/game/problem.toml (`--group default` and no group: the constraints alone). An
// unknown group is FAIL (exit 3) here, where gridjudge's validator answers a usage error (exit
// 2). `--allow-trailing-spaces` (gridjudge's option, not testlib's) accepts spaces right before
// a line end or the end of the file.
//
// It mirrors `validator game` of gridjudge (`parse` in src/problems/game/mod.rs with the strict
// reader of src/reader.rs; the self-contained ../testlib/validator.cpp lists the same rules):
// the same inputs are valid; tests/common/mirror.rs compares the verdicts on the validator corpus,
// the package tests and their groups. The messages are testlib's.
//
// Input format:
//     N M                    1 <= N, M <= 100 (narrowed by the test group, if any)
//     N rows of M characters each one of '.' (free) and '#' (wall)
// Strict: exactly one space between N and M, '\n' after every line (no CR, no tab, no trailing
// space), nothing after the last row; integers without leading zeros, '+' signs or "-0".
// testlib's strict reader treats a byte 0xFF read from stdin as the end of the file; the check
// after readEof() below (feof(stdin)) rejects an input that goes on with such a byte, as
// gridjudge does.

#include "testlib.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace {

struct Range {
    int lo, hi;
};

// problem.toml [constraints].
const Range kN = {1, 100};
const Range kM = {1, 100};

// problem.toml [groups.*]: extra bounds on top of the constraints (the two are intersected).
struct Group {
    const char* name;
    Range n, m;
};
const Group kGroups[] = {
    {"small", {1, 5}, {1, 5}},
};

Range intersect(Range a, Range b) {
    return Range{a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
}

bool g_lenient = false;  // --allow-trailing-spaces

// With --allow-trailing-spaces, spaces before the line end or the end of file are skipped. Any
// other space there is wrong in both modes, so skipping every space keeps the verdict.
void skipTrailingSpaces() {
    if (!g_lenient) return;
    // curChar() (not eof(), which would swallow a byte 0xFF of stdin) is EOFC at the end.
    while (inf.curChar() == ' ') inf.readSpace();
}

void readEoln() {
    skipTrailingSpaces();
    inf.readEoln();
}

void readEof() {
    skipTrailingSpaces();
    inf.readEof();
    // testlib's stdin reader returns a byte 0xFF as its end-of-file mark: the real end has
    // set the stream's end-of-file flag.
    if (!std::feof(stdin)) quitf(_fail, "Expected EOF, found a byte 0xFF");
}

}  // namespace

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "--allow-trailing-spaces") == 0) g_lenient = true;
    }

    Range n = kN, m = kM;
    const std::string group = validator.group();
    if (!group.empty() && group != "default") {
        bool found = false;
        for (const Group& g : kGroups) {
            if (group == g.name) {
                n = intersect(n, g.n);
                m = intersect(m, g.m);
                found = true;
            }
        }
        if (!found) quitf(_fail, "no test group `%s` in problem `game`", group.c_str());
    }

    const int rows = inf.readInt(n.lo, n.hi, "N");
    inf.readSpace();
    const int cols = inf.readInt(m.lo, m.hi, "M");
    readEoln();
    for (int r = 1; r <= rows; r++) {
        // A whole row is one token of testlib (no space inside a valid row).
        const std::string row = inf.readToken();
        ensuref(static_cast<int>(row.size()) == cols,
                "maze row %d: expected %d characters, found %d", r, cols,
                static_cast<int>(row.size()));
        for (size_t c = 0; c < row.size(); c++) {
            ensuref(row[c] == '.' || row[c] == '#',
                    "maze row %d, column %d: expected '.' or '#', found byte 0x%02x", r,
                    static_cast<int>(c) + 1, static_cast<unsigned char>(row[c]));
        }
        readEoln();
    }
    readEof();
}
